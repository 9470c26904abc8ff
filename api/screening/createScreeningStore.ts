import type { Kysely } from 'kysely';
import { visibleTo } from '../clients/visibleTo.ts';
import type { Database } from '../db/tables.ts';
import { notFound } from '../http/apiError.ts';
import { PLAIN_CODEC, type RecordCodec } from '../secrets/createRecordCodec.ts';
import type { ApplicationData, AuthUser, JsonObject } from '../types.ts';

export interface ScreeningStore {
  /** Every stored step record of the client, keyed by step id. */
  load(clientId: number): Promise<ApplicationData>;
  /** Every stored step record of a client the user may see, in one query; 404 when the client is not theirs. */
  loadVisible(user: AuthUser, clientId: number): Promise<ApplicationData>;
  /** One stored step record, or undefined. */
  loadStep(clientId: number, stepId: string): Promise<JsonObject | undefined>;
  /** Writes one step record whole, in one statement (one transaction); other steps are not touched. */
  save(clientId: number, stepId: string, record: JsonObject): Promise<void>;
  /** Writes one step record inside a transaction the caller holds (a save that also writes other records). */
  saveIn(trx: Kysely<Database>, clientId: number, stepId: string, record: JsonObject): Promise<void>;
  /** Removes every step record of a client (Start Over). */
  clear(clientId: number, trx?: Kysely<Database>): Promise<void>;
}

function parse(text: string): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : undefined;
  } catch {
    return undefined;
  }
}

interface Write {
  client_id: number;
  step_id: string;
  data: string;
  updated_at: string;
  done: (err?: unknown) => void;
}

function upsert(db: Kysely<Database>, w: Write) {
  return db
    .insertInto('screening_records')
    .values({ client_id: w.client_id, step_id: w.step_id, data: w.data, updated_at: w.updated_at })
    .onConflict((oc) => oc.columns(['client_id', 'step_id']).doUpdateSet({ data: w.data, updated_at: w.updated_at }))
    .execute();
}

/**
 * Group commit for SQLite: saves queued during one turn of the event loop are written in one transaction, so
 * concurrent saves share one fsync. Each caller is answered only after the commit. If the batch fails, each
 * write is retried alone, so one bad write cannot fail the others.
 */
function createGroupCommit(db: Kysely<Database>): (w: Omit<Write, 'done'>) => Promise<void> {
  let queue: Write[] = [];
  const flush = async (): Promise<void> => {
    const jobs = queue;
    queue = [];
    try {
      if (jobs.length === 1) await upsert(db, jobs[0]);
      else await db.transaction().execute(async (trx) => {
        for (const job of jobs) await upsert(trx, job);
      });
      for (const job of jobs) job.done();
    } catch (err) {
      if (jobs.length === 1) {
        jobs[0].done(err);
        return;
      }
      for (const job of jobs) {
        try {
          await upsert(db, job);
          job.done();
        } catch (e) {
          job.done(e);
        }
      }
    }
  };
  return (w) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ ...w, done: (err) => (err === undefined ? resolve() : reject(err)) });
      if (queue.length === 1) setImmediate(() => void flush());
    });
}

/**
 * Step records, one row per client and step (primary key client_id + step_id).
 * @param db - the data layer
 * @param groupCommit - batch concurrent writes into one transaction (SQLite, where each commit is an fsync)
 * @param codec - seals the secret answers (SINs) on write and opens them on read; none by default
 */
export function createScreeningStore(db: Kysely<Database>, groupCommit = false, codec: RecordCodec = PLAIN_CODEC): ScreeningStore {
  const openRecord = (clientId: number, stepId: string, text: string): JsonObject | undefined => {
    const record = parse(text);
    return record && codec.open(clientId, stepId, record);
  };
  const stored = (clientId: number, stepId: string, record: JsonObject): string => JSON.stringify(codec.seal(clientId, stepId, record));
  const write = groupCommit ? createGroupCommit(db) : (w: Omit<Write, 'done'>) => upsert(db, { ...w, done: () => undefined }).then(() => undefined);
  return {
    async load(clientId) {
      const rows = await db.selectFrom('screening_records').select(['step_id', 'data']).where('client_id', '=', clientId).execute();
      const data: ApplicationData = {};
      for (const row of rows) {
        const record = openRecord(clientId, row.step_id, row.data);
        if (record) data[row.step_id] = record;
      }
      return data;
    },
    async loadVisible(user, clientId) {
      const rows = await db
        .selectFrom('clients')
        .leftJoin('screening_records', 'screening_records.client_id', 'clients.id')
        .select(['clients.id', 'screening_records.step_id', 'screening_records.data'])
        .where('clients.id', '=', clientId)
        .where(visibleTo(user))
        .execute();
      if (rows.length === 0) throw notFound();
      const data: ApplicationData = {};
      for (const row of rows) {
        const record = row.step_id && row.data ? openRecord(clientId, row.step_id, row.data) : undefined;
        if (row.step_id && record) data[row.step_id] = record;
      }
      return data;
    },
    async loadStep(clientId, stepId) {
      const row = await db
        .selectFrom('screening_records')
        .select('data')
        .where('client_id', '=', clientId)
        .where('step_id', '=', stepId)
        .executeTakeFirst();
      return row ? openRecord(clientId, stepId, row.data) : undefined;
    },
    async save(clientId, stepId, record) {
      await write({ client_id: clientId, step_id: stepId, data: stored(clientId, stepId, record), updated_at: new Date().toISOString() });
    },
    async saveIn(trx, clientId, stepId, record) {
      await upsert(trx, { client_id: clientId, step_id: stepId, data: stored(clientId, stepId, record), updated_at: new Date().toISOString(), done: () => undefined });
    },
    async clear(clientId, trx = db) {
      await trx.deleteFrom('screening_records').where('client_id', '=', clientId).execute();
    },
  };
}
