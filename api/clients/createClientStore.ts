import { PostgresAdapter, sql, type Kysely, type Selectable } from 'kysely';
import { createKeyedQueue } from '../db/createKeyedQueue.ts';
import { ApiError, notFound, preconditionFailed } from '../http/apiError.ts';
import type { AuditLog } from '../audit/createAuditLog.ts';
import { diffRecords } from '../audit/diffRecords.ts';
import type { ClientsTable, Database } from '../db/tables.ts';
import { pageWindow, type ListQuery } from '../http/listQuery.ts';
import type { AuthUser, JsonObject } from '../types.ts';
import type { ClientAccess } from './accessOf.ts';
import type { ClientView } from './clientSchemas.ts';
import { clientListKeys, searchWords } from './clientListKeys.ts';
import { clientSearch } from './clientSearch.ts';
import { visibleTo } from './visibleTo.ts';
import { parseObject, toClientView as toView } from './toClientView.ts';

/** A client's fields, columns and profile alike (the client profile's and a proposed insured's). */
export type ClientFields = JsonObject;

export interface ClientStore {
  /**
   * One page of the user's clients (created by them or listing them as broker), sorted, filtered by a search of
   * their name, email and phone, with the count of the whole filtered list.
   */
  list(
    user: AuthUser,
    query: ListQuery<ClientOrderField>,
  ): Promise<{ count: number; results: (ClientView & { access: ClientAccess })[] }>;
  /** One client; 404 when missing or not the user's. */
  get(user: AuthUser, id: number): Promise<ClientView>;
  /** The clients of these ids that the user may see, by id (the others are left out). */
  getMany(user: AuthUser, ids: number[], db?: Kysely<Database>): Promise<Map<number, ClientView>>;
  /** 404 unless the client exists and belongs to the user. */
  requireAccess(user: AuthUser, id: number): Promise<void>;
  /**
   * Creates a client owned by `ownerUserId` (a proposed insured belongs to the adviser of the application).
   * @param userId - who creates it, for the audit trail
   * @param createdFor - the client whose screening creates it (a second insured)
   */
  create(
    ownerUserId: number,
    fields: ClientFields,
    brokers: string[],
    db?: Kysely<Database>,
    userId?: number,
    createdFor?: number,
  ): Promise<number>;
  /**
   * Changes the fields given (and the brokers when given); the profile is merged, not replaced. The write is a
   * compare-and-set on the version, retried on a race, so a concurrent change of other fields is never lost.
   * @param userId - who changes it, for the audit trail
   * @param ifMatch - the version the caller saw: another one refuses the change with 412 and the current client
   * @returns the new version
   */
  update(
    id: number,
    fields: ClientFields,
    brokers?: string[],
    db?: Kysely<Database>,
    userId?: number,
    ifMatch?: number,
  ): Promise<number>;
  /** The adviser a client belongs to and its brokers (for the records created on its behalf). */
  ownerOf(id: number): Promise<{ ownerUserId: number; brokers: string[] }>;
  /**
   * The second insureds the client's screening created that nothing else uses: no other client links them, and they
   * have no screening, application or generation of their own. What deleting the client may delete with it.
   */
  secondInsureds(user: AuthUser, id: number): Promise<SecondInsured[]>;
  /**
   * Deletes a client with its records; with `withSecondInsureds`, also its second insureds (secondInsureds, as they
   * are when the delete runs). Second insureds kept become clients of their own.
   * @returns the second insureds deleted
   */
  remove(user: AuthUser, id: number, withSecondInsureds?: boolean): Promise<SecondInsured[]>;
  /**
   * Runs a change of a client's records (the client, its step records) once the changes of that client started
   * before it are done, in this process: concurrent saves wait their turn instead of racing. The writes stay
   * compare-and-set, for another instance's saves.
   */
  inTurn<T>(clientId: number, task: () => Promise<T>): Promise<T>;
}

/** A second insured a client's deletion may take with it, named for the adviser. */
export interface SecondInsured {
  id: number;
  first_name: string;
  last_name: string;
}

/** The fields a client list may be ordered by (?ordering=). */
export const CLIENT_ORDER_FIELDS = ['last_name', 'first_name', 'email', 'phone', 'created_at', 'updated_at'] as const;
export type ClientOrderField = (typeof CLIENT_ORDER_FIELDS)[number];

/** The columns each ordering field sorts on: folded keys, so case and accents do not split the alphabet. */
const ORDER_COLUMNS = {
  last_name: ['last_name_key', 'first_name_key'],
  first_name: ['first_name_key'],
  email: ['email_key'],
  phone: ['phone_key'],
  created_at: ['created_at'],
  updated_at: ['updated_at'],
} as const satisfies Record<ClientOrderField, readonly string[]>;

/** The tables holding a client's own records, deleted with it (the client row last). */
const OWN_RECORDS = [
  'screening_records',
  'screening_progress',
  'generations',
  'life_applications',
  'client_brokers',
  'client_links',
  'audit_log',
] as const;

/** The fields kept in columns; every other field lives in the profile JSON. */
const COLUMNS = ['first_name', 'last_name', 'email', 'phone_primary', 'date_of_birth', 'gender_sex_at_birth'] as const;
type Column = (typeof COLUMNS)[number];

/** The text of a 412 on a client record. */
export const CLIENT_CONFLICT = 'This client was changed in another window';

/** A client's fields as the audit trail compares them (columns, profile and brokers; no timestamps). */
function auditedFields(row: Selectable<ClientsTable> | undefined, brokers: string[]): JsonObject {
  if (!row) return {};
  const { id: _i, created_at: _c, updated_at: _u, version: _v, phone: _p, ...fields } = toView(row, brokers);
  void [_i, _c, _u, _v, _p];
  return fields as JsonObject;
}

/** Splits fields into column values and profile values. */
function split(fields: ClientFields): { columns: Partial<Record<Column, string | null>>; profile: JsonObject } {
  const columns: Partial<Record<Column, string | null>> = {};
  const profile: JsonObject = {};
  for (const [key, value] of Object.entries(fields)) {
    if ((COLUMNS as readonly string[]).includes(key))
      columns[key as Column] = value === undefined || value === null ? null : String(value);
    else if (value !== undefined) profile[key] = value;
  }
  return { columns, profile };
}

/**
 * The second insureds created for a client (of the same adviser) that nothing else uses: no other client links them,
 * no other client's application names them, and they have no records of their own.
 */
async function unusedSecondInsureds(on: Kysely<Database>, ownerUserId: number, id: number): Promise<SecondInsured[]> {
  return on
    .selectFrom('clients')
    .select(['clients.id', 'clients.first_name', 'clients.last_name'])
    .where('clients.created_for_client_id', '=', id)
    .where('clients.owner_user_id', '=', ownerUserId)
    .where((eb) =>
      eb.and([
        eb.not(
          eb.exists(
            eb
              .selectFrom('client_links')
              .select(sql.lit(1).as('used'))
              .whereRef('client_links.linked_client_id', '=', 'clients.id')
              .where('client_links.client_id', '!=', id),
          ),
        ),
        // Nor named by another client's application (as its insured 2, say).
        eb.not(
          eb.exists(
            eb
              .selectFrom('application_roles')
              .innerJoin('life_applications', 'life_applications.id', 'application_roles.application_id')
              .select(sql.lit(1).as('used'))
              .whereRef('application_roles.client_id', '=', 'clients.id')
              .where('life_applications.client_id', '!=', id),
          ),
        ),
        ...(['screening_records', 'life_applications', 'generations'] as const).map((table) =>
          eb.not(
            eb.exists(
              eb.selectFrom(table).select(sql.lit(1).as('used')).whereRef(`${table}.client_id`, '=', 'clients.id'),
            ),
          ),
        ),
      ]),
    )
    .orderBy('clients.id')
    .execute();
}

/**
 * Clients, their brokers and their applications, with the ownership rule applied to every query a user makes.
 * Every change is written with its audit entry, in one transaction.
 * @param db - the data layer
 * @param audit - the audit trail
 */
export function createClientStore(db: Kysely<Database>, audit: AuditLog): ClientStore {
  const inTurn = createKeyedQueue();
  // PostgreSQL: a change locks the client's row until it commits, so another instance's change waits instead of racing.
  const lockRows = db.getExecutor().adapter instanceof PostgresAdapter;
  const dialect = lockRows ? 'postgres' : 'sqlite';
  async function brokersOf(ids: number[], on: Kysely<Database> = db): Promise<Map<number, string[]>> {
    const map = new Map<number, string[]>();
    if (ids.length === 0) return map;
    const rows = await on
      .selectFrom('client_brokers')
      .selectAll()
      .where('client_id', 'in', ids)
      .orderBy('broker_email')
      .execute();
    for (const row of rows) map.set(row.client_id, [...(map.get(row.client_id) ?? []), row.broker_email]);
    return map;
  }

  const validId = (id: number): boolean => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

  async function findRow(user: AuthUser, id: number): Promise<Selectable<ClientsTable>> {
    if (!validId(id)) throw notFound();
    const row = await db
      .selectFrom('clients')
      .selectAll()
      .where('clients.id', '=', id)
      .where(visibleTo(user))
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  async function setBrokers(on: Kysely<Database>, id: number, brokers: string[]): Promise<void> {
    await on.deleteFrom('client_brokers').where('client_id', '=', id).execute();
    if (brokers.length)
      await on
        .insertInto('client_brokers')
        .values(brokers.map((e) => ({ client_id: id, broker_email: e })))
        .execute();
  }

  const store: ClientStore = {
    async list(user, query) {
      const words = searchWords(query.search);
      // Most accounts are brokers of nothing: their list is their own clients, read from the adviser's indexes.
      const granted = await db
        .selectFrom('broker_grants')
        .select('user_id')
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      const filtered = db
        .selectFrom('clients')
        .where(granted ? visibleTo(user) : (eb) => eb('clients.owner_user_id', '=', user.id))
        .$if(words.length > 0, (q) => q.where(clientSearch(dialect, words)));
      const counted = await filtered.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const count = Number(counted.n);
      if (query.offset >= count) return { count, results: [] };
      // The page's ids first, from the index that sorts them (index-only, from whichever end is nearer); then those
      // rows alone.
      const window = pageWindow(count, query.offset, query.pageSize);
      const direction = (desc: boolean | undefined) => (Boolean(desc) !== window.reverse ? 'desc' : 'asc');
      let ids = filtered.select('clients.id');
      const sorted = new Set<string>();
      for (const { field, desc } of query.ordering)
        for (const column of ORDER_COLUMNS[field])
          if (!sorted.has(column)) {
            sorted.add(column);
            ids = ids.orderBy(`clients.${column}`, direction(desc));
          }
      const last = query.ordering[query.ordering.length - 1];
      const read = (
        await ids.orderBy('clients.id', direction(last?.desc)).limit(window.limit).offset(window.offset).execute()
      ).map((r) => r.id);
      const page = window.reverse ? read.reverse() : read;
      if (!page.length) return { count, results: [] };
      const rows = await db.selectFrom('clients').selectAll().where('clients.id', 'in', page).execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      const brokers = await brokersOf(page);
      const results = page.flatMap((id) => {
        const row = byId.get(id);
        if (!row) return [];
        const access: ClientAccess = row.owner_user_id === user.id ? 'owner' : 'broker';
        return [{ ...toView(row, brokers.get(id) ?? []), access }];
      });
      return { count, results };
    },

    async get(user, id) {
      const row = await findRow(user, id);
      return toView(row, (await brokersOf([id])).get(id) ?? []);
    },

    async getMany(user, ids, on = db) {
      const wanted = [...new Set(ids.filter(validId))];
      const out = new Map<number, ClientView>();
      if (!wanted.length) return out;
      const rows = await on
        .selectFrom('clients')
        .selectAll()
        .where('clients.id', 'in', wanted)
        .where(visibleTo(user))
        .execute();
      const brokers = await brokersOf(
        rows.map((r) => r.id),
        on,
      );
      for (const r of rows) out.set(r.id, toView(r, brokers.get(r.id) ?? []));
      return out;
    },

    async requireAccess(user, id) {
      await findRow(user, id);
    },

    async create(ownerUserId, fields, brokers, on = db, userId = ownerUserId, createdFor) {
      const now = new Date().toISOString();
      const { columns, profile } = split(fields);
      const write = async (trx: Kysely<Database>): Promise<number> => {
        const row = await trx
          .insertInto('clients')
          .values({
            owner_user_id: ownerUserId,
            first_name: columns.first_name ?? '',
            last_name: columns.last_name ?? '',
            email: columns.email ?? null,
            phone_primary: columns.phone_primary ?? null,
            date_of_birth: columns.date_of_birth ?? null,
            gender_sex_at_birth: columns.gender_sex_at_birth ?? null,
            ...clientListKeys({
              first_name: columns.first_name ?? '',
              last_name: columns.last_name ?? '',
              email: columns.email ?? null,
              phone_primary: columns.phone_primary ?? null,
            }),
            profile: JSON.stringify(profile),
            created_at: now,
            updated_at: now,
            created_for_client_id: createdFor ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (brokers.length) await setBrokers(trx, row.id, brokers);
        const created = await trx.selectFrom('clients').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
        await audit.record(trx, {
          clientId: row.id,
          userId,
          entity: 'client',
          entityId: String(row.id),
          changes: diffRecords({}, auditedFields(created, brokers)),
        });
        return row.id;
      };
      return on === db ? db.transaction().execute(write) : write(on);
    },

    async update(id, fields, brokers, on = db, userId, ifMatch) {
      const { columns, profile } = split(fields);
      // Names are required wherever a client is checked; a blank one never replaces a stored name.
      const { first_name, last_name, ...rest } = columns;
      const write = async (trx: Kysely<Database>): Promise<number> => {
        for (let tries = 0; tries < 20; tries++) {
          const row = await trx
            .selectFrom('clients')
            .selectAll()
            .where('id', '=', id)
            .$if(lockRows, (q) => q.forUpdate())
            .executeTakeFirst();
          if (!row) throw notFound();
          const wereBrokers = (await brokersOf([id], trx)).get(id) ?? [];
          if (ifMatch !== undefined && ifMatch !== row.version)
            throw preconditionFailed(CLIENT_CONFLICT, toView(row, wereBrokers), row.version);
          const merged = { ...parseObject(row.profile), ...profile };
          for (const [key, value] of Object.entries(fields)) if (value === undefined) delete merged[key];
          const result = await trx
            .updateTable('clients')
            .set({
              ...rest,
              ...(first_name ? { first_name } : {}),
              ...(last_name ? { last_name } : {}),
              ...clientListKeys({
                first_name: first_name || row.first_name,
                last_name: last_name || row.last_name,
                email: 'email' in rest ? (rest.email ?? null) : row.email,
                phone_primary: 'phone_primary' in rest ? (rest.phone_primary ?? null) : row.phone_primary,
              }),
              profile: JSON.stringify(merged),
              updated_at: new Date().toISOString(),
              version: row.version + 1,
            })
            .where('id', '=', id)
            .where('version', '=', row.version)
            .executeTakeFirst();
          // Another transaction changed the client between the read and the write: read it again and merge on top.
          if (Number(result.numUpdatedRows) === 0) continue;
          if (brokers) await setBrokers(trx, id, brokers);
          const now = await trx.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
          await audit.record(trx, {
            clientId: id,
            userId: userId ?? null,
            entity: 'client',
            entityId: String(id),
            changes: diffRecords(auditedFields(row, wereBrokers), auditedFields(now, brokers ?? wereBrokers)),
          });
          return now.version;
        }
        throw new ApiError(503, {
          error: 'The record is being changed by many saves at once. Please try again.',
          errors: [],
        });
      };
      return on === db ? db.transaction().execute(write) : write(on);
    },

    async ownerOf(id) {
      const row = await db.selectFrom('clients').select('owner_user_id').where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound();
      return { ownerUserId: row.owner_user_id, brokers: (await brokersOf([id])).get(id) ?? [] };
    },

    async secondInsureds(user, id) {
      await findRow(user, id);
      return unusedSecondInsureds(db, user.id, id);
    },

    async remove(user, id, withSecondInsureds = false) {
      await findRow(user, id);
      return db.transaction().execute(async (trx) => {
        const seconds = withSecondInsureds ? await unusedSecondInsureds(trx, user.id, id) : [];
        for (const gone of [id, ...seconds.map((s) => s.id)]) {
          for (const table of OWN_RECORDS) await trx.deleteFrom(table).where('client_id', '=', gone).execute();
          await trx.deleteFrom('client_links').where('linked_client_id', '=', gone).execute();
          await trx.deleteFrom('clients').where('id', '=', gone).execute();
        }
        // Those kept are clients in their own right from now on.
        await trx
          .updateTable('clients')
          .set({ created_for_client_id: null })
          .where('created_for_client_id', '=', id)
          .execute();
        return seconds;
      });
    },
    inTurn,
  };
  return store;
}
