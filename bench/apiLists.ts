/**
 * The paged client list (issue 29) with 10,000 clients for one adviser, on SQLite and on PostgreSQL: the server's own
 * time (Fastify's inject: routing, auth, queries, serialisation, no socket) for the first page, page 200 (the
 * middle), page 400 (the 10,000th client), a search, a search across accents, a sorted page deep in the list, and a
 * page of applications; p95 against the 50 ms. Then the size of a page of 25 clients as sent (brotli and gzip) against 10 KB.
 * Figures only, no assertions. BENCH_LIST_CLIENTS changes the book's size; BENCH_LIST_VACUUM=0 skips PostgreSQL's
 * vacuum after the load.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { buildServer } from '../api/server.ts';
import type { ClientOrderField } from '../api/clients/createClientStore.ts';
import type { ListQuery } from '../api/http/listQuery.ts';
import { printListPlans } from './listPlans.ts';
import { seedClients } from './seedClients.ts';
import { print, stats } from './stats.ts';

const CLIENTS = Number(process.env.BENCH_LIST_CLIENTS ?? 10_000);
const RUNS = 200;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BENCH_KEY = 'be'.repeat(32);

async function run(kind: 'sqlite' | 'postgres'): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lists-'));
  const pgSchema = kind === 'postgres' ? `bench_lists_${process.pid}` : undefined;
  const app = await buildServer({
    dataDir,
    logLevel: 'error',
    secretKey: BENCH_KEY,
    seedDemo: false,
    ...(pgSchema ? { databaseUrl: PG_URL, pgSchema } : {}),
  });
  try {
    const email = 'bench.lists@example.com';
    const password = 'correct horse battery';
    await app.inject({ method: 'POST', url: '/api/users/', payload: { email, password } });
    const login = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: email, password } });
    const { token, user_id: userId } = login.json<{ token: string; user_id: number }>();
    const { db } = app.database;
    const started = Date.now();
    // One application for every tenth client, so the applications list has a thousand to page.
    await seedClients(db, userId, CLIENTS, async (ids) => {
      await db
        .insertInto('life_applications')
        .values(
          ids
            .filter((_, k) => k % 10 === 0)
            .map((id) => ({
              client_id: id,
              created_at: new Date().toISOString(),
              application_type: 'NEW',
              product_type: 'term_life',
              number_of_insureds: 1,
              status: 'DRAFT',
              face_amount: 500_000,
              is_current: 1,
            })),
        )
        .execute();
    });
    // PostgreSQL plans from its statistics, and reads an index alone where its visibility map allows: vacuum and
    // analyze, as autovacuum does after such a load (migration 0011). BENCH_LIST_VACUUM=0 analyzes only: the list
    // before autovacuum has run, every index entry checked against its row.
    if (kind === 'postgres') {
      await sql`analyze`.execute(db);
      if (process.env.BENCH_LIST_VACUUM !== '0') await sql`vacuum clients, life_applications`.execute(db);
    }
    console.log(
      `${kind}: ${CLIENTS} clients for one adviser seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const user = { id: userId, email, username: email, role: 'adviser' };
    const last = Math.ceil(CLIENTS / 25);
    const page = (n: number, ordering: ListQuery<ClientOrderField>['ordering'], search?: string) => ({
      page: n,
      pageSize: 25,
      offset: (n - 1) * 25,
      ordering,
      ...(search ? { search } : {}),
    });
    const newest = [{ field: 'updated_at' as const, desc: true }];
    await printListPlans(
      pgSchema
        ? { kind: 'postgres', url: PG_URL, schema: pgSchema }
        : { kind: 'sqlite', file: join(dataDir, 'app.db') },
      user,
      [
        ['first page', page(1, newest)],
        [`page ${Math.ceil(last / 2)}`, page(Math.ceil(last / 2), newest)],
        [`page ${last}`, page(last, newest)],
        ['sorted by last name, page 200', page(200, [{ field: 'last_name', desc: false }])],
        ['search "tremblay"', page(1, newest, 'tremblay')],
      ],
    );
    const headers = { authorization: `Token ${token}` };
    const cases: [string, string][] = [
      ['first page', '/api/clients/'],
      [`page ${Math.ceil(CLIENTS / 50)} (the middle)`, `/api/clients/?page=${Math.ceil(CLIENTS / 50)}`],
      [`page ${Math.ceil(CLIENTS / 25)} (the last client)`, `/api/clients/?page=${Math.ceil(CLIENTS / 25)}`],
      ['search "tremblay"', '/api/clients/?search=tremblay'],
      ['search "helene" (finds Hélène)', '/api/clients/?search=helene'],
      ['search a phone "555-0042"', '/api/clients/?search=555-0042'],
      ['sorted by last name, page 200', '/api/clients/?ordering=last_name&page=200'],
      ['sorted by -email, page 1', '/api/clients/?ordering=-email'],
      ['applications, first page', '/api/applications/'],
      ['applications by client name, page 30', '/api/applications/?ordering=client_name&page=30'],
    ];
    for (const [, url] of cases) {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    for (const [name, url] of cases) {
      const times: number[] = [];
      for (let r = 0; r < RUNS; r++) {
        const t0 = process.hrtime.bigint();
        await app.inject({ method: 'GET', url, headers });
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      const count = app.inject({ method: 'GET', url, headers }).then((r) => r.json<{ count: number }>().count);
      print(`${kind} ${name} [count ${await count}]`, stats(times), 'ms', 'target: p95 under 50 ms');
    }
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/clients/',
        headers: { ...headers, 'accept-encoding': encoding },
      });
      console.log(
        `${kind} a page of 25 clients, ${encoding}: ${(res.rawPayload.length / 1024).toFixed(1)} KB (${res.headers['content-encoding'] ?? 'identity'}; target: under 10 KB compressed)`,
      );
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (pgSchema) {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop schema if exists ${pgSchema} cascade`);
      await client.end();
    }
  }
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
console.log(`load average ${load()} (2 cores, shared)`);
await run('sqlite');
await run('postgres');
console.log(`load average ${load()}`);
