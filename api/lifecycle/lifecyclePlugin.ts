import type { Static } from 'typebox';
import fp from 'fastify-plugin';
import type { Kysely, Selectable } from 'kysely';
import {
  buildLifecycleMachine,
  type AllowedEvent,
  type LifecycleDefinition,
  type LifecycleFacts,
  type LifecycleMachine,
} from '../../engine/index.ts';
import type { ApplicationInsurersTable, Database } from '../db/tables.ts';
import type { SignatureBlock } from '../pdf/renderPdf.ts';
import { ApiError } from '../http/apiError.ts';
import type { Language } from '../definitions/createServerEngine.ts';
import type { Transition } from './lifecycleSchemas.ts';
import type { ScreeningLock } from '../screening/createScreeningService.ts';

/** Whether every signature an application needs for an insurer is in (the signing ceremony answers it). */
export type SignatureCheck = (applicationId: number, insurer: string) => Promise<boolean>;

/** What the insurer answered, recorded with an event (each optional; lifecycle.json says which an event requires). */
export interface EventDetails {
  reason?: string;
  notes?: string;
  policy_number?: string;
  issue_date?: string;
  face_amount_issued?: number;
}

/** An event sent to one insurer's status of an application. */
export interface SendInput {
  applicationId: number;
  clientId: number;
  insurer: string;
  event: string;
  userId: number | null;
  /** Why, in words, for the trail (the adviser's reason, or the server's: "An answer changed: Owner"). */
  reason?: string | null;
  details?: EventDetails;
  facts?: LifecycleFacts;
  /** The language of a refusal's message (the request's); default English. */
  lang?: Language;
}

/** What the signing part gives a submission package: the signed PDF and the certificate, once it is built. */
export type SigningArtifacts = (
  applicationId: number,
  insurer: string,
) => Promise<{ pdf?: { name: string; bytes: Uint8Array }; certificate?: { name: string; bytes: Uint8Array } }>;

/** A stored submission package, as recorded. */
export interface SubmissionRecord {
  id: string;
  applicationId: number;
  clientId: number;
  insurer: string;
  userId: number;
  createdAt: string;
  channel: string;
  fileKey: string;
  filename: string;
  sha256: string;
  manifest: unknown;
  /** The adviser's notes, kept with the transition. */
  notes?: string;
}

/** One insurer's status row. */
export type InsurerRow = Selectable<ApplicationInsurersTable>;

/** One transition as the API answers it, its details typed. */
export type TransitionView = Omit<Static<typeof Transition>, 'details'> & { details: EventDetails };

export interface LifecycleService {
  /** steps/lifecycle.json. */
  definition: LifecycleDefinition;
  /** Its machine, and what an event does to a status. */
  machine: LifecycleMachine;
  /** The definition and machine in a language (labels, guards' messages in it; the same statuses and events). */
  in(lang: Language): { definition: LifecycleDefinition; machine: LifecycleMachine };
  /**
   * Sends an event to an insurer's status: the transition is written (with the details), on the audit trail too,
   * and the application's status becomes the overall one of its insurers' (machine.overallStatus). A refused event throws a 400
   * naming why and changes nothing.
   */
  send(input: SendInput, on?: Kysely<Database>): Promise<{ from: string; to: string }>;
  /** After a generation: each insurer gets its row (initial status) and DOCUMENTS_READY. */
  generated(applicationId: number, clientId: number, insurers: string[], userId: number): Promise<void>;
  /** After an answer changed: each insurer whose documents or signatures it voids returns to DRAFT, saying why. */
  answersChanged(clientId: number, why: string, userId: number): Promise<void>;
  /** The signing part plugs its check in here; until then no signature is ever complete. */
  useSignatureCheck(check: SignatureCheck): void;
  /** Whether every signature is in for an application's insurer (the hook point above). */
  signaturesComplete(applicationId: number, insurer: string): Promise<boolean>;
  /** The signing part plugs in what a package carries of it; until then the generated PDF and a placeholder. */
  useSigningArtifacts(artifacts: SigningArtifacts): void;
  /** What the signing part gives a package (nothing until it is plugged in). */
  signingArtifacts: SigningArtifacts;
  /** The application's id and client, or undefined when there is none. */
  applicationOf(applicationId: number): Promise<{ id: number; client_id: number } | undefined>;
  /**
   * The newest generated file of an insurer for an application: its key in the file store, its name, and where each
   * signer signs it (none for a generation older than the signature blocks).
   */
  latestFile(
    applicationId: number,
    insurer: string,
  ): Promise<{ key: string; filename: string; signatureBlocks: SignatureBlock[] } | undefined>;
  /** Records a submission and sends SUBMIT, in one transaction (a refused SUBMIT records nothing). */
  recordSubmission(record: SubmissionRecord, userId: number): Promise<void>;
  /** An application's submissions, newest first. */
  submissions(applicationId: number): Promise<Omit<SubmissionRecord, 'manifest'>[]>;
  /** The facts the guards read now, for an application's insurer. */
  factsOf(applicationId: number, insurer: string): Promise<LifecycleFacts>;
  /** An application's insurers, in the order they were first generated. */
  insurers(applicationId: number): Promise<InsurerRow[]>;
  /** The events an insurer's status accepts next, with whether they are allowed now. */
  allowed(applicationId: number, row: InsurerRow, lang?: Language): Promise<AllowedEvent[]>;
  /** An application's transitions, oldest first. */
  history(applicationId: number): Promise<TransitionView[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** An application's life cycle per insurer (steps/lifecycle.json), as the server enforces it. */
    lifecycle: LifecycleService;
  }
}

/** The events the server sends itself when a generation or a changed answer calls for them. */
const DOCUMENTS_READY = 'DOCUMENTS_READY';
const ANSWERS_CHANGED = 'ANSWERS_CHANGED';
/** A save refused because an insurer holds the answers (api/texts/texts.json `answersLocked`, with its French). */
export const ANSWERS_LOCKED =
  'This application was submitted to an insurer, so its answers can no longer be changed. To change an answer, withdraw the application from each insurer that has it, or start a new application.';

function parseDetails(text: string): EventDetails {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as EventDetails) : {};
  } catch {
    return {};
  }
}

/**
 * The life cycle service: per-insurer statuses (application_insurers), their transitions (application_transitions,
 * and the audit trail), and the hooks the generation, the screening and the signing call.
 */
export const lifecyclePlugin = fp(
  async (app) => {
    const { db } = app.database;
    const { engine, applications, screening } = app;
    const definition = engine.definitions.lifecycle;
    if (!definition) throw new Error('steps/lifecycle.json is missing: the life cycle has no definition');
    const machine = buildLifecycleMachine(definition);
    const localized = new Map<Language, { definition: LifecycleDefinition; machine: LifecycleMachine }>([
      ['en', { definition, machine }],
    ]);
    const lifecycleIn = (lang: Language): { definition: LifecycleDefinition; machine: LifecycleMachine } => {
      let found = localized.get(lang);
      if (!found) {
        const own = engine.localized(lang).definitions.lifecycle ?? definition;
        localized.set(lang, (found = { definition: own, machine: buildLifecycleMachine(own) }));
      }
      return found;
    };
    // The event the submission sends (lifecycle.json: the one sent by "submission").
    const submitEvent = Object.keys(definition.events).find((e) => definition.events[e].sentBy === 'submission') ?? '';
    let signatureCheck: SignatureCheck = async () => false;
    let signingArtifacts: SigningArtifacts = async () => ({});

    const factsOf = async (applicationId: number, insurer: string): Promise<LifecycleFacts> => ({
      documentsGenerated: true,
      inGoodOrder: true,
      signaturesComplete: await signatureCheck(applicationId, insurer),
    });

    const send: LifecycleService['send'] = async (input, on) => {
      // The facts are read before the transaction: the signature check reads the database, and on SQLite (one
      // connection) a read from inside this transaction would wait for it forever. A caller inside a transaction of
      // its own (`on`) passes them.
      const facts = input.facts ?? (await factsOf(input.applicationId, input.insurer));
      const run = async (trx: Kysely<Database>) => {
        const row = await trx
          .selectFrom('application_insurers')
          .selectAll()
          .where('application_id', '=', input.applicationId)
          .where('insurer', '=', input.insurer)
          .executeTakeFirst();
        if (!row)
          throw new ApiError(400, {
            error: `The application has no documents for ${input.insurer}: generate them first`,
            errors: [{ field: 'insurer', message: `No documents were generated for ${input.insurer}` }],
          });
        const step = lifecycleIn(input.lang ?? 'en').machine.step(row.status, input.event, facts);
        if (!step.ok)
          throw new ApiError(400, { error: step.message, errors: [{ field: 'event', message: step.message }] });
        const now = new Date().toISOString();
        const details = input.details ?? {};
        const recorded = {
          ...(details.policy_number !== undefined ? { policy_number: details.policy_number } : {}),
          ...(details.issue_date !== undefined ? { issue_date: details.issue_date } : {}),
          ...(details.face_amount_issued !== undefined ? { face_amount_issued: details.face_amount_issued } : {}),
          // The reason is the latest transition's: an issued policy no longer shows why it was submitted.
          reason: input.reason ?? null,
          ...(details.notes !== undefined ? { notes: details.notes } : {}),
        };
        // Written only if the status is still the one read: a concurrent event leaves this one refused.
        const updated = await trx
          .updateTable('application_insurers')
          .set({ status: step.to, updated_at: now, ...recorded })
          .where('application_id', '=', input.applicationId)
          .where('insurer', '=', input.insurer)
          .where('status', '=', row.status)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) {
          const message = 'The application changed meanwhile: reload it and try again';
          throw new ApiError(409, { error: message, errors: [{ field: 'event', message }] });
        }
        await trx
          .insertInto('application_transitions')
          .values({
            application_id: input.applicationId,
            insurer: input.insurer,
            event: input.event,
            from_status: row.status,
            to_status: step.to,
            user_id: input.userId,
            at: now,
            reason: input.reason ?? null,
            details: JSON.stringify(details),
          })
          .execute();
        await app.audit.record(trx, {
          clientId: input.clientId,
          userId: input.userId,
          // On the application's trail, each field under the insurer it is about ("manulife.status").
          entity: 'application',
          entityId: String(input.applicationId),
          changes: [
            { field: `${input.insurer}.status`, from: row.status, to: step.to },
            ...(input.reason ? [{ field: `${input.insurer}.reason`, from: row.reason, to: input.reason }] : []),
            ...Object.entries(details)
              .filter(([k]) => k !== 'reason')
              .map(([field, to]) => ({
                field: `${input.insurer}.${field}`,
                from: row[field as keyof InsurerRow] ?? null,
                to,
              })),
          ],
        });
        const all = await trx
          .selectFrom('application_insurers')
          .select('status')
          .where('application_id', '=', input.applicationId)
          .execute();
        await trx
          .updateTable('life_applications')
          .set({ status: machine.overallStatus(all.map((r) => r.status)), updated_at: now })
          .where('id', '=', input.applicationId)
          .execute();
        return { from: row.status, to: step.to };
      };
      return on ? run(on) : db.transaction().execute(run);
    };

    const insurers: LifecycleService['insurers'] = (applicationId) =>
      db
        .selectFrom('application_insurers')
        .selectAll()
        .where('application_id', '=', applicationId)
        .orderBy('insurer')
        .execute();

    const service: LifecycleService = {
      definition,
      machine,
      in: lifecycleIn,
      send,
      async generated(applicationId, clientId, list, userId) {
        const now = new Date().toISOString();
        for (const insurer of list) {
          await db
            .insertInto('application_insurers')
            .values({
              application_id: applicationId,
              insurer,
              status: definition.initial,
              updated_at: now,
              policy_number: null,
              issue_date: null,
              face_amount_issued: null,
              reason: null,
              notes: null,
            })
            .onConflict((oc) => oc.columns(['application_id', 'insurer']).doNothing())
            .execute();
          const row = (await insurers(applicationId)).find((r) => r.insurer === insurer);
          const facts = { ...(await factsOf(applicationId, insurer)), documentsGenerated: true, inGoodOrder: true };
          // A generation after submission changes nothing of the status: only the states that accept it move.
          if (row && machine.step(row.status, DOCUMENTS_READY, facts).ok)
            await send({
              applicationId,
              clientId,
              insurer,
              event: DOCUMENTS_READY,
              userId,
              reason: `Documents generated for ${insurer}, in good order`,
              facts,
            });
        }
      },
      async answersChanged(clientId, why, userId) {
        const rows = await db
          .selectFrom('application_insurers')
          .innerJoin('life_applications', 'life_applications.id', 'application_insurers.application_id')
          .select([
            'application_insurers.application_id',
            'application_insurers.insurer',
            'application_insurers.status',
          ])
          .where('life_applications.client_id', '=', clientId)
          .where('life_applications.is_current', '=', 1)
          .execute();
        for (const row of rows)
          if (machine.step(row.status, ANSWERS_CHANGED, {}).ok)
            await send({
              applicationId: row.application_id,
              clientId,
              insurer: row.insurer,
              event: ANSWERS_CHANGED,
              userId,
              reason: why,
              facts: {},
            });
      },
      useSignatureCheck(check) {
        signatureCheck = check;
      },
      signaturesComplete: (applicationId, insurer) => signatureCheck(applicationId, insurer),
      useSigningArtifacts(artifacts) {
        signingArtifacts = artifacts;
      },
      signingArtifacts: (applicationId, insurer) => signingArtifacts(applicationId, insurer),
      applicationOf: (applicationId) =>
        db
          .selectFrom('life_applications')
          .select(['id', 'client_id'])
          .where('id', '=', applicationId)
          .executeTakeFirst(),
      async latestFile(applicationId, insurer) {
        const rows = await db
          .selectFrom('generations')
          .select(['files'])
          .where('application_id', '=', applicationId)
          .orderBy('created_at', 'desc')
          .execute();
        for (const row of rows) {
          let files: { insurer: string | null; key: string; filename: string; signatureBlocks?: SignatureBlock[] }[] =
            [];
          try {
            files = JSON.parse(row.files) as typeof files;
          } catch {
            continue;
          }
          const file = files.find((f) => f.insurer === insurer);
          if (file) return { key: file.key, filename: file.filename, signatureBlocks: file.signatureBlocks ?? [] };
        }
        return undefined;
      },
      async recordSubmission(record, userId) {
        const facts = await factsOf(record.applicationId, record.insurer);
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('submissions')
            .values({
              id: record.id,
              application_id: record.applicationId,
              client_id: record.clientId,
              insurer: record.insurer,
              user_id: record.userId,
              created_at: record.createdAt,
              channel: record.channel,
              file_key: record.fileKey,
              filename: record.filename,
              sha256: record.sha256,
              manifest: JSON.stringify(record.manifest),
            })
            .execute();
          await send(
            {
              applicationId: record.applicationId,
              clientId: record.clientId,
              insurer: record.insurer,
              event: submitEvent,
              userId,
              reason: `Submitted (${record.channel === 'https' ? 'sent to the insurer' : 'package to upload'}): ${record.filename}`,
              details: record.notes ? { notes: record.notes } : {},
              facts,
            },
            trx,
          );
        });
      },
      async submissions(applicationId) {
        const rows = await db
          .selectFrom('submissions')
          .selectAll()
          .where('application_id', '=', applicationId)
          .orderBy('created_at', 'desc')
          .execute();
        return rows.map((r) => ({
          id: r.id,
          applicationId: r.application_id,
          clientId: r.client_id,
          insurer: r.insurer,
          userId: r.user_id ?? 0,
          createdAt: r.created_at,
          channel: r.channel,
          fileKey: r.file_key,
          filename: r.filename,
          sha256: r.sha256,
        }));
      },
      factsOf,
      insurers,
      async allowed(applicationId, row, lang = 'en') {
        return lifecycleIn(lang).machine.allowed(row.status, await factsOf(applicationId, row.insurer));
      },
      async history(applicationId) {
        const rows = await db
          .selectFrom('application_transitions')
          .leftJoin('users', 'users.id', 'application_transitions.user_id')
          .select([
            'application_transitions.id',
            'application_transitions.insurer',
            'application_transitions.event',
            'application_transitions.from_status',
            'application_transitions.to_status',
            'application_transitions.at',
            'application_transitions.user_id',
            'application_transitions.reason',
            'application_transitions.details',
            'users.username',
          ])
          .where('application_transitions.application_id', '=', applicationId)
          .orderBy('application_transitions.id')
          .execute();
        return rows.map((r) => ({
          id: r.id,
          insurer: r.insurer,
          event: r.event,
          from: r.from_status,
          to: r.to_status,
          at: r.at,
          user_id: r.user_id,
          username: r.username ?? null,
          reason: r.reason,
          details: parseDetails(r.details),
        }));
      },
    };
    app.decorate('lifecycle', service);

    applications.onGeneration((applicationId, record) =>
      service.generated(applicationId, record.clientId, record.populateForms, record.userId),
    );
    // Once an insurer holds the answers (submitted, in review, issued or declined), a save that would change them is
    // refused before anything is written: the package sent is what the insurer decides on
    // (docs/decisions/data-answers-locked-after-submission.md).
    // The same question answers the wizard's GET, so the app shows the step read-only before anyone types.
    const lockOf = async (clientId: number): Promise<ScreeningLock | null> => {
      const rows = await db
        .selectFrom('application_insurers')
        .innerJoin('life_applications', 'life_applications.id', 'application_insurers.application_id')
        .select(['application_insurers.status', 'application_insurers.application_id'])
        .where('life_applications.client_id', '=', clientId)
        .where('life_applications.is_current', '=', 1)
        .orderBy('application_insurers.application_id')
        .execute();
      if (!machine.locksAnswers(rows.map((r) => r.status))) return null;
      return { message: ANSWERS_LOCKED, applicationId: rows[0].application_id };
    };
    screening.lockedBy(lockOf);
    screening.guardChanges(async (_user, clientId) => {
      if (await lockOf(clientId))
        throw new ApiError(400, { error: ANSWERS_LOCKED, errors: [{ field: 'application', message: ANSWERS_LOCKED }] });
    });
    screening.onSaved(async (user, clientId, stepId, result) => {
      if (!result.changed) return;
      const title = engine.definitions.flow.steps.find((s) => s.id === stepId)?.title ?? stepId;
      await service.answersChanged(
        clientId,
        `An answer changed in ${title}: the documents must be generated again`,
        user.id,
      );
    });
  },
  { name: 'lifecycle', dependencies: ['db', 'engine', 'audit', 'screening', 'applications'] },
);
