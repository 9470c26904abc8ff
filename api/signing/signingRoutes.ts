import { createHash } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type, type TProperties } from 'typebox';
import { signingPlan, type DocumentMapping } from '../../engine/index.ts';
import { accessOf } from '../clients/accessOf.ts';
import { ApiError, forbidden, notFound } from '../http/apiError.ts';
import { toId, userOf } from '../http/requestHelpers.ts';
import { errorResponses, idParams } from '../http/routeSchemas.ts';
import type { AuthUser } from '../types.ts';
import { answersHash } from './answersHash.ts';
import { createSignatureStore } from './createSignatureStore.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const SignatureBody = Type.Object(
  {
    signer: Type.String({ minLength: 1 }),
    name: Type.String(),
    method: Type.Union([Type.Literal('drawn'), Type.Literal('typed')]),
    image: Type.Optional(Type.String()),
    consent_version: Type.String(),
    documents: Type.Array(Type.Object({ name: Type.String(), sha256: Type.String() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

const SigningAnswer = Type.Object({
  consent: Type.Object({ version: Type.String(), title: Type.String(), text: Type.String() }),
  documents: Type.Array(
    Type.Object({ insurer: Type.String(), name: Type.String(), sha256: Type.String(), url: Type.String() }),
  ),
  signers: Type.Array(
    Type.Object({
      id: Type.String(),
      label: Type.String(),
      name: Type.Union([Type.String(), Type.Null()]),
      roles: Type.Array(Type.String()),
      for: Type.Union([Type.String(), Type.Null()]),
      signed: Type.Union([
        Type.Object({ at: Type.String(), method: Type.Union([Type.Literal('drawn'), Type.Literal('typed')]) }),
        Type.Null(),
      ]),
    }),
  ),
  next: Type.Union([Type.String(), Type.Null()]),
  voided: Type.Array(Type.Object({ signer: Type.String(), at: Type.String(), reason: Type.String() })),
});

const SignatureAnswer = Type.Object({ signer: Type.String(), at: Type.String(), complete: Type.Boolean() });

/**
 * The signing ceremony's routes (encapsulated, docs contract-signing): what to sign and by whom, the documents to
 * read (the exact bytes hashed), and recording a signature; the last one moves every insurer to SIGNED.
 */
export const signingRoutes = fp(
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const { engine, lifecycle, screening } = app;
    const store = createSignatureStore(app.database.db);
    const mapping = engine.definitions.steps['pdf-generation']?.documents?.signing as DocumentMapping | undefined;
    if (!mapping) throw new Error('steps/pdf-generation/documents/signing.json is missing: no one can sign');

    /** The application, its answers, who signs it and the documents as generated now. */
    const stateOf = async (user: AuthUser, id: number) => {
      const found = await lifecycle.applicationOf(id);
      if (!found) throw notFound();
      const access = await accessOf(app.database.db, user, found.client_id);
      const answers = await screening.load(user, found.client_id, { facts: true });
      const plan = signingPlan(mapping, { ...answers, $context: { adviser: { full_name: null } } });
      const documents: { insurer: string; name: string; sha256: string; bytes: Uint8Array }[] = [];
      for (const row of await lifecycle.insurers(id)) {
        const file = await lifecycle.latestFile(id, row.insurer);
        const stored = file && (await app.files.get(file.key));
        if (file && stored)
          documents.push({
            insurer: row.insurer,
            name: file.filename,
            sha256: sha256(stored.bytes),
            bytes: stored.bytes,
          });
      }
      if (!documents.length) {
        const message = 'The application has no documents to sign: generate them first';
        throw new ApiError(400, { error: message, errors: [{ field: 'documents', message }] });
      }
      return { access, plan, documents, hash: answersHash(answers) };
    };

    app.get(
      '/applications/:id/signing/',
      {
        schema: {
          tags: ['signing'],
          summary: 'The signing ceremony: the consent, the documents to read with their hashes, the signers in order',
          params: idParams('id'),
          response: { 200: SigningAnswer, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const user = userOf(request);
        const id = toId(request.params.id);
        const { plan, documents } = await stateOf(user, id);
        const history = await store.history(id);
        const standing = new Map(history.filter((s) => !s.voidedAt).map((s) => [s.signer, s]));
        const signers = plan.signers.map((s) => {
          const done = standing.get(s.id);
          return { ...s, signed: done ? { at: done.signedAt, method: done.method } : null };
        });
        return {
          consent: plan.consent,
          documents: documents.map((d) => ({
            insurer: d.insurer,
            name: d.name,
            sha256: d.sha256,
            url: `/api/applications/${id}/signing/documents/${encodeURIComponent(d.name)}`,
          })),
          signers,
          next: signers.find((s) => !s.signed)?.id ?? null,
          voided: history
            .filter((s) => s.voidedAt)
            .map((s) => ({ signer: s.signer, at: s.voidedAt ?? '', reason: s.voidReason ?? '' })),
        };
      },
    );

    // Generic over its params, as the other file routes are: the answer is a PDF, not a typed body.
    const documentSchema = <P extends TProperties>(params: P) => ({
      tags: ['signing'],
      summary: 'One document to sign, exactly the bytes its hash is of',
      params: Type.Object(params),
      response: {
        200: {
          description: 'The PDF to read before signing',
          content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
        },
        ...errorResponses(400, 401, 404),
      },
    });
    app.get(
      '/applications/:id/signing/documents/:name',
      {
        schema: documentSchema({ id: idParams('id').properties.id, name: Type.String({ minLength: 1 }) }),
      },
      async (request, reply) => {
        const id = toId(request.params.id);
        const { documents } = await stateOf(userOf(request), id);
        const doc = documents.find((d) => d.name === request.params.name);
        if (!doc) throw notFound();
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(doc.bytes.buffer, doc.bytes.byteOffset, doc.bytes.byteLength));
      },
    );

    app.post(
      '/applications/:id/signatures/',
      {
        schema: {
          tags: ['signing'],
          summary: "One signer's signature, in person on the adviser's device (the adviser signs last)",
          params: idParams('id'),
          body: SignatureBody,
          response: { 201: SignatureAnswer, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        const id = toId(request.params.id);
        const { access, plan, documents, hash } = await stateOf(user, id);
        const body = request.body;
        const signer = plan.signers.find((s) => s.id === body.signer);
        if (signer?.roles.includes('adviser') && access === 'broker')
          throw forbidden('signer', 'A broker may not sign as the adviser.');
        const result = await store.record(
          id,
          {
            signer: body.signer,
            name: body.name,
            method: body.method,
            image: body.image ?? null,
            consentAccepted: true,
            consentVersion: body.consent_version,
            documents: body.documents,
          },
          {
            signers: plan.signers,
            consentVersion: plan.consent.version,
            documents: documents.map((d) => ({ name: d.name, sha256: d.sha256 })),
            answersHash: hash,
            ip: request.ip,
            userAgent: request.headers['user-agent'] ?? '',
            now: new Date(),
          },
        );
        if ('refused' in result) throw new ApiError(400, result.refused);
        const done = await store.allSignaturesIn(id, plan.signers, hash);
        if (done)
          for (const row of await lifecycle.insurers(id))
            await lifecycle.send({
              applicationId: id,
              clientId: (await lifecycle.applicationOf(id))?.client_id ?? 0,
              insurer: row.insurer,
              event: 'SIGNATURES_COMPLETE',
              userId: user.id,
            });
        return reply.code(201).send({ signer: result.signature.signer, at: result.signature.signedAt, complete: done });
      },
    );

    // The adviser signs last (checkSignature refuses it before every other signer), and the signatures made over
    // other answers are voided when the next one comes: the adviser's standing signature means every one is in.
    lifecycle.useSignatureCheck(async (applicationId) => store.stands(applicationId, 'adviser'));
  },
  {
    name: 'signingRoutes',
    encapsulate: true,
    dependencies: ['engine', 'auth', 'screening', 'clients', 'lifecycle', 'files'],
  },
);
