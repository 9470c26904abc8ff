import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataLayer } from '../../api/db/createDataLayer.ts';
import { createScreeningStore } from '../../api/screening/createScreeningStore.ts';
import { migrateToLatest } from '../../api/db/migrateToLatest.ts';
import type { DataLayer } from '../../api/types.ts';
import { sql } from 'kysely';
import type { AuditEntry } from '../../api/audit/createAuditLog.ts';
import { PG_URL, createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';

describe.each(databases)('group commit of step saves (%s)', (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-group-'));
  const pgSchema = `t_group_${process.pid}_${Date.now().toString(36)}`;
  let layer: DataLayer;
  beforeAll(async () => {
    layer = await createDataLayer(kind === 'sqlite' ? { dataDir } : { dataDir, databaseUrl: PG_URL, pgSchema });
    await migrateToLatest(layer);
    await layer.db
      .insertInto('users')
      .values({ email: 'g@example.com', username: 'g', password_hash: 'x', role: 'adviser', created_at: '2020-01-01' })
      .execute();
    const row = {
      owner_user_id: 1,
      first_name: 'Ga',
      last_name: 'Ga',
      email: null,
      phone_primary: null,
      date_of_birth: null,
      gender_sex_at_birth: null,
      profile: '{}',
      created_at: 'a',
      updated_at: 'a',
    };
    await layer.db.insertInto('clients').values([row, row]).execute();
  });
  afterAll(async () => {
    if (kind === 'postgres') await sql`drop schema if exists ${sql.id(pgSchema)} cascade`.execute(layer.db);
    await layer.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // SQLite commits in the data layer's writer thread (as the server does) or, without one, on the event loop.
  const paths = kind === 'sqlite' ? (['writer thread', 'event loop'] as const) : (['one statement'] as const);
  it.each(paths)('writes the saves of one turn together, in order, and isolates a failing one (%s)', async (path) => {
    await layer.db.deleteFrom('audit_log').execute();
    await layer.db.deleteFrom('screening_records').execute();
    const batches: string[] = [];
    const store = createScreeningStore(
      layer.db,
      kind === 'sqlite',
      undefined,
      path === 'writer thread' ? layer.writer : undefined,
      (k, size) => batches.push(`${k} ${size}`),
    );
    const entry = (n: number): AuditEntry => ({
      clientId: 2,
      userId: 1,
      entity: 'step',
      entityId: 'medical',
      changes: [{ field: 'n', from: null, to: n }],
    });
    const results = await Promise.allSettled([
      store.save(1, 'owner', { n: 1 }),
      store.save(2, 'owner', { n: 2 }),
      store.save(999, 'owner', { n: 3 }), // no such client: the foreign key refuses it
      store.save(1, 'owner', { n: 4 }), // the later save of the same step wins
      store.save(1, 'medical', { n: 5 }),
      store.save(2, 'medical', { n: 6 }, 0, entry(6)), // none stored yet, as expected: written with its audit row
      store.save(2, 'medical', { n: 7 }, 0, entry(7)), // one is stored by then: refused, and no audit row
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(results.slice(5).map((r) => (r.status === 'fulfilled' ? r.value : 'refused'))).toEqual([1, null]);
    expect(await store.load(1)).toEqual({ owner: { n: 4 }, medical: { n: 5 } });
    expect(await store.load(2)).toEqual({ owner: { n: 2 }, medical: { n: 6 } });
    expect(await store.load(999)).toEqual({});
    const trail = await layer.db.selectFrom('audit_log').select(['client_id', 'entity_id', 'changes']).execute();
    expect(trail).toEqual([{ client_id: 2, entity_id: 'medical', changes: JSON.stringify(entry(6).changes) }]);
    // SQLite commits all seven in one transaction. PostgreSQL's statement writes a row once: the second saves of
    // client 1's owner and client 2's medical wait for the first five (the failing one included) to finish.
    expect(batches).toEqual(kind === 'sqlite' ? ['write 7'] : ['write 5', 'write 2']);
  });
});

describe('concurrent saves over HTTP (SQLite)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('sqlite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('acknowledges and keeps every one of many concurrent saves', async () => {
    const { token } = await signUp(server);
    const ids = await Promise.all(Array.from({ length: 8 }, () => createClient(server, token)));
    const saves = ids.flatMap((id, i) =>
      Array.from({ length: 5 }, (_, j) => ({
        id,
        name: `Dr. ${String.fromCharCode(65 + i)}-${String.fromCharCode(97 + j)}`,
      })),
    );
    const answers = await Promise.all(
      saves.map(({ id, name }) =>
        server.call('PUT', `/api/screening/${id}/medical/`, {
          token,
          body: { has_insured_2: false, insured_1: { has_paramedic: false, physician_name: name } },
        }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    for (const id of ids) {
      const stored = (await server.call('GET', `/api/screening/${id}/`, { token })).body.medical;
      expect(answers.map((a) => a.body)).toContainEqual(stored);
    }
  });
});
