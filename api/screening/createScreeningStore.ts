import { PostgresAdapter, sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { auditRow, type AuditEntry } from '../audit/createAuditLog.ts';
import { viewerOf, visibleToViewer, type Viewer } from '../clients/visibleTo.ts';
import { preparedQuery, type PreparedQuery } from '../db/preparedQuery.ts';
import type { SqliteWriter, WriterJob } from '../db/createSqliteWriter.ts';
import type { Database } from '../db/tables.ts';
import { notFound } from '../http/apiError.ts';
import { PLAIN_CODEC, type RecordCodec } from '../secrets/createRecordCodec.ts';
import type { ClientView } from '../clients/clientSchemas.ts';
import type { ApplicationData, AuthUser, JsonObject } from '../types.ts';
import { toClientView } from '../clients/toClientView.ts';

/** A client's step records as stored, with the version of each. */
export interface StoredScreening {
  data: ApplicationData;
  /** The version of each stored step record (a step with no record has none: version 0). */
  versions: Record<string, number>;
  /** The client's own record, read in the same query (so composing its step objects needs no other). */
  client: ClientView;
}

/**
 * Which stored version a write expects: 0 for none stored yet, a number for that version, undefined for any
 * (a whole-record PUT without If-Match: the last writer wins, but never half of one write).
 */
export type Expected = number | undefined;

export interface ScreeningStore {
  /** Every stored step record of the client, keyed by step id. */
  load(clientId: number): Promise<ApplicationData>;
  /** Every stored step record of a client the user may see, with their versions, in one query; 404 when the client is not theirs. */
  loadVisible(user: AuthUser, clientId: number): Promise<StoredScreening>;
  /**
   * Writes one step record whole, with its audit entry, when its stored version is the one expected: both or none.
   * @returns the new version, or null when another write came first (nothing written)
   */
  save(
    clientId: number,
    stepId: string,
    record: JsonObject,
    expected?: Expected,
    audit?: AuditEntry,
  ): Promise<number | null>;
  /** The same, inside a transaction the caller holds (a save that also writes other records). */
  saveIn(
    trx: Kysely<Database>,
    clientId: number,
    stepId: string,
    record: JsonObject,
    expected?: Expected,
  ): Promise<number | null>;
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
  expected: Expected;
  audit?: AuditEntry;
  done: (err: unknown, version?: number | null) => void;
}

/** The values of one write, as its prepared query takes them. */
type WriteValues = Pick<Write, 'client_id' | 'step_id' | 'data' | 'updated_at'> & { expected: number | undefined };
const WRITE_VALUES = ['client_id', 'step_id', 'data', 'updated_at', 'expected'] as const;
type AuditValues = {
  [K in Exclude<keyof Insertable<Database['audit_log']>, 'id'> as `audit_${K}`]-?: Insertable<Database['audit_log']>[K];
};
const AUDIT_VALUES = [
  'audit_client_id',
  'audit_user_id',
  'audit_at',
  'audit_entity',
  'audit_entity_id',
  'audit_changes',
] as const;

/** The compare-and-set write of one step record, answering the new version (no row when another write came first). */
function writeQuery(db: Kysely<Database>, w: WriteValues, kind: Kind) {
  const { client_id, step_id, data, updated_at, expected } = w;
  if (kind === 'any') {
    return db
      .insertInto('screening_records')
      .values({ client_id, step_id, data, updated_at })
      .onConflict((oc) =>
        oc
          .columns(['client_id', 'step_id'])
          .doUpdateSet({ data, updated_at, version: sql<number>`screening_records.version + 1` }),
      )
      .returning('version');
  }
  if (kind === 'new') {
    return db
      .insertInto('screening_records')
      .values({ client_id, step_id, data, updated_at })
      .onConflict((oc) => oc.columns(['client_id', 'step_id']).doNothing())
      .returning('version');
  }
  return db
    .updateTable('screening_records')
    .set({ data, updated_at, version: sql<number>`version + 1` })
    .where('client_id', '=', client_id)
    .where('step_id', '=', step_id)
    .where('version', '=', expected as number)
    .returning('version');
}

/** Which write an expected version asks for: any version (undefined), none stored yet (0), or that version. */
type Kind = 'any' | 'new' | 'version';
const kindOf = (expected: Expected): Kind => (expected === undefined ? 'any' : expected === 0 ? 'new' : 'version');

/**
 * The writes of one database, each built and compiled once (api/db/preparedQuery.ts): the compare-and-set alone and
 * its audit row; and on PostgreSQL, several writes as one statement: each compare-and-set and its audit row in
 * data-modifying CTEs, so a save is one round trip and one implicit transaction (no BEGIN and COMMIT round trips
 * holding a connection), and concurrent saves share it and its commit. An audit row is inserted from its write's
 * result, so it exists exactly when the write happened.
 */
function createWrites() {
  const kinds: Kind[] = ['any', 'new', 'version'];
  const alone = new Map(kinds.map((kind) => [kind, preparedQuery(WRITE_VALUES, (db, m) => writeQuery(db, m, kind))]));
  const auditInsert = preparedQuery(AUDIT_VALUES, (db, m) =>
    db.insertInto('audit_log').values({
      client_id: m.audit_client_id,
      user_id: m.audit_user_id,
      at: m.audit_at,
      entity: m.audit_entity,
      entity_id: m.audit_entity_id,
      changes: m.audit_changes,
    }),
  );
  const valuesOf = (w: Omit<Write, 'done'>): WriteValues => ({
    client_id: w.client_id,
    step_id: w.step_id,
    data: w.data,
    updated_at: w.updated_at,
    expected: w.expected,
  });
  const auditValuesOf = (entry: Insertable<Database['audit_log']>): AuditValues => ({
    audit_client_id: entry.client_id,
    audit_user_id: entry.user_id ?? null,
    audit_at: entry.at,
    audit_entity: entry.entity,
    audit_entity_id: entry.entity_id,
    audit_changes: entry.changes,
  });
  const query = (kind: Kind): PreparedQuery<(typeof WRITE_VALUES)[number], { version: number }> =>
    alone.get(kind) as PreparedQuery<(typeof WRITE_VALUES)[number], { version: number }>;

  /** The statement of writes of these shapes (their kind, `+audit` when they write an audit row), the values of the i-th named `${i}:${name}`. */
  const statementOf = (shapes: string[]) => {
    const names = shapes.flatMap((shape, i) =>
      [...WRITE_VALUES, ...(shape.endsWith('+audit') ? AUDIT_VALUES : [])].map((n) => `${i}:${n}`),
    );
    return preparedQuery(names, (db, m) => {
      const at = (i: number, name: string): never => m[`${i}:${name}`];
      const ctes = shapes.flatMap((shape, i) => {
        const w = sql.raw(`w${i}`);
        const write = writeQuery(
          db,
          {
            client_id: at(i, 'client_id'),
            step_id: at(i, 'step_id'),
            data: at(i, 'data'),
            updated_at: at(i, 'updated_at'),
            expected: at(i, 'expected'),
          },
          shape.replace('+audit', '') as Kind,
        );
        const audit = sql`${sql.raw(`a${i}`)} as (
        insert into audit_log (client_id, user_id, at, entity, entity_id, changes)
        select ${at(i, 'audit_client_id')}::integer, ${at(i, 'audit_user_id')}::integer, ${at(i, 'audit_at')}::text, ${at(i, 'audit_entity')}::text, ${at(i, 'audit_entity_id')}::text, ${at(i, 'audit_changes')}::text from ${w}
      )`;
        return shape.endsWith('+audit') ? [sql`${w} as (${write})`, audit] : [sql`${w} as (${write})`];
      });
      const answers = shapes.map((_, i) => sql`select ${sql.lit(i)}::integer as i, version from ${sql.raw(`w${i}`)}`);
      return sql<{
        i: number;
        version: number;
      }>`with ${sql.join(ctes, sql`, `)} ${sql.join(answers, sql` union all `)}`;
    });
  };
  const statements = new Map<string, ReturnType<typeof statementOf>>();

  return {
    /** A compare-and-set write and its audit row as statements for the SQLite writer thread, compiled for the database given. */
    jobOf(db: Kysely<Database>, w: Omit<Write, 'done'>): WriterJob {
      const entry = w.audit && auditRow(w.audit);
      return {
        write: query(kindOf(w.expected)).bind(db, valuesOf(w)),
        ...(entry ? { then: auditInsert.bind(db, auditValuesOf(entry)) } : {}),
      };
    },
    /** A compare-and-set write and its audit row: the new version, or null when the stored version is not the expected one. */
    async upsert(db: Kysely<Database>, w: Omit<Write, 'done'>): Promise<number | null> {
      const [row] = await query(kindOf(w.expected))(db, valuesOf(w));
      if (!row) return null;
      const entry = w.audit && auditRow(w.audit);
      if (entry) await auditInsert(db, auditValuesOf(entry));
      return row.version;
    },
    /**
     * Writes of distinct records as one PostgreSQL statement: all of them commit, or none (the statement fails).
     * @returns each one's new version, or null where the stored version was not the expected one
     */
    async upsertAll(db: Kysely<Database>, ws: Omit<Write, 'done'>[]): Promise<(number | null)[]> {
      const entries = ws.map((w) => w.audit && auditRow(w.audit));
      const shapes = ws.map((w, i) => `${kindOf(w.expected)}${entries[i] ? '+audit' : ''}`);
      const key = shapes.join(',');
      let statement = statements.get(key);
      if (!statement) {
        // Batches of many shapes are rare; the cache is bounded all the same.
        if (statements.size >= 200) statements.clear();
        statement = statementOf(shapes);
        statements.set(key, statement);
      }
      const values: Record<string, unknown> = {};
      ws.forEach((w, i) => {
        for (const [name, value] of Object.entries(valuesOf(w))) values[`${i}:${name}`] = value;
        const entry = entries[i];
        if (entry) for (const [name, value] of Object.entries(auditValuesOf(entry))) values[`${i}:${name}`] = value;
      });
      const rows = await statement(db, values);
      const out: (number | null)[] = ws.map(() => null);
      for (const row of rows) out[row.i] = row.version;
      return out;
    },
  };
}
type Writes = ReturnType<typeof createWrites>;

/**
 * Answers each job of a batch (writes, or reads) after `all` ran them together; if the batch fails, each job is
 * retried alone with `one`, so one bad job cannot fail the others (a batch of one answers its own error).
 */
async function settle<T, J extends { done(err: unknown, value?: T): void }>(
  jobs: J[],
  all: (jobs: J[]) => Promise<T[]>,
  one: (job: J) => Promise<T>,
): Promise<void> {
  try {
    const values = await all(jobs);
    jobs.forEach((job, i) => job.done(undefined, values[i]));
  } catch (err) {
    if (jobs.length === 1) {
      jobs[0].done(err);
      return;
    }
    for (const job of jobs) {
      try {
        job.done(undefined, await one(job));
      } catch (e) {
        job.done(e);
      }
    }
  }
}

/**
 * Group commit for PostgreSQL: writes queued during one turn of the event loop go out as one statement (one round
 * trip, one commit), in the order of their records' keys, so two such statements lock rows in the same order. A
 * record already being written (in this statement or one in flight) waits for that write to finish, so the writes
 * of one record keep their order (and one statement never writes a row twice). Each caller is answered only after
 * the commit. If the statement fails, each write is retried alone, so one bad write cannot fail the others.
 */
function createStatementBatches(
  db: Kysely<Database>,
  { upsertAll }: Writes,
  observe?: BatchObserver,
): (w: Omit<Write, 'done'>) => Promise<number | null> {
  let queue: Write[] = [];
  const writing = new Set<string>();
  const keyOf = (w: Write): string => `${w.client_id}\u0000${w.step_id}`;
  const run = (jobs: Write[]): Promise<void> =>
    settle(
      jobs,
      (all) => upsertAll(db, all),
      async (job) => (await upsertAll(db, [job]))[0],
    );
  const flush = async (): Promise<void> => {
    const jobs: Write[] = [];
    const later: Write[] = [];
    for (const job of queue) {
      const key = keyOf(job);
      if (writing.has(key)) later.push(job);
      else {
        writing.add(key);
        jobs.push(job);
      }
    }
    queue = later;
    if (jobs.length === 0) return;
    jobs.sort((a, b) => a.client_id - b.client_id || (a.step_id < b.step_id ? -1 : a.step_id > b.step_id ? 1 : 0));
    observe?.('write', jobs.length);
    await run(jobs);
    for (const job of jobs) writing.delete(keyOf(job));
    if (queue.length) setImmediate(() => void flush());
  };
  return (w) =>
    new Promise<number | null>((resolve, reject) => {
      queue.push({ ...w, done: (err, version) => (err === undefined ? resolve(version ?? null) : reject(err)) });
      if (queue.length === 1) setImmediate(() => void flush());
    });
}

/**
 * Group commit for SQLite: saves queued during one turn of the event loop are written in one transaction, so
 * concurrent saves share one fsync. Each caller is answered only after the commit. If the batch fails, each
 * write is retried alone, so one bad write cannot fail the others. With a writer thread, the transactions run
 * there, so their fsync does not stall the event loop; without one, on the event loop.
 */
function createGroupCommit(
  db: Kysely<Database>,
  { upsert, jobOf }: Writes,
  writer?: SqliteWriter,
  observe?: BatchObserver,
): (w: Omit<Write, 'done'>) => Promise<number | null> {
  let queue: Write[] = [];
  const flush = async (): Promise<void> => {
    const jobs = queue;
    queue = [];
    observe?.('write', jobs.length);
    if (writer) {
      await settle(
        jobs,
        (all) => writer.run(all.map((job) => jobOf(db, job))),
        async (job) => (await writer.run([jobOf(db, job)]))[0],
      );
      return;
    }
    const alone = (job: Write): Promise<number | null> =>
      job.audit ? db.transaction().execute((trx) => upsert(trx, job)) : upsert(db, job);
    await settle(
      jobs,
      async (all) =>
        all.length === 1
          ? [await alone(all[0])]
          : db.transaction().execute(async (trx) => {
              const out: (number | null)[] = [];
              for (const job of all) out.push(await upsert(trx, job));
              return out;
            }),
      alone,
    );
  };
  return (w) =>
    new Promise<number | null>((resolve, reject) => {
      queue.push({ ...w, done: (err, version) => (err === undefined ? resolve(version ?? null) : reject(err)) });
      if (queue.length === 1) setImmediate(() => void flush());
    });
}

/**
 * Told the size of each batch the store sends: how many reads share one statement, how many writes share one
 * statement (PostgreSQL) or one commit (SQLite's group commit). The operator's measure of how much batching pays.
 */
export type BatchObserver = (kind: 'read' | 'write', size: number) => void;

/** One read of a client's step records, by a viewer (as viewerOf reads the account). */
type ReadRequest = { clientId: number } & Viewer;
/** The client's row with one of its step records (none: a client without records gives one row of nulls). */
type ScreeningRow = Selectable<Database['clients']> & {
  step_id: string | null;
  record_data: string | null;
  record_version: number | null;
};

/**
 * Batched reads for PostgreSQL: the reads queued during one turn of the event loop go out as one statement (one
 * round trip, one socket write: on a busy server the event loop's cost per query, not the database, is the limit),
 * and each caller gets the rows of its own request. If the statement fails, each read is retried alone, so one bad
 * request cannot fail the others (a batch of one answers its own error).
 */
function createReadBatches(
  db: Kysely<Database>,
  observe?: BatchObserver,
): (request: ReadRequest) => Promise<ScreeningRow[]> {
  type Read = ReadRequest & { done: (err: unknown, rows?: ScreeningRow[]) => void };
  /**
   * The reads of several requests as one PostgreSQL statement: the requests' values as arrays, unnested with their
   * index, each joined with its client (when visible to its viewer, the rule of visibleToViewer taken per request) and
   * that client's step records. Each row carries the index of its request (1-based, as `with ordinality` counts).
   */
  const visibleScreenings = preparedQuery(['clientIds', 'userIds', 'emails'], (on, m) =>
    on
      .selectFrom(
        sql<{
          client_id: number;
          user_id: number;
          email: string;
          i: string;
        }>`unnest(${m.clientIds}::integer[], ${m.userIds}::integer[], ${m.emails}::text[]) with ordinality`.as<'r'>(
          sql`r(client_id, user_id, email, i)`,
        ),
      )
      .innerJoin('clients', 'clients.id', 'r.client_id')
      .leftJoin('screening_records', 'screening_records.client_id', 'clients.id')
      .selectAll('clients')
      .select([
        sql<number>`r.i::integer`.as('request'),
        'screening_records.step_id',
        'screening_records.data as record_data',
        'screening_records.version as record_version',
      ])
      .where(visibleToViewer({ userId: sql.ref<number>('r.user_id'), email: sql.ref<string>('r.email') })),
  );
  let queue: Read[] = [];
  const readAll = async (reads: ReadRequest[]): Promise<ScreeningRow[][]> => {
    const rows = await visibleScreenings(db, {
      clientIds: reads.map((r) => r.clientId),
      userIds: reads.map((r) => r.userId),
      emails: reads.map((r) => r.email),
    });
    const out: ScreeningRow[][] = reads.map(() => []);
    for (const { request, ...row } of rows) out[request - 1].push(row);
    return out;
  };
  const flush = async (): Promise<void> => {
    const reads = queue;
    queue = [];
    observe?.('read', reads.length);
    await settle(reads, readAll, async (read) => (await readAll([read]))[0]);
  };
  return (request) =>
    new Promise<ScreeningRow[]>((resolve, reject) => {
      queue.push({ ...request, done: (err, rows) => (err === undefined ? resolve(rows ?? []) : reject(err)) });
      if (queue.length === 1) setImmediate(() => void flush());
    });
}

/**
 * Step records, one row per client and step (primary key client_id + step_id).
 * @param db - the data layer
 * @param groupCommit - batch concurrent writes into one transaction (SQLite, where each commit is an fsync)
 * @param codec - seals the secret answers (SINs) on write and opens them on read; none by default
 * @param writer - SQLite: the writer thread the group commit's transactions run in (the data layer's)
 * @param observe - told the size of each batch of reads or writes (the metrics)
 */
export function createScreeningStore(
  db: Kysely<Database>,
  groupCommit = false,
  codec: RecordCodec = PLAIN_CODEC,
  writer?: SqliteWriter,
  observe?: BatchObserver,
): ScreeningStore {
  const openRecord = (clientId: number, stepId: string, text: string): JsonObject | undefined => {
    const record = parse(text);
    return record && codec.open(clientId, stepId, record);
  };
  const stored = (clientId: number, stepId: string, record: JsonObject): string =>
    JSON.stringify(codec.seal(clientId, stepId, record));
  const writes = createWrites();
  // Read on every save: built and compiled once; on PostgreSQL, the reads of one turn share one statement.
  const visibleScreening = preparedQuery(['clientId', 'userId', 'email'], (on, m) =>
    on
      .selectFrom('clients')
      .leftJoin('screening_records', 'screening_records.client_id', 'clients.id')
      .selectAll('clients')
      .select([
        'screening_records.step_id',
        'screening_records.data as record_data',
        'screening_records.version as record_version',
      ])
      .where('clients.id', '=', m.clientId)
      .where(visibleToViewer({ userId: m.userId, email: m.email })),
  );
  const readVisible: (request: ReadRequest) => Promise<ScreeningRow[]> =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? createReadBatches(db, observe)
      : (request) => visibleScreening(db, request);
  const { upsert } = writes;
  const write = groupCommit
    ? createGroupCommit(db, writes, writer, observe)
    : db.getExecutor().adapter instanceof PostgresAdapter
      ? createStatementBatches(db, writes, observe)
      : (w: Omit<Write, 'done'>) => (w.audit ? db.transaction().execute((trx) => upsert(trx, w)) : upsert(db, w));
  return {
    async load(clientId) {
      const rows = await db
        .selectFrom('screening_records')
        .select(['step_id', 'data'])
        .where('client_id', '=', clientId)
        .execute();
      const data: ApplicationData = {};
      for (const row of rows) {
        const record = openRecord(clientId, row.step_id, row.data);
        if (record) data[row.step_id] = record;
      }
      return data;
    },
    async loadVisible(user, clientId) {
      const rows = await readVisible({ clientId, ...viewerOf(user) });
      if (rows.length === 0) throw notFound();
      const data: ApplicationData = {};
      const versions: Record<string, number> = {};
      for (const row of rows) {
        const record = row.step_id && row.record_data ? openRecord(clientId, row.step_id, row.record_data) : undefined;
        if (row.step_id && record) data[row.step_id] = record;
        if (row.step_id && row.record_version !== null) versions[row.step_id] = row.record_version;
      }
      const { step_id: _s, record_data: _d, record_version: _v, ...client } = rows[0];
      void [_s, _d, _v];
      // Brokers are not read here: composing step objects reads the client's fields only.
      return { data, versions, client: toClientView(client, []) };
    },
    save(clientId, stepId, record, expected, audit) {
      return write({
        client_id: clientId,
        step_id: stepId,
        data: stored(clientId, stepId, record),
        updated_at: new Date().toISOString(),
        expected,
        audit,
      });
    },
    saveIn(trx, clientId, stepId, record, expected) {
      return upsert(trx, {
        client_id: clientId,
        step_id: stepId,
        data: stored(clientId, stepId, record),
        updated_at: new Date().toISOString(),
        expected,
      });
    },
    async clear(clientId, trx = db) {
      await trx.deleteFrom('screening_records').where('client_id', '=', clientId).execute();
    },
  };
}
