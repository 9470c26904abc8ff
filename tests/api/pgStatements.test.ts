import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDataLayer } from '../../api/db/createDataLayer.ts';
import { migrateToLatest } from '../../api/db/migrateToLatest.ts';
import { preparedQuery } from '../../api/db/preparedQuery.ts';
import { createStatementNames, statementNames } from '../../api/db/statementNames.ts';
import { ApiError } from '../../api/http/apiError.ts';
import { createScreeningStore } from '../../api/screening/createScreeningStore.ts';
import type { AuthUser, DataLayer } from '../../api/types.ts';
import { PG_URL } from '../support/apiServer.ts';

/** Every call of pg.Client.prototype.query while recording (the pool's clients go through it), with its first argument. */
const sent: unknown[] = [];
const original = pg.Client.prototype.query;
function record(): void {
  sent.length = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    sent.push(args[0]);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
}

describe('PostgreSQL: batched reads and named statements', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-pgstatements-'));
  const pgSchema = `t_pgst_${process.pid}_${Date.now().toString(36)}`;
  let layer: DataLayer;
  const user = (id: number, email: string): AuthUser => ({ id, email, username: `u${id}`, role: 'adviser' });
  // The owner signs in with capitals in the email: the rule compares it lowercased.
  const owner = user(1, 'Owner@Example.com');
  const stranger = user(2, 'stranger@example.com');
  const broker = user(3, 'Broker@Example.com');
  // Listed on a client but never granted: signing up with a listed email reaches nothing.
  const ungranted = user(4, 'ungranted@example.com');

  beforeAll(async () => {
    layer = await createDataLayer({ dataDir, databaseUrl: PG_URL, pgSchema });
    await migrateToLatest(layer);
    const { db } = layer;
    await db
      .insertInto('users')
      .values(
        [owner, stranger, broker, ungranted].map((u) => ({
          email: u.email,
          username: u.username,
          password_hash: 'x',
          role: 'adviser',
          created_at: '2020-01-01',
        })),
      )
      .execute();
    await db
      .insertInto('broker_grants')
      .values({ user_id: broker.id, email: 'broker@example.com', granted_at: '2020-01-01', granted_by: 'test' })
      .execute();
    const client = (ownerId: number, name: string) => ({
      owner_user_id: ownerId,
      first_name: name,
      last_name: 'Client',
      email: null,
      phone_primary: null,
      date_of_birth: null,
      gender_sex_at_birth: null,
      profile: '{}',
      created_at: 'a',
      updated_at: 'a',
    });
    // 1: the owner's, with records; 2: the owner's, none; 3: the stranger's, listing the broker and the ungranted email.
    await db
      .insertInto('clients')
      .values([client(1, 'One'), client(1, 'Two'), client(2, 'Three')])
      .execute();
    await db
      .insertInto('client_brokers')
      .values([
        { client_id: 3, broker_email: 'broker@example.com' },
        { client_id: 3, broker_email: 'ungranted@example.com' },
      ])
      .execute();
    const store = createScreeningStore(layer.db);
    await store.save(1, 'owner', { occupation: 'pilot' });
    await store.save(1, 'owner', { occupation: 'baker' });
    await store.save(1, 'medical', { physician_name: 'Dr. One' });
    await store.save(3, 'owner', { occupation: 'nurse' });
  });
  afterEach(() => {
    pg.Client.prototype.query = original;
  });
  afterAll(async () => {
    await sql`drop schema if exists ${sql.id(pgSchema)} cascade`.execute(layer.db);
    await layer.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** What a read answers: the stored screening, or the HTTP status it fails with. */
  const outcome = (r: PromiseSettledResult<unknown>): unknown =>
    r.status === 'fulfilled' ? r.value : r.reason instanceof ApiError ? r.reason.statusCode : r.reason;

  it('stores a large step record lz4-compressed where the server has lz4, and reads it back whole', async () => {
    const { rows } = await sql<{
      lz4: boolean;
    }>`select 'lz4' = any(enumvals) as lz4 from pg_settings where name = 'default_toast_compression'`.execute(layer.db);
    const store = createScreeningStore(layer.db);
    // Over PostgreSQL's 2 KB threshold, as an owner record with its second owner is.
    const record = { occupation_duties: 'Cabinet maker; designs and builds custom furniture. '.repeat(80) };
    await store.save(2, 'owner', record);
    const stored = await sql<{
      method: string | null;
    }>`select pg_column_compression(data) as method from screening_records where client_id = 2 and step_id = 'owner'`.execute(
      layer.db,
    );
    expect(stored.rows[0].method).toBe(rows[0]?.lz4 ? 'lz4' : 'pglz');
    expect((await store.load(2)).owner).toEqual(record);
    await store.clear(2);
  });

  it('sends the reads of one turn as one statement, each caller getting what it gets alone', async () => {
    const batches: string[] = [];
    const store = createScreeningStore(layer.db, false, undefined, undefined, (kind, size) =>
      batches.push(`${kind} ${size}`),
    );
    const requests: [AuthUser, number][] = [
      [owner, 1],
      [owner, 2],
      [stranger, 1],
      [broker, 3],
      [ungranted, 3],
      [owner, 999],
      [stranger, 3],
      [broker, 1],
      [owner, 1],
    ];
    record();
    const alone: unknown[] = [];
    for (const [u, id] of requests) alone.push(outcome((await Promise.allSettled([store.loadVisible(u, id)]))[0]));
    expect(sent).toHaveLength(requests.length);

    record();
    const together = (await Promise.allSettled(requests.map(([u, id]) => store.loadVisible(u, id)))).map(outcome);
    expect(sent).toHaveLength(1);
    expect(together).toEqual(alone);
    // The observer (the metrics' batch sizes) saw nine reads alone, then nine together.
    expect(batches).toEqual([...requests.map(() => 'read 1'), 'read 9']);

    // And what each gets is what the ownership rule says.
    expect(together.map((r) => (typeof r === 'number' ? r : 'ok'))).toEqual([
      'ok',
      'ok',
      404,
      'ok',
      404,
      404,
      'ok',
      404,
      'ok',
    ]);
    expect(together[0]).toMatchObject({
      data: { owner: { occupation: 'baker' }, medical: { physician_name: 'Dr. One' } },
      versions: { owner: 2, medical: 1 },
      client: { id: 1, first_name: 'One' },
    });
    expect(together[1]).toMatchObject({ data: {}, versions: {}, client: { id: 2, first_name: 'Two' } });
    expect(together[3]).toMatchObject({
      data: { owner: { occupation: 'nurse' } },
      versions: { owner: 1 },
      client: { id: 3 },
    });
  });

  it('retries each read alone when their statement fails, so a bad one fails alone', async () => {
    const store = createScreeningStore(layer.db);
    // An id beyond PostgreSQL's integer fails the statement it is in.
    const results = await Promise.allSettled([
      store.loadVisible(owner, 1),
      store.loadVisible(owner, 2 ** 31),
      store.loadVisible(stranger, 3),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(outcome(results[0])).toMatchObject({ client: { id: 1 } });
    expect(outcome(results[2])).toMatchObject({ client: { id: 3 } });
  });

  it('sends a prepared query by name, prepared on each pool connection it runs on', async () => {
    // Holds its connection a moment, so concurrent calls spread over several connections.
    const probe = preparedQuery(
      ['n', 'name'],
      (_db, m) =>
        sql<{
          n: number;
          pid: number;
          prepared: boolean;
        }>`select ${m.n}::integer as n, pg_backend_pid() as pid, exists (select 1 from pg_prepared_statements where name = ${m.name}::text) as prepared from pg_sleep(0.05)`,
    );
    // Its text is registered when first compiled, before it is sent: its first call is named already.
    record();
    expect(await probe(layer.db, { n: 0, name: '' })).toHaveLength(1);
    const config = sent[0] as { name?: string; text?: string };
    expect(config.name).toBeTruthy();
    expect(statementNames.nameOf(config.text as string)).toBe(config.name);
    const name = config.name as string;
    for (let round = 0; round < 2; round += 1) {
      record();
      const rows = (await Promise.all([1, 2, 3, 4].map((n) => probe(layer.db, { n, name })))).map((r) => r[0]);
      expect(rows.map((r) => r.n)).toEqual([1, 2, 3, 4]);
      // PostgreSQL holds it by that name on every connection that ran it.
      expect(rows.every((r) => r.prepared)).toBe(true);
      expect(new Set(rows.map((r) => r.pid)).size).toBeGreaterThan(1);
      expect(sent.map((s) => (s as { name?: string }).name)).toEqual([name, name, name, name]);
    }
  });

  it('sends a query built anew (not prepared) unnamed', async () => {
    record();
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(layer.db);
    expect(rows).toEqual([{ one: 1 }]);
    expect(sent).toEqual(['select 1 as one']);
  });

  it('runs a named statement again after its table changed under it (sent unnamed from then on)', async () => {
    await sql`create table probe_rows (a integer)`.execute(layer.db);
    await sql`insert into probe_rows values (1)`.execute(layer.db);
    const read = preparedQuery(
      ['a'],
      (_db, m) => sql<Record<string, unknown>>`select * from probe_rows where a = ${m.a}`,
    );
    // Sequential calls reuse the one idle connection: the statement is prepared there.
    expect(await read(layer.db, { a: 1 })).toEqual([{ a: 1 }]);
    expect(await read(layer.db, { a: 1 })).toEqual([{ a: 1 }]);
    await sql`alter table probe_rows add column b text default 'x'`.execute(layer.db);
    for (let i = 0; i < 3; i += 1) expect(await read(layer.db, { a: 1 })).toEqual([{ a: 1, b: 'x' }]);
  });

  // Last: it fills the registry of this process.
  it('keeps the registry of the process bounded, a query beyond it running unnamed', async () => {
    for (let i = 0; i < 2000; i += 1) statementNames.register(`select ${i} as n`);
    expect(statementNames.size).toBeLessThan(2000);
    const size = statementNames.size;
    const late = preparedQuery(['n'], (_db, m) => sql<{ n: number }>`select ${m.n}::integer + 1 as n`);
    record();
    expect(await late(layer.db, { n: 1 })).toEqual([{ n: 2 }]);
    expect(statementNames.size).toBe(size);
    expect(sent).toEqual(['select $1::integer + 1 as n']);
  });
});

describe('statement names', () => {
  it('names at most the limit of texts, each for good, and leaves the others unnamed', () => {
    const names = createStatementNames(3);
    for (const text of ['a', 'b', 'a', 'c', 'd', 'e']) names.register(text);
    expect(names.size).toBe(3);
    const given = ['a', 'b', 'c'].map((t) => names.nameOf(t));
    expect(new Set(given).size).toBe(3);
    expect(given.every((n) => typeof n === 'string' && n.length > 0)).toBe(true);
    expect(names.nameOf('d')).toBeUndefined();
    expect(names.nameOf('e')).toBeUndefined();
    names.register('a');
    expect(names.nameOf('a')).toBe(given[0]);
  });
});
