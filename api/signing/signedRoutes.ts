import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { Type, type TProperties } from 'typebox';
import { accessOf } from '../clients/accessOf.ts';
import { notFound } from '../http/apiError.ts';
import { toId, userOf } from '../http/requestHelpers.ts';
import { errorResponses, idParams } from '../http/routeSchemas.ts';
import type { AuthUser } from '../types.ts';
import { createSignedStore, type SignedFile } from './createSignedStore.ts';
import { SigningHistory } from './signingSchemas.ts';

// Generic over its params, as the other file routes are: the answer is a PDF, not a typed body.
const pdfSchema = <P extends TProperties>(summary: string, params: P) => ({
  tags: ['signing'],
  summary,
  params: Type.Object(params),
  response: {
    200: {
      description: 'The signed PDF, sealed with the server certificate',
      content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
    },
    ...errorResponses(400, 401, 404),
  },
});

/**
 * The signed PDFs' routes (encapsulated): the sealed PDF of each insurer once every signature is in, and the
 * history of every signed version, the voided ones (an answer changed after them) still downloadable. The access
 * is the signing routes': the client's adviser and the brokers granted on it; anyone else gets a 404.
 */
export const signedRoutes = fp(
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const { lifecycle } = app;
    const signed = createSignedStore(app.database.db);

    /** The application's signed versions, once the user is known to reach it (404 otherwise). */
    const versionsOf = async (user: AuthUser, id: number) => {
      const found = await lifecycle.applicationOf(id);
      if (!found) throw notFound();
      await accessOf(app.database.db, user, found.client_id);
      return signed.versions(id);
    };
    const send = async (reply: FastifyReply, file: SignedFile | undefined) => {
      const stored = file && (await app.files.get(file.key));
      if (!file || !stored) throw notFound();
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="${file.name.replace(/[^\w.-]/g, '_')}"`)
        .send(Buffer.from(stored.bytes.buffer, stored.bytes.byteOffset, stored.bytes.byteLength));
    };
    const nameParam = Type.String({ minLength: 1, maxLength: 200 });

    app.get(
      '/applications/:id/signed/:name',
      {
        schema: pdfSchema("One insurer's signed PDF, of the signing that stands", {
          id: idParams('id').properties.id,
          name: nameParam,
        }),
      },
      async (request, reply) => {
        const id = toId(request.params.id);
        const current = (await versionsOf(userOf(request), id)).find((v) => v.voidedAt === null);
        return send(
          reply,
          current?.documents.find((d) => d.name === request.params.name),
        );
      },
    );

    app.get(
      '/applications/:id/signing/history/',
      {
        schema: {
          tags: ['signing'],
          summary: 'Every signed version of the application, oldest first; a voided one says when and why',
          params: idParams('id'),
          response: { 200: SigningHistory, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const id = toId(request.params.id);
        const versions = await versionsOf(userOf(request), id);
        return {
          versions: versions.map((v) => ({
            version: v.version,
            signed_at: v.signedAt,
            voided_at: v.voidedAt,
            voided_reason: v.voidReason,
            documents: v.documents.map((d) => ({
              insurer: d.insurer,
              name: d.name,
              sha256: d.sha256,
              url: `/api/applications/${id}/signing/history/${v.version}/${encodeURIComponent(d.name)}`,
            })),
          })),
        };
      },
    );

    app.get(
      '/applications/:id/signing/history/:version/:name',
      {
        schema: pdfSchema('One signed PDF of a signed version, voided or not', {
          id: idParams('id').properties.id,
          version: Type.String({ pattern: '^[1-9][0-9]{0,5}$' }),
          name: nameParam,
        }),
      },
      async (request, reply) => {
        const id = toId(request.params.id);
        const version = (await versionsOf(userOf(request), id)).find(
          (v) => v.version === Number(request.params.version),
        );
        return send(
          reply,
          version?.documents.find((d) => d.name === request.params.name),
        );
      },
    );
  },
  { name: 'signedRoutes', encapsulate: true, dependencies: ['auth', 'clients', 'lifecycle', 'files'] },
);
