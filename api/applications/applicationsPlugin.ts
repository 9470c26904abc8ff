import { PostgresAdapter, sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import fp from 'fastify-plugin';
import { searchWords } from '../clients/clientListKeys.ts';
import { clientSearch } from '../clients/clientSearch.ts';
import { visibleTo } from '../clients/visibleTo.ts';
import { pageWindow, type ListQuery } from '../http/listQuery.ts';
import type { Database, LifeApplicationsTable } from '../db/tables.ts';
import type { ApplicationData, AuthUser, JsonObject } from '../types.ts';
import type { GenerationView, LifeApplicationView } from './applicationSchemas.ts';
import { diffRecords } from '../audit/diffRecords.ts';
import { documentSources } from '../../engine/index.ts';
import type { SignatureBlock } from '../pdf/renderPdf.ts';

/** The fields of an application that follow its screening (the final step's "application" document). */
interface Derived {
  application_type: string | null;
  product_type: string | null;
  number_of_insureds: number | null;
  face_amount: number | null;
}

/** A client record the application names, with its role there (the application document's `roles`). */
interface Role {
  client_id: number;
  role: string;
}

/** The document's roles that name a client by a whole id, once each (the first role of a client wins). */
function rolesOf(doc: { roles?: unknown }): Role[] {
  const out = new Map<number, string>();
  for (const entry of Array.isArray(doc.roles) ? doc.roles : []) {
    const { client_id: raw, role } = (entry ?? {}) as { client_id?: unknown; role?: unknown };
    const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (Number.isSafeInteger(id) && id > 0 && typeof role === 'string' && role && !out.has(id)) out.set(id, role);
  }
  return [...out].map(([client_id, role]) => ({ client_id, role }));
}

/** What a generation recorded: when, for which insurers, and the files (keys in the file store). */
export interface GenerationRecord {
  id: string;
  clientId: number;
  userId: number;
  createdAt: string;
  populateForms: string[];
  /** One per insurer; the combined file of several insurers has insurer null. */
  files: { insurer: string | null; name: string; key: string; filename: string; signatureBlocks?: SignatureBlock[] }[];
  summary: unknown;
}

export interface ApplicationStore {
  /** The id of the client's current application, created (DRAFT) when there is none. */
  current(clientId: number, data?: ApplicationData, userId?: number): Promise<number>;
  /** A new DRAFT application for the client, which its screening belongs to from now on; its id. */
  create(clientId: number, data: ApplicationData, userId: number): Promise<number>;
  /** Recomputes the derived fields of the client's current application from the screening's data. */
  follow(clientId: number, data: ApplicationData, userId?: number): Promise<void>;
  /** Records a generation on the client's current application. */
  recordGeneration(record: GenerationRecord): Promise<void>;
  /** Called after each generation is recorded, with the application it belongs to (the life cycle moves on). */
  onGeneration(listener: (applicationId: number, record: GenerationRecord) => Promise<void>): void;
  /** The applications of one client, or of every client the user may see, newest first, with their generations. */
  list(user: AuthUser, clientId?: number): Promise<LifeApplicationView[]>;
  /**
   * One page of the applications of every client the user may see, sorted, searched by their client's name, email
   * or phone and filtered by status and by an insurer they were generated for, with the filtered list's count.
   */
  page(user: AuthUser, query: ApplicationQuery): Promise<{ count: number; results: LifeApplicationView[] }>;
  /** Leaves the client without a current application (Start Over: the next screening starts a new one). */
  release(clientId: number): Promise<void>;
  /** The file store keys of a client's generations, signed PDFs and submission packages (deleted with the client). */
  fileKeys(clientId: number): Promise<string[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    applications: ApplicationStore;
  }
}

const FILES_URL = '/api/pdf/files';

/** The fields the applications list may be ordered by (?ordering=). */
export const APPLICATION_ORDER_FIELDS = [
  'created_at',
  'updated_at',
  'client_name',
  'status',
  'product_type',
  'face_amount',
] as const;
type ApplicationOrderField = (typeof APPLICATION_ORDER_FIELDS)[number];

/** A page of the applications list, with its filters. */
export interface ApplicationQuery extends ListQuery<ApplicationOrderField> {
  status?: string;
  /** An insurer id of the final step's populate_forms: applications with a generation for that insurer. */
  insurer?: string;
}

/** What each ordering field sorts on; an unset product or face amount sorts first, the same on both databases. */
const APPLICATION_ORDER = {
  created_at: [sql`life_applications.created_at`],
  updated_at: [sql`coalesce(life_applications.updated_at, life_applications.created_at)`],
  client_name: [sql`clients.last_name_key`, sql`clients.first_name_key`],
  status: [sql`life_applications.status`],
  product_type: [sql`coalesce(life_applications.product_type, '')`],
  face_amount: [sql`coalesce(life_applications.face_amount, 0)`],
} satisfies Record<ApplicationOrderField, RawBuilder<unknown>[]>;

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * Life applications as records: a client's screening belongs to one (created when the screening starts, or the one
 * made with create_new_application); it shows the screening's current type, product, insureds and face amount, and
 * every generation of insurer PDFs with links to its files.
 */
export const applicationsPlugin = fp(
  async (app) => {
    const { db } = app.database;
    const { engine, screening } = app;
    const derive = (clientId: number, data: ApplicationData): Derived & { roles: Role[] } => {
      const doc = engine.mapDocument(engine.finalStep, 'application', {
        ...data,
        $context: { ...data.$context, clientId },
      }) as Partial<Derived> & { roles?: unknown };
      const number = doc.number_of_insureds;
      const amount = doc.face_amount;
      return {
        application_type: typeof doc.application_type === 'string' ? doc.application_type : null,
        product_type: typeof doc.product_type === 'string' ? doc.product_type : null,
        number_of_insureds: number === 1 || number === 2 ? number : null,
        face_amount: typeof amount === 'number' && Number.isFinite(amount) && amount > 0 ? amount : null,
        roles: rolesOf(doc),
      };
    };
    /**
     * The label of a stored code, as the adviser chose it: from the answers the final step's application document
     * copies that field from (its sources), so a label product staff change shows in every list at once.
     */
    const applicationMapping = engine.definitions.steps[engine.finalStep]?.documents?.application;
    const labelOfField = (field: keyof Derived): ((value: string | null) => string | null) => {
      const sources = applicationMapping ? documentSources(applicationMapping, field) : [];
      return (value) => {
        if (!value) return null;
        for (const source of sources) {
          const [stepId, ...path] = source.split('.');
          const label = engine.labelOf(stepId, path.join('.'), value);
          if (label) return label;
        }
        return value;
      };
    };
    const applicationTypeLabel = labelOfField('application_type');
    const productTypeLabel = labelOfField('product_type');
    // The first migration made type and count NOT NULL: an unanswered type is stored as '' (read back as null).
    const columns = (d: Derived) => ({
      application_type: d.application_type ?? '',
      product_type: d.product_type,
      number_of_insureds: d.number_of_insureds ?? 1,
      face_amount: d.face_amount,
      updated_at: new Date().toISOString(),
    });

    const currentId = async (on: Kysely<Database>, clientId: number): Promise<number | undefined> =>
      (
        await on
          .selectFrom('life_applications')
          .select('id')
          .where('client_id', '=', clientId)
          .where('is_current', '=', 1)
          .orderBy('id', 'desc')
          .executeTakeFirst()
      )?.id;

    /** Replaces the roles an application lists; a client id that names no client record is left out. */
    const saveRoles = async (on: Kysely<Database>, applicationId: number, roles: Role[]): Promise<void> => {
      const known = roles.length
        ? new Set(
            (
              await on
                .selectFrom('clients')
                .select('id')
                .where(
                  'id',
                  'in',
                  roles.map((r) => r.client_id),
                )
                .execute()
            ).map((r) => r.id),
          )
        : new Set<number>();
      const kept = roles.filter((r) => known.has(r.client_id));
      const was = await on
        .selectFrom('application_roles')
        .select(['client_id', 'role'])
        .where('application_id', '=', applicationId)
        .orderBy('client_id')
        .execute();
      const now = [...kept].sort((a, b) => a.client_id - b.client_id);
      if (JSON.stringify(was) === JSON.stringify(now.map(({ client_id, role }) => ({ client_id, role })))) return;
      await on.deleteFrom('application_roles').where('application_id', '=', applicationId).execute();
      if (now.length)
        await on
          .insertInto('application_roles')
          .values(now.map((r) => ({ application_id: applicationId, client_id: r.client_id, role: r.role })))
          .execute();
    };

    // An application's audited fields: what it says of the screening, and its status.
    const audited = (row: Partial<Selectable<LifeApplicationsTable>> | undefined): JsonObject =>
      row
        ? {
            status: row.status ?? null,
            application_type: row.application_type || null,
            product_type: row.product_type ?? null,
            number_of_insureds: row.number_of_insureds ?? null,
            face_amount: row.face_amount ?? null,
          }
        : {};

    const insert = async (
      clientId: number,
      data: ApplicationData | undefined,
      userId: number | null = null,
    ): Promise<number> => {
      const derived = data
        ? derive(clientId, data)
        : { application_type: null, product_type: null, number_of_insureds: null, face_amount: null, roles: [] };
      return db.transaction().execute(async (trx) => {
        await trx.updateTable('life_applications').set({ is_current: 0 }).where('client_id', '=', clientId).execute();
        const values = {
          client_id: clientId,
          created_at: new Date().toISOString(),
          status: 'DRAFT',
          is_current: 1,
          definitions_version: engine.version,
          ...columns(derived),
        };
        const row = await trx.insertInto('life_applications').values(values).returning('id').executeTakeFirstOrThrow();
        await saveRoles(trx, row.id, derived.roles);
        await app.audit.record(trx, {
          clientId,
          userId,
          entity: 'application',
          entityId: String(row.id),
          changes: diffRecords({}, audited(values)),
        });
        return row.id;
      });
    };

    /** The roles of the applications, keyed "applicationId:clientId". */
    const rolesIn = async (applicationIds: number[]): Promise<Map<string, string>> => {
      if (!applicationIds.length) return new Map();
      const rows = await db
        .selectFrom('application_roles')
        .select(['application_id', 'client_id', 'role'])
        .where('application_id', 'in', applicationIds)
        .execute();
      return new Map(rows.map((r) => [`${r.application_id}:${r.client_id}`, r.role]));
    };

    const view = (
      row: Selectable<LifeApplicationsTable> & { first_name: string; last_name: string },
      generations: GenerationView[],
      role: string | null,
    ): LifeApplicationView => ({
      id: row.id,
      client_id: row.client_id,
      client_name: `${row.first_name} ${row.last_name}`.trim(),
      created_at: row.created_at,
      updated_at: row.updated_at ?? row.created_at,
      application_type: row.application_type || null,
      application_type_label: applicationTypeLabel(row.application_type || null),
      product_type: row.product_type,
      product_type_label: productTypeLabel(row.product_type),
      number_of_insureds: row.number_of_insureds,
      status: row.status,
      face_amount: row.face_amount === null ? null : Number(row.face_amount),
      is_current: row.is_current === 1,
      definitions_changed: row.definitions_version !== null && row.definitions_version !== engine.version,
      role,
      generations,
    });

    const generationsOf = async (applicationIds: number[]): Promise<Map<number, GenerationView[]>> => {
      const out = new Map<number, GenerationView[]>();
      if (!applicationIds.length) return out;
      const rows = await db
        .selectFrom('generations')
        .selectAll()
        .where('application_id', 'in', applicationIds)
        .orderBy('created_at', 'desc')
        .execute();
      for (const row of rows) {
        const files = parseJson<GenerationRecord['files']>(row.files, []);
        const generation: GenerationView = {
          id: row.id,
          created_at: row.created_at,
          populate_forms: parseJson<string[]>(row.populate_forms, []),
          files: files.flatMap((f) =>
            f.insurer === null
              ? []
              : [
                  {
                    insurer: f.insurer,
                    name: f.name,
                    filename: f.filename,
                    url: `${FILES_URL}/${row.id}/${f.insurer}/`,
                  },
                ],
          ),
          combined_url: files.some((f) => f.insurer === null) ? `${FILES_URL}/${row.id}/` : null,
        };
        const key = row.application_id ?? 0;
        out.set(key, [...(out.get(key) ?? []), generation]);
      }
      return out;
    };

    /** Rows as the API answers them, with their generations and roles (the role of `clientId`, else their own client's). */
    const viewsOf = async (
      rows: (Selectable<LifeApplicationsTable> & { first_name: string; last_name: string })[],
      clientId?: number,
    ): Promise<LifeApplicationView[]> => {
      const ids = rows.map((r) => r.id);
      const [generations, roles] = await Promise.all([generationsOf(ids), rolesIn(ids)]);
      return rows.map((r) =>
        view(r, generations.get(r.id) ?? [], roles.get(`${r.id}:${clientId ?? r.client_id}`) ?? null),
      );
    };
    const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
    const generationListeners: ((applicationId: number, record: GenerationRecord) => Promise<void>)[] = [];

    const store: ApplicationStore = {
      async current(clientId, data, userId) {
        return (await currentId(db, clientId)) ?? insert(clientId, data, userId);
      },
      create: insert,
      async follow(clientId, data, userId) {
        const id = await currentId(db, clientId);
        if (id === undefined) {
          await insert(clientId, data, userId);
          return;
        }
        const derived = derive(clientId, data);
        const next = columns(derived);
        await db.transaction().execute(async (trx) => {
          await saveRoles(trx, id, derived.roles);
          const was = await trx.selectFrom('life_applications').selectAll().where('id', '=', id).executeTakeFirst();
          const changes = diffRecords(audited(was), audited({ ...was, ...next }));
          if (!changes.length) return;
          await trx.updateTable('life_applications').set(next).where('id', '=', id).execute();
          await app.audit.record(trx, {
            clientId,
            userId: userId ?? null,
            entity: 'application',
            entityId: String(id),
            changes,
          });
        });
      },
      async recordGeneration(record) {
        const applicationId = await store.current(record.clientId, undefined, record.userId);
        const files = record.files.map((f) => f.filename);
        await db.transaction().execute(async (trx) => {
          await app.audit.record(trx, {
            clientId: record.clientId,
            userId: record.userId,
            entity: 'generation',
            entityId: record.id,
            changes: diffRecords({}, { populate_forms: record.populateForms, files }),
          });
          await trx
            .insertInto('generations')
            .values({
              id: record.id,
              application_id: applicationId,
              client_id: record.clientId,
              user_id: record.userId,
              created_at: record.createdAt,
              populate_forms: JSON.stringify(record.populateForms),
              files: JSON.stringify(record.files),
              summary: JSON.stringify(record.summary ?? null),
            })
            .execute();
        });
        for (const listener of generationListeners) await listener(applicationId, record);
      },
      onGeneration(listener) {
        generationListeners.push(listener);
      },
      async list(user, clientId) {
        let query = db
          .selectFrom('life_applications')
          .innerJoin('clients', 'clients.id', 'life_applications.client_id')
          .selectAll('life_applications')
          .select(['clients.first_name', 'clients.last_name'])
          .where((eb) => visibleTo(user)(eb as unknown as Parameters<ReturnType<typeof visibleTo>>[0]));
        // A client's own applications, and those of other clients' screenings that name them (a second insured).
        if (clientId !== undefined)
          query = query.where((eb) =>
            eb.or([
              eb('life_applications.client_id', '=', clientId),
              eb(
                'life_applications.id',
                'in',
                eb.selectFrom('application_roles').select('application_id').where('client_id', '=', clientId),
              ),
            ]),
          );
        return viewsOf(await query.orderBy('life_applications.id', 'desc').execute(), clientId);
      },
      async page(user, query) {
        const words = searchWords(query.search);
        // As for the client list: an account that is no one's broker sees its own clients' applications alone.
        const granted = await db
          .selectFrom('broker_grants')
          .select('user_id')
          .where('user_id', '=', user.id)
          .executeTakeFirst();
        const filtered = db
          .selectFrom('life_applications')
          .innerJoin('clients', 'clients.id', 'life_applications.client_id')
          .where((eb) =>
            granted
              ? visibleTo(user)(eb as unknown as Parameters<ReturnType<typeof visibleTo>>[0])
              : eb('clients.owner_user_id', '=', user.id),
          )
          .$if(words.length > 0, (q) => q.where(clientSearch(dialect, words)))
          .$if(query.status !== undefined, (q) => q.where('life_applications.status', '=', query.status ?? ''))
          .$if(query.insurer !== undefined, (q) =>
            q.where((eb) =>
              eb.exists(
                eb
                  .selectFrom('generations')
                  .select('generations.id')
                  .whereRef('generations.application_id', '=', 'life_applications.id')
                  .where('generations.populate_forms', 'like', `%${JSON.stringify(query.insurer)}%`),
              ),
            ),
          );
        const counted = await filtered.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
        const count = Number(counted.n);
        if (query.offset >= count) return { count, results: [] };
        // A page in the second half is read from the list's end (pageWindow).
        const window = pageWindow(count, query.offset, query.pageSize);
        const direction = (desc: boolean | undefined) => (Boolean(desc) !== window.reverse ? 'desc' : 'asc');
        let ids = filtered.select('life_applications.id');
        for (const { field, desc } of query.ordering)
          for (const expression of APPLICATION_ORDER[field]) ids = ids.orderBy(expression, direction(desc));
        const last = query.ordering[query.ordering.length - 1];
        const read = (
          await ids
            .orderBy('life_applications.id', direction(last?.desc))
            .limit(window.limit)
            .offset(window.offset)
            .execute()
        ).map((r) => r.id);
        const page = window.reverse ? read.reverse() : read;
        if (!page.length) return { count, results: [] };
        const rows = await db
          .selectFrom('life_applications')
          .innerJoin('clients', 'clients.id', 'life_applications.client_id')
          .selectAll('life_applications')
          .select(['clients.first_name', 'clients.last_name'])
          .where('life_applications.id', 'in', page)
          .execute();
        const byId = new Map(rows.map((r) => [r.id, r]));
        return { count, results: await viewsOf(page.flatMap((id) => byId.get(id) ?? [])) };
      },
      async release(clientId) {
        await db.updateTable('life_applications').set({ is_current: 0 }).where('client_id', '=', clientId).execute();
      },
      async fileKeys(clientId) {
        const rows = await db
          .selectFrom('generations')
          .select(['id', 'files'])
          .where('client_id', '=', clientId)
          .execute();
        // The signed PDFs of every signing (voided ones too) and the submission packages go with the client as well.
        const signed = await db
          .selectFrom('signed_versions')
          .innerJoin('life_applications', 'life_applications.id', 'signed_versions.application_id')
          .select('signed_versions.documents')
          .where('life_applications.client_id', '=', clientId)
          .execute();
        const packages = await db
          .selectFrom('submissions')
          .select('file_key')
          .where('client_id', '=', clientId)
          .execute();
        return [
          ...rows.flatMap((r) => [
            ...parseJson<GenerationRecord['files']>(r.files, []).map((f) => f.key),
            `generations/${r.id}/manifest.json`,
          ]),
          ...signed.flatMap((r) => parseJson<{ key: string }[]>(r.documents, []).map((d) => d.key)),
          ...packages.map((r) => r.file_key),
        ];
      },
    };
    app.decorate('applications', store);

    // Only saves of steps the application document reads can change what it shows.
    const read = JSON.stringify(engine.definitions.steps[engine.finalStep]?.documents?.application ?? {});
    const follows = (stepId: string): boolean => read.includes(`"${stepId}.`);
    screening.onSaved(async (user, clientId, stepId, result) => {
      if (follows(stepId)) await store.follow(clientId, result.data, user.id);
    });
  },
  { name: 'applications', dependencies: ['db', 'engine', 'screening', 'audit'] },
);
