import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildServer } from '../../api/server.ts';
import { createServerEngine, type ServerEngine } from '../../api/definitions/createServerEngine.ts';
import { createDataLayer } from '../../api/db/createDataLayer.ts';
import { createScreeningStore } from '../../api/screening/createScreeningStore.ts';
import type { DataLayer, JsonObject, ServerOptions } from '../../api/types.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

/** Both databases; the PostgreSQL run is never skipped: an unreachable server fails the tests. */
export const databases: DatabaseKind[] = ['sqlite', 'postgres'];

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Redis, on every machine and in CI. */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A parsed JSON answer, loosely typed on purpose: tests read deep into bodies. */
export type Loose = any;

export interface Answer<T = Loose> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface TestServer {
  kind: DatabaseKind;
  app: FastifyInstance;
  url: string;
  /** Where the data lives, to restart on it. */
  where: Pick<ServerOptions, 'dataDir' | 'databaseUrl' | 'pgSchema'>;
  /** Any call over real HTTP; `token` adds "Authorization: Token {token}". */
  call<T = Loose>(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<Answer<T>>;
  /** Stops this server and starts a new one on the same data. */
  restart(options?: ServerOptions): Promise<TestServer>;
  /** A second connection to the same database (for seeding prerequisite step records in tests). */
  seedRecord(clientId: number, stepId: string, record: JsonObject): Promise<void>;
  /** Stops the server; with `drop`, removes the temporary data too. */
  close(drop?: boolean): Promise<void>;
}

/**
 * Tests sign up and log in many advisers from 127.0.0.1, and send hundreds of requests at once from it; tests of the
 * limits themselves pass their own.
 */
const ROOMY_LIMITS = { signup: { max: 10_000, windowMs: 60_000 }, login: { max: 10_000, windowMs: 60_000 } };

let sharedEngine: ServerEngine | undefined;
/**
 * The engine over this repository's steps/, made once per test file and handed to every server it starts that reads
 * steps/ (a server makes the same one from the same files: loading and compiling every step costs about 1.3 s of CPU
 * a start). A server given its own stepsDir (the drills) or engine makes or uses that one.
 */
function engineFor(options: ServerOptions): ServerEngine | undefined {
  if (options.engine || options.stepsDir) return options.engine;
  sharedEngine ??= createServerEngine();
  return sharedEngine;
}

async function listen(kind: DatabaseKind, where: TestServer['where'], options: ServerOptions): Promise<TestServer> {
  const app = await buildServer({
    logLevel: 'error',
    rateLimits: ROOMY_LIMITS,
    maxConnectionsPerAddress: 0,
    ...options,
    engine: engineFor(options),
    ...where,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  let seedLayer: DataLayer | undefined;
  const server: TestServer = {
    kind,
    app,
    url,
    where,
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.token) headers.authorization = `Token ${opts.token}`;
      let body: string | undefined = opts.raw;
      if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await fetch(url + path, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed as never, text, headers: res.headers };
    },
    async restart(more = {}) {
      await server.close(false);
      return listen(kind, where, { ...options, ...more });
    },
    async seedRecord(clientId, stepId, record) {
      seedLayer ??= await createDataLayer({
        dataDir: where.dataDir ?? '',
        databaseUrl: where.databaseUrl,
        pgSchema: where.pgSchema,
      });
      await createScreeningStore(seedLayer.db).save(clientId, stepId, record);
    },
    async close(drop = true) {
      await seedLayer?.close();
      seedLayer = undefined;
      await app.close();
      if (!drop) return;
      if (where.dataDir) rmSync(where.dataDir, { recursive: true, force: true });
      if (where.pgSchema) {
        const client = new pg.Client({ connectionString: PG_URL });
        await client.connect();
        await client.query(`drop schema if exists ${where.pgSchema} cascade`);
        await client.end();
      }
    },
  };
  return server;
}

/**
 * Starts the real server on 127.0.0.1 (port 0) over a fresh temporary SQLite DATA_DIR or a fresh PostgreSQL schema.
 * @param kind - which database
 * @param options - more server options (tokenTtlMs, engine…)
 */
export async function startServer(kind: DatabaseKind, options: ServerOptions = {}): Promise<TestServer> {
  const where: TestServer['where'] =
    kind === 'sqlite'
      ? { dataDir: mkdtempSync(join(tmpdir(), 'api-test-')) }
      : {
          databaseUrl: PG_URL,
          pgSchema: `t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`,
          dataDir: mkdtempSync(join(tmpdir(), 'api-test-pg-')),
        };
  try {
    return await listen(kind, where, options);
  } catch (err) {
    // A server that fails to start must not leave its temporary data behind.
    if (where.dataDir) rmSync(where.dataDir, { recursive: true, force: true });
    if (where.pgSchema) {
      const client = new pg.Client({ connectionString: PG_URL });
      await client
        .connect()
        .then(() => client.query(`drop schema if exists ${where.pgSchema} cascade`))
        .catch(() => undefined);
      await client.end().catch(() => undefined);
    }
    throw err;
  }
}

let counter = 0;

/** Signs up a fresh adviser and logs in; returns the token and the account. */
export async function signUp(
  server: TestServer,
  name = 'adviser',
): Promise<{ token: string; email: string; password: string; username: string; id: number }> {
  counter += 1;
  const email = `${name}.${process.pid}.${counter}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = 'correct horse battery';
  const created = await server.call('POST', '/api/users/', { body: { email, password } });
  if (created.status !== 201) throw new Error(`sign-up failed: ${created.text}`);
  const login = await server.call('POST', '/api/login/', { body: { username: email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.text}`);
  // A complete adviser profile, as an adviser enters it once: generation asks for each insurer's adviser code.
  const profile = await server.call('PUT', '/api/profile/', { token: login.body.token, body: ADVISER_PROFILE });
  if (profile.status !== 200) throw new Error(`profile failed: ${profile.text}`);
  // Sign-up answers alike for new and registered emails (no id): the id comes with the login.
  return { token: login.body.token, email, password, username: email, id: login.body.user_id };
}

/** A complete adviser profile: a code for each of the five insurers. */
export const ADVISER_PROFILE = {
  full_name: 'Jordan Adviser',
  licence_number: 'ON-1234567',
  licence_provinces: ['ON', 'QC'],
  agency: 'Test Financial MGA',
  adviser_codes: { BMO: 'B-1001', MANULIFE: 'M-2002', SUNLIFE: 'S-3003', BENEVA: 'V-4004', CANADA_LIFE: 'C-5005' },
};

/** A valid client body. */
export function clientBody(overrides: JsonObject = {}): JsonObject {
  return {
    first_name: 'Jane',
    last_name: 'Doe',
    email: 'jane.doe@example.com',
    phone_primary: '416-555-0123',
    date_of_birth: '1985-06-15',
    gender_sex_at_birth: 'female',
    ...overrides,
  };
}

/** Creates a client for the token's user and returns its id. */
export async function createClient(server: TestServer, token: string, overrides: JsonObject = {}): Promise<number> {
  const res = await server.call('POST', '/api/clients/', { token, body: clientBody(overrides) });
  if (res.status !== 201) throw new Error(`create client failed: ${res.text}`);
  return res.body.id;
}
