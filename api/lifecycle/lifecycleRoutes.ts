import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type, type TProperties } from 'typebox';
import { ApiError, notFound } from '../http/apiError.ts';
import { toId, userOf } from '../http/requestHelpers.ts';
import { ErrorAnswer, errorResponses, idParams } from '../http/routeSchemas.ts';
import { prepareGeneration } from '../pdf/buildPayload.ts';
import { FORMS_DIR } from '../pdf/createPdfService.ts';
import { adviserFor } from '../profile/adviserProfile.ts';
import type { AuthUser } from '../types.ts';
import type { Language } from '../definitions/createServerEngine.ts';
import { languageOf } from '../http/languageOf.ts';
import { buildSubmissionPackage, sha256 } from './buildSubmissionPackage.ts';
import {
  ApplicationDetail,
  EventBody,
  LifecycleAnswer,
  SubmitBody,
  type ApplicationDetailView,
  type SubmissionView,
} from './lifecycleSchemas.ts';
import { postPackage, submissionChannels } from './submissionChannels.ts';

export interface LifecycleRoutesOptions {
  /** The folder of insurer mappings (their submission channels); default the project's forms/. */
  formsDir?: string;
}

const describe = (description: string) => Object.assign({}, ErrorAnswer, { description });

/** Until the signing ceremony is built, a package says so in place of the certificate (issue 27 part 2). */
const PLACEHOLDER_CERTIFICATE = {
  name: 'signature-certificate.json',
  text: JSON.stringify(
    {
      placeholder: true,
      note: 'The signing ceremony (issue 27, part 2) is not built yet: this package carries no signature certificate.',
    },
    null,
    2,
  ),
};

/**
 * The life cycle routes (encapsulated): the statuses and their badges, one application with its status at each
 * insurer and what each allows next, the adviser's events (in review, issued, declined, withdrawn), and submission
 * packages (built, sent by the insurer's channel, downloadable again).
 */
export const lifecycleRoutes = fp<LifecycleRoutesOptions>(
  async (fastify, options) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const { engine, clients, applications, lifecycle, screening, profiles } = app;
    const { definition } = lifecycle;
    const channels = submissionChannels(options.formsDir ?? FORMS_DIR);
    const submitEvent = Object.keys(definition.events).find((e) => definition.events[e].sentBy === 'submission');

    const submissionView = (s: Awaited<ReturnType<typeof lifecycle.submissions>>[number]): SubmissionView => ({
      id: s.id,
      insurer: s.insurer,
      created_at: s.createdAt,
      channel: s.channel,
      filename: s.filename,
      sha256: s.sha256,
      url: `/api/applications/${s.applicationId}/submissions/${s.id}/`,
    });

    /** The application as the user may see it; 404 for one that does not exist or that the user may not see. */
    const visible = async (user: AuthUser, id: number) => {
      const found = await lifecycle.applicationOf(id);
      if (!found) throw notFound();
      await clients.requireAccess(user, found.client_id);
      const view = (await applications.list(user, found.client_id)).find((a) => a.id === id);
      if (!view) throw notFound();
      return view;
    };

    const detail = async (user: AuthUser, id: number, lang: Language): Promise<ApplicationDetailView> => {
      const view = await visible(user, id);
      const { definition } = lifecycle.in(lang);
      const [rows, history, submissions] = await Promise.all([
        lifecycle.insurers(id),
        lifecycle.history(id),
        lifecycle.submissions(id),
      ]);
      const status = definition.statuses[view.status] ?? definition.statuses[definition.initial];
      return {
        ...view,
        status_label: status.label,
        badge: status.badge,
        insurers: await Promise.all(
          rows.map(async (row) => {
            const s = definition.statuses[row.status];
            return {
              insurer: row.insurer,
              name: channels.get(row.insurer)?.displayName ?? row.insurer,
              status: row.status,
              label: s?.label ?? row.status,
              badge: s?.badge ?? status.badge,
              updated_at: row.updated_at,
              channel: channels.get(row.insurer)?.channel ?? 'download',
              policy_number: row.policy_number,
              issue_date: row.issue_date,
              face_amount_issued: row.face_amount_issued === null ? null : Number(row.face_amount_issued),
              reason: row.reason,
              notes: row.notes,
              next: (await lifecycle.allowed(id, row, lang)).map((e) => ({
                event: e.event,
                label: e.label,
                sent_by: e.sentBy,
                target: e.target,
                requires: e.requires,
                allowed: e.allowed,
                reason: e.reason,
              })),
              submissions: submissions.filter((x) => x.insurer === row.insurer).map(submissionView),
            };
          }),
        ),
        history: history.map((h) => ({ ...h, details: { ...h.details } })),
      };
    };

    const insurerParams = Type.Object({ id: idParams('id').properties.id, insurer: Type.String({ maxLength: 40 }) });

    app.get(
      '/lifecycle/',
      {
        schema: {
          tags: ['applications'],
          summary:
            "The life cycle's statuses, least advanced first, with their labels and badges (steps/lifecycle.json)",
          response: { 200: LifecycleAnswer, ...errorResponses(401) },
        },
      },
      async (request) => ({
        initial: definition.initial,
        statuses: Object.entries(lifecycle.in(languageOf(request)).definition.statuses).map(([status, s]) => ({
          status,
          label: s.label,
          badge: s.badge,
          final: s.final === true,
        })),
      }),
    );

    app.get(
      '/applications/:id/',
      {
        schema: {
          tags: ['applications'],
          summary:
            'One application: its status at each insurer it was generated for (its own status is the overall one: ISSUED once any insurer issued, else the least advanced still in progress), the events each allows next, its submissions and its transitions',
          params: idParams('id'),
          response: { 200: ApplicationDetail, ...errorResponses(401, 404) },
        },
      },
      async (request) => detail(userOf(request), toId(request.params.id), languageOf(request)),
    );

    app.post(
      '/applications/:id/insurers/:insurer/events/',
      {
        schema: {
          tags: ['applications'],
          summary:
            'Records what an insurer answered (an event of steps/lifecycle.json the adviser sends: in review, issued with policy number, issue date and face amount, declined or withdrawn with a reason), with notes; an event the status does not allow is refused (400) and changes nothing',
          params: insurerParams,
          body: EventBody,
          response: { 200: ApplicationDetail, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const user = userOf(request);
        const id = toId(request.params.id);
        const view = await visible(user, id);
        const { event, reason, ...details } = request.body;
        const lang = languageOf(request);
        const def = lifecycle.in(lang).definition.events[event];
        if (!def || def.sentBy !== 'adviser') {
          const accepted = Object.keys(definition.events).filter((e) => definition.events[e].sentBy === 'adviser');
          const message = def
            ? `${def.label} is not recorded here: ${def.sentBy === 'submission' ? 'submit the application' : 'the server records it'}`
            : `event must be one of ${accepted.join(', ')}`;
          throw new ApiError(400, { error: message, errors: [{ field: 'event', message }] });
        }
        const given: Record<string, unknown> = { reason, ...details };
        const missing = (def.requires ?? []).filter((name) => given[name] === undefined || given[name] === '');
        if (missing.length) {
          const errors = missing.map((field) => ({ field, message: `${def.label} needs ${field.replace(/_/g, ' ')}` }));
          throw new ApiError(400, { error: errors[0].message, errors });
        }
        await lifecycle.send({
          applicationId: id,
          clientId: view.client_id,
          insurer: request.params.insurer,
          event,
          userId: user.id,
          reason: reason ?? null,
          details,
          lang,
        });
        return detail(user, id, lang);
      },
    );

    app.post(
      '/applications/:id/insurers/:insurer/submit/',
      {
        schema: {
          tags: ['applications'],
          summary:
            "Submits the application to one insurer: builds its package (a ZIP of the PDF, answers.json, the signature certificate and manifest.json with each file's SHA-256), stores it and sends it by the insurer's channel (download: the adviser uploads it; https: posted to the insurer's endpoint). Refused (400) before every signature is in; an endpoint that fails answers 502 and the status stays",
          params: insurerParams,
          body: SubmitBody,
          response: {
            201: ApplicationDetail,
            ...errorResponses(400, 401, 404),
            502: describe("The insurer's endpoint could not be reached or refused the package: nothing changed"),
          },
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        const id = toId(request.params.id);
        const { insurer } = request.params;
        const view = await visible(user, id);
        const row = (await lifecycle.insurers(id)).find((r) => r.insurer === insurer);
        const refuse = (message: string, field = 'insurer') => {
          throw new ApiError(400, { error: message, errors: [{ field, message }] });
        };
        if (!row || !submitEvent) return refuse(`No documents were generated for ${insurer}: generate them first`);
        const lang = languageOf(request);
        const step = lifecycle.in(lang).machine.step(row.status, submitEvent, await lifecycle.factsOf(id, insurer));
        if (!step.ok) return refuse(step.message, 'event');
        const file = await lifecycle.latestFile(id, insurer);
        const stored = file && (await app.files.get(file.key));
        if (!file || !stored) return refuse(`The documents generated for ${insurer} are missing: generate them again`);

        const createdAt = new Date().toISOString();
        const answers = await screening.load(user, view.client_id, { facts: true });
        const profile = (await profiles.get(user.id))?.profile;
        const payload = prepareGeneration(engine, answers, {
          populateForms: [insurer],
          clientId: view.client_id,
          insurer,
          adviser: adviserFor(profile, user.email, insurer),
        }).payload;
        const signing = await lifecycle.signingArtifacts(id, insurer);
        const certificate = signing.certificate ?? {
          name: PLACEHOLDER_CERTIFICATE.name,
          bytes: new TextEncoder().encode(PLACEHOLDER_CERTIFICATE.text),
        };
        const { zip, manifest } = buildSubmissionPackage(
          [
            signing.pdf ?? { name: file.filename, bytes: stored.bytes },
            {
              name: 'answers.json',
              bytes: new TextEncoder().encode(
                JSON.stringify({ definitions_version: engine.version, payload }, null, 2),
              ),
            },
            certificate,
          ],
          { application_id: id, insurer, created_at: createdAt, definitions_version: engine.version },
        );
        const submissionId = randomUUID();
        const filename = `submission-${insurer.toLowerCase()}-${id}-${createdAt.slice(0, 10)}.zip`;
        const fileKey = `submissions/${submissionId}/package.zip`;
        const channel = channels.get(insurer) ?? { channel: 'download' as const, displayName: insurer };
        if (channel.channel === 'https') {
          const failure = await postPackage(channel, zip, filename);
          if (failure) throw new ApiError(502, { error: failure, errors: [{ field: 'insurer', message: failure }] });
        }
        await app.files.put(fileKey, zip, 'application/zip');
        try {
          await lifecycle.recordSubmission(
            {
              id: submissionId,
              applicationId: id,
              clientId: view.client_id,
              insurer,
              userId: user.id,
              createdAt,
              channel: channel.channel,
              fileKey,
              filename,
              sha256: sha256(zip),
              manifest,
              notes: request.body.notes,
            },
            user.id,
          );
        } catch (e) {
          await app.files.delete(fileKey);
          throw e;
        }
        return reply.code(201).send(await detail(user, id, lang));
      },
    );

    const zipSchema = <P extends TProperties>(params: P) => ({
      tags: ['applications'],
      summary: 'Downloads a submission package again (the ZIP as it was built)',
      params: Type.Object(params),
      response: {
        200: {
          description: 'The ZIP (Content-Disposition: attachment, with its file name)',
          content: { 'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } } },
        },
        ...errorResponses(401, 404),
      },
    });
    app.get(
      '/applications/:id/submissions/:submissionId/',
      {
        schema: zipSchema({
          id: idParams('id').properties.id,
          submissionId: Type.String({ pattern: '^[0-9a-f-]{36}$' }),
        }),
      },
      async (request, reply) => {
        const user = userOf(request);
        const id = toId(request.params.id);
        await visible(user, id);
        const found = (await lifecycle.submissions(id)).find((s) => s.id === request.params.submissionId);
        const file = found && (await app.files.get(found.fileKey));
        if (!found || !file) throw notFound();
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${found.filename}"`)
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
      },
    );
  },
  {
    name: 'lifecycleRoutes',
    encapsulate: true,
    dependencies: ['engine', 'auth', 'screening', 'clients', 'applications', 'lifecycle', 'profiles', 'files'],
  },
);
