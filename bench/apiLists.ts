/**
 * The paged client list (issue 29) with 10,000 clients for one adviser, on SQLite and on PostgreSQL: the server's own
 * time (Fastify's inject: routing, auth, queries, serialisation, no socket) for the first page, page 400 (the
 * 10,000th client), a search, a search across accents, a sorted page deep in the list, and a page of applications;
 * p95 against the 50 ms. Then the size of a page of 25 clients as sent (brotli and gzip) against 10 KB.
 * Figures only, no assertions. BENCH_LIST_CLIENTS changes the book's size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { buildServer } from '../api/server.ts';
import { clientListKeys } from '../api/clients/clientListKeys.ts';
import { print, stats } from './stats.ts';

const CLIENTS = Number(process.env.BENCH_LIST_CLIENTS ?? 10_000);
const RUNS = 200;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BENCH_KEY = 'be'.repeat(32);

const FIRST = [
  'Hélène',
  'Marc',
  'Zoé',
  'Amélie',
  'David',
  'Priya',
  'Olivier',
  'Chloé',
  'Noah',
  'Émile',
  'Sofia',
  'Liam',
];
const LAST = ['Tremblay', 'Gagnon', 'Roy', 'Côté', 'Bouchard', 'Gauthier', 'Morin', 'Lavoie', 'Fortin', 'Gagné'];
const PROFILE = JSON.stringify({
  title: 'ms',
  marital_status: 'married',
  address_line1: '1200 Rue Sherbrooke O',
  city: 'Montréal',
  province: 'QC',
  postal_code: 'H3A 1H6',
  occupation: 'Pharmacist',
});

/** A name of letters only (names refuse digits), different for each n. */
function letters(n: number): string {
  let out = '';
  for (let i = 0; i < 3; i++, n = Math.floor(n / 26)) out += String.fromCharCode(97 + (n % 26));
  return out;
}

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
    const base = Date.parse('2024-01-01T00:00:00Z');
    for (let from = 0; from < CLIENTS; from += 500) {
      const rows = Array.from({ length: Math.min(500, CLIENTS - from) }, (_, k) => {
        const i = from + k;
        const at = new Date(base + i * 60_000).toISOString();
        const client = {
          owner_user_id: userId,
          first_name: FIRST[i % FIRST.length],
          last_name: `${LAST[Math.floor(i / FIRST.length) % LAST.length]}-${letters(i)}`,
          email: `client.${letters(i)}@example.com`,
          phone_primary: `514-555-${String(i % 10_000).padStart(4, '0')}`,
          date_of_birth: '1984-03-12',
          gender_sex_at_birth: 'female',
          profile: PROFILE,
          created_at: at,
          updated_at: at,
        };
        return { ...client, ...clientListKeys(client) };
      });
      const ids = await db.insertInto('clients').values(rows).returning('id').execute();
      // One application for every tenth client, so the applications list has a thousand to page.
      await db
        .insertInto('life_applications')
        .values(
          ids
            .filter((_, k) => k % 10 === 0)
            .map((r) => ({
              client_id: r.id,
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
    }
    // PostgreSQL plans from its statistics: as autovacuum would after such a load.
    if (kind === 'postgres') await sql`analyze`.execute(db);
    console.log(
      `${kind}: ${CLIENTS} clients for one adviser seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const headers = { authorization: `Token ${token}` };
    const cases: [string, string][] = [
      ['first page', '/api/clients/'],
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

await run('sqlite');
await run('postgres');
