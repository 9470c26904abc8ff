import { sql, type Kysely, type Selectable } from 'kysely';
import { notFound } from './apiError.ts';
import type { AuthUser, ClientView, ClientsTable, Database, JsonObject, LifeApplicationView } from './types.ts';
import type { ClientCore } from './validateClient.ts';
import { visibleTo } from './visibleTo.ts';

export interface ClientStore {
  /** The user's clients (created by them or listing them as broker), newest first, filtered by a text search. */
  list(user: AuthUser, search?: string): Promise<ClientView[]>;
  /** One client; 404 when missing or not the user's. */
  get(user: AuthUser, id: number, includeApplications?: boolean): Promise<ClientView>;
  /** 404 unless the client exists and belongs to the user. */
  requireAccess(user: AuthUser, id: number): Promise<void>;
  create(user: AuthUser, core: Required<Pick<ClientCore, 'first_name' | 'last_name'>> & ClientCore, profile: JsonObject, brokers: string[]): Promise<ClientView>;
  update(user: AuthUser, id: number, core: ClientCore, profile: JsonObject, brokers: string[] | undefined): Promise<ClientView>;
  remove(user: AuthUser, id: number): Promise<void>;
}

function parseObject(text: string): JsonObject {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : {};
  } catch {
    return {};
  }
}

function toView(row: Selectable<ClientsTable>, brokers: string[]): ClientView {
  return {
    ...parseObject(row.profile),
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone_primary: row.phone_primary,
    phone: row.phone_primary,
    date_of_birth: row.date_of_birth,
    gender_sex_at_birth: row.gender_sex_at_birth,
    brokers,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** `%text%` for LIKE, with the wildcards of the search text escaped. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Clients, their brokers and their applications, with the ownership rule applied to every query.
 * @param db - the data layer
 */
export function createClientStore(db: Kysely<Database>): ClientStore {
  async function brokersOf(ids: number[]): Promise<Map<number, string[]>> {
    const map = new Map<number, string[]>();
    if (ids.length === 0) return map;
    const rows = await db.selectFrom('client_brokers').selectAll().where('client_id', 'in', ids).orderBy('broker_email').execute();
    for (const row of rows) map.set(row.client_id, [...(map.get(row.client_id) ?? []), row.broker_email]);
    return map;
  }

  async function findRow(user: AuthUser, id: number): Promise<Selectable<ClientsTable>> {
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound();
    const row = await db.selectFrom('clients').selectAll().where('clients.id', '=', id).where(visibleTo(user)).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  async function applicationsOf(id: number): Promise<LifeApplicationView[]> {
    const rows = await db
      .selectFrom('life_applications')
      .select(['id', 'created_at', 'application_type', 'product_type', 'number_of_insureds', 'status', 'face_amount'])
      .where('client_id', '=', id)
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({ ...r, face_amount: r.face_amount === null ? null : Number(r.face_amount) }));
  }

  const store: ClientStore = {
    async list(user, search) {
      let query = db.selectFrom('clients').selectAll().where(visibleTo(user));
      const text = search?.trim();
      if (text) {
        const pattern = likePattern(text);
        const like = (expr: ReturnType<typeof sql>) => sql<boolean>`lower(${expr}) like ${pattern} escape '\\'`;
        query = query.where((eb) =>
          eb.or([
            like(sql`clients.first_name || ' ' || clients.last_name`),
            like(sql`coalesce(clients.email, '')`),
            like(sql`coalesce(clients.phone_primary, '')`),
          ]),
        );
      }
      const rows = await query.orderBy('clients.updated_at', 'desc').orderBy('clients.id', 'desc').execute();
      const brokers = await brokersOf(rows.map((r) => r.id));
      return rows.map((r) => toView(r, brokers.get(r.id) ?? []));
    },

    async get(user, id, includeApplications = false) {
      const row = await findRow(user, id);
      const view = toView(row, (await brokersOf([id])).get(id) ?? []);
      if (includeApplications) view.life_applications = await applicationsOf(id);
      return view;
    },

    async requireAccess(user, id) {
      await findRow(user, id);
    },

    async create(user, core, profile, brokers) {
      const now = new Date().toISOString();
      const id = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('clients')
          .values({
            owner_user_id: user.id,
            first_name: core.first_name,
            last_name: core.last_name,
            email: profile.email_consent === false ? null : (core.email ?? null),
            phone_primary: core.phone_primary ?? null,
            date_of_birth: core.date_of_birth ?? null,
            gender_sex_at_birth: core.gender_sex_at_birth ?? null,
            profile: JSON.stringify(profile),
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (brokers.length) await trx.insertInto('client_brokers').values(brokers.map((email) => ({ client_id: row.id, broker_email: email }))).execute();
        return row.id;
      });
      return store.get(user, id);
    },

    async update(user, id, core, profile, brokers) {
      const row = await findRow(user, id);
      const merged = { ...parseObject(row.profile), ...profile };
      const email = merged.email_consent === false ? null : core.email;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('clients')
          .set({ ...core, ...(email !== undefined ? { email } : {}), profile: JSON.stringify(merged), updated_at: new Date().toISOString() })
          .where('id', '=', id)
          .execute();
        if (brokers) {
          await trx.deleteFrom('client_brokers').where('client_id', '=', id).execute();
          if (brokers.length) await trx.insertInto('client_brokers').values(brokers.map((e) => ({ client_id: id, broker_email: e }))).execute();
        }
      });
      return store.get(user, id);
    },

    async remove(user, id) {
      await findRow(user, id);
      await db.transaction().execute(async (trx) => {
        for (const table of ['screening_records', 'screening_progress', 'life_applications', 'client_brokers'] as const) {
          await trx.deleteFrom(table).where('client_id', '=', id).execute();
        }
        await trx.deleteFrom('clients').where('id', '=', id).execute();
      });
    },
  };
  return store;
}
