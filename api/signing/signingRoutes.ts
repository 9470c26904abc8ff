import { createHash } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type, type TProperties } from 'typebox';
import { signingPlan, type DocumentMapping, type PlannedSigner } from '../../engine/index.ts';
import { accessOf } from '../clients/accessOf.ts';
import { ApiError, forbidden, notFound } from '../http/apiError.ts';
import { toId, userOf } from '../http/requestHelpers.ts';
import { errorResponses, idParams } from '../http/routeSchemas.ts';
import type { AuthUser } from '../types.ts';
import { languageOf } from '../http/languageOf.ts';
import type { Language } from '../definitions/createServerEngine.ts';
import { answersHash } from './answersHash.ts';
import { certificateTexts } from './certificateTexts.ts';
import { createSignatureStore } from './createSignatureStore.ts';
import { createSignedStore } from './createSignedStore.ts';
import { loadSealingIdentity, type SealingIdentity } from './sealingIdentity.ts';
import { signDocuments, type DocumentToSign } from './signDocuments.ts';
import { SignatureAnswer, SignatureBody, SigningAnswer } from './signingSchemas.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Where the sealing identity comes from: SIGNING_CERT/SIGNING_KEY, or a self-signed pair kept in DATA_DIR. */
export interface SigningRoutesOptions {
  dataDir: string;
  cert?: string;
  key?: string;
}

/** The event the last signature sends each insurer (steps/lifecycle.json). */
const SIGNATURES_COMPLETE = 'SIGNATURES_COMPLETE';

/** The name of the signature certificate in a submission package. */
export const CERTIFICATE_NAME = 'signature-certificate.json';

/**
 * The signing ceremony's routes (encapsulated, docs contract-signing): what to sign and by whom, the documents to
 * read (the exact bytes hashed), and recording a signature; the last one makes each insurer's signed, sealed PDF
 * and moves every insurer to SIGNED. A changed answer voids the signatures at once (the screening's save hook).
 */
export const signingRoutes = fp<SigningRoutesOptions>(
  async (fastify, options) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const { engine, lifecycle, screening } = app;
    const { db } = app.database;
    const store = createSignatureStore(db);
    const signed = createSignedStore(db);
    // Made (or read) at the first complete signing, not at start: most starts never seal, and a self-signed key
    // takes a moment to make.
    let identity: SealingIdentity | undefined;
    const sealingIdentity = (): SealingIdentity =>
      (identity ??= loadSealingIdentity({
        dataDir: options.dataDir,
        cert: options.cert,
        key: options.key,
        warn: (message) => app.log.warn(message),
      }));
    const signedView = (id: number, documents: { insurer: string; name: string; sha256: string }[]) =>
      documents.map((d) => ({
        insurer: d.insurer,
        name: d.name,
        sha256: d.sha256,
        url: `/api/applications/${id}/signed/${encodeURIComponent(d.name)}`,
      }));
    const mapping = engine.definitions.steps['pdf-generation']?.documents?.signing as DocumentMapping | undefined;
    if (!mapping) throw new Error('steps/pdf-generation/documents/signing.json is missing: no one can sign');
    /** The signing definition in a language: the same signers and consent version, their words translated. */
    const mappingIn = (lang: Language): DocumentMapping =>
      lang === 'en'
        ? mapping
        : ((engine.localized(lang).definitions.steps['pdf-generation']?.documents?.signing as
            DocumentMapping | undefined) ?? mapping);

    /** The application, its answers, who signs it and the documents as generated now. */
    const stateOf = async (user: AuthUser, id: number, lang: Language = 'en') => {
      const found = await lifecycle.applicationOf(id);
      if (!found) throw notFound();
      const access = await accessOf(app.database.db, user, found.client_id);
      const answers = await screening.load(user, found.client_id, { facts: true });
      const plan = signingPlan(mappingIn(lang), { ...answers, $context: { adviser: { full_name: null } } });
      const documents: (DocumentToSign & { sha256: string })[] = [];
      for (const row of await lifecycle.insurers(id)) {
        const file = await lifecycle.latestFile(id, row.insurer);
        const stored = file && (await app.files.get(file.key));
        if (file && stored)
          documents.push({
            insurer: row.insurer,
            name: file.filename,
            sha256: sha256(stored.bytes),
            bytes: stored.bytes,
            signatureBlocks: file.signatureBlocks,
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
        const lang = languageOf(request);
        const { plan, documents } = await stateOf(user, id, lang);
        const roleLabels = certificateTexts(engine, lang).roles;
        const history = await store.history(id);
        const standing = new Map(history.filter((s) => !s.voidedAt).map((s) => [s.signer, s]));
        const signers = plan.signers.map((s) => {
          const done = standing.get(s.id);
          const roleNames = s.roles.map((role) => roleLabels[role] || role);
          return { ...s, roleNames, signed: done ? { at: done.signedAt, method: done.method } : null };
        });
        const next = signers.find((s) => !s.signed)?.id ?? null;
        const current = next === null ? await signed.current(id) : undefined;
        return {
          consent: plan.consent,
          documents: documents.map((d) => ({
            insurer: d.insurer,
            name: d.name,
            sha256: d.sha256,
            url: `/api/applications/${id}/signing/documents/${encodeURIComponent(d.name)}`,
          })),
          signers,
          next,
          voided: history
            .filter((s) => s.voidedAt)
            .map((s) => ({ signer: s.signer, at: s.voidedAt ?? '', reason: s.voidReason ?? '' })),
          signed: current ? signedView(id, current.documents) : [],
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
        // The signed PDFs before the status moves: SIGNED means there is a signed PDF to submit.
        if (done) await sealSigned(id, documents, plan.signers, languageOf(request));
        if (done)
          for (const row of await lifecycle.insurers(id)) {
            const facts = await lifecycle.factsOf(id, row.insurer);
            // An insurer already submitted (signed again after a change) keeps its status: only those that accept
            // the event move, as a generation does.
            if (!lifecycle.machine.step(row.status, SIGNATURES_COMPLETE, facts).ok) continue;
            await lifecycle.send({
              applicationId: id,
              clientId: (await lifecycle.applicationOf(id))?.client_id ?? 0,
              insurer: row.insurer,
              event: SIGNATURES_COMPLETE,
              userId: user.id,
              facts,
            });
          }
        return reply.code(201).send({ signer: result.signature.signer, at: result.signature.signedAt, complete: done });
      },
    );

    /** Stamps, certifies and seals each insurer's PDF with the standing signatures, stores and records them. */
    const sealSigned = async (id: number, documents: DocumentToSign[], signers: PlannedSigner[], lang: 'en' | 'fr') => {
      const signatures = (await store.history(id)).filter((s) => !s.voidedAt);
      const version = await signed.nextVersion(id);
      const signedAt = new Date();
      const result = await signDocuments(
        { applicationId: id, version, signedAt, documents, signatures, signers, identity: sealingIdentity(), engine },
        lang,
      );
      const files = result.documents.map((d) => ({
        insurer: d.insurer,
        name: d.name,
        key: `signed/${id}/v${version}/${d.name}`,
        sha256: d.sha256,
      }));
      await Promise.all(files.map((f, i) => app.files.put(f.key, result.documents[i].bytes, 'application/pdf')));
      await signed.record(id, {
        version,
        signedAt: signedAt.toISOString(),
        documents: files,
        certificate: JSON.stringify(result.certificate, null, 2),
      });
    };

    // The adviser signs last (checkSignature refuses it before every other signer), and the signatures made over
    // other answers are voided when the answers change: the adviser's standing signature means every one is in.
    lifecycle.useSignatureCheck(async (applicationId) => store.stands(applicationId, 'adviser'));

    // A package carries the insurer's sealed PDF and the real certificate of the version that stands.
    lifecycle.useSigningArtifacts(async (applicationId, insurer) => {
      const current = await signed.current(applicationId);
      const file = current?.documents.find((d) => d.insurer === insurer);
      const stored = file && (await app.files.get(file.key));
      if (!current || !file || !stored) return {};
      return {
        pdf: { name: file.name, bytes: stored.bytes },
        certificate: { name: CERTIFICATE_NAME, bytes: new TextEncoder().encode(current.certificate) },
      };
    });

    // Eager voiding: a save that changes the answers voids the signatures over the old answers at once (whatever
    // route saved), saying which step changed; the signed version made of them stays as history.
    screening.onSaved(async (user, clientId, stepId, result) => {
      if (!result.changed) return;
      const signedApplications = await db
        .selectFrom('signatures')
        .innerJoin('life_applications', 'life_applications.id', 'signatures.application_id')
        .select('signatures.application_id')
        .distinct()
        .where('life_applications.client_id', '=', clientId)
        .where('life_applications.is_current', '=', 1)
        .where('signatures.voided_at', 'is', null)
        .execute();
      if (!signedApplications.length) return;
      const hash = answersHash(await screening.load(user, clientId, { facts: true }));
      const title = engine.definitions.flow.steps.find((s) => s.id === stepId)?.title ?? stepId;
      const reason = `An answer changed in ${title} after the signatures: the application must be signed again.`;
      const now = new Date();
      for (const { application_id: applicationId } of signedApplications)
        if (await store.voidIfAnswersChanged(applicationId, hash, now, reason))
          await signed.voidCurrent(applicationId, reason, now);
    });
  },
  {
    name: 'signingRoutes',
    encapsulate: true,
    dependencies: ['engine', 'auth', 'screening', 'clients', 'lifecycle', 'files'],
  },
);
