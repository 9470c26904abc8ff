import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDataLayer } from '../../api/db/createDataLayer.ts';
import { createScreeningStore } from '../../api/screening/createScreeningStore.ts';
import type { JsonObject } from '../../engine/index.ts';
import { ADVISER_PROFILE, PG_URL, REDIS_URL } from '../support/apiServer.ts';
import { callFrom } from '../support/callFrom.ts';
import { freshLoopback, keptOpen, openFrom } from '../support/sockets.ts';
import { startProcess } from '../support/startProcess.ts';
import { fullApplication, withEveryInsurer } from '../pdf/support.ts';

// A real cluster: HAProxy (deploy/haproxy.cfg, as shipped) in front of two server processes on one PostgreSQL
// database and one Redis. Every process started here is stopped by its PID at the end.

const schema = `cluster_${process.pid}_${Date.now().toString(36)}`;
const databaseUrl = `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
const dirs: string[] = [];
/** Logins per address and minute on the instances (RATE_LIMIT_LOGIN), and open connections per address on HAProxy. */
const LOGIN_LIMIT = 20;
const PROXY_CONNECTIONS_PER_ADDRESS = 20;
const children = new Set<ChildProcess>();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Instance {
  name: string;
  port: number;
  url: string;
  child?: ChildProcess;
}

async function start(instance: Instance): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), `cluster-${instance.name}-`));
  dirs.push(dataDir);
  const { child } = await startProcess({
    PORT: String(instance.port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    // Each run its own keys: user ids restart in each run's schema, and the throttle counts failures per account.
    REDIS_PREFIX: `${schema}:`,
    DRAIN_MS: '1000',
    SECRET_KEY: '5e'.repeat(32),
    // HAProxy connects from 127.0.0.1: what it forwards names the client in X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_LOGIN: `${LOGIN_LIMIT}/1m`,
    // Redis keeps 127.0.0.1's sign-up count for 10 minutes: runs one after another must not add up to the limit.
    RATE_LIMIT_SIGNUP: '1000/10m',
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  instance.child = child;
}

/** Stops an instance: SIGTERM (it drains, then exits 0) or SIGKILL; resolves with its exit code. */
function stop(instance: Instance, signal: NodeJS.Signals): Promise<number | null> {
  const child = instance.child;
  if (!child || child.exitCode !== null) return Promise.resolve(child?.exitCode ?? null);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

async function call(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; json: JsonObject; bytes: Uint8Array; type: string | null }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Token ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  let json: JsonObject = {};
  try {
    json = JSON.parse(new TextDecoder().decode(bytes)) as JsonObject;
  } catch {
    /* a PDF */
  }
  return { status: res.status, json, bytes, type: res.headers.get('content-type') };
}

/** Waits until HAProxy sees the instance up again (its health checks run every 250 ms, rise 2). */
async function waitServing(proxy: string, instance: Instance): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await call(instance.url, 'GET', '/readyz').catch(() => ({ status: 0 }))).status !== 200) {
    if (Date.now() > deadline) throw new Error(`${instance.name} never became ready`);
    await sleep(100);
  }
  await sleep(1200);
  expect((await call(proxy, 'GET', '/healthz')).status).toBe(200);
}

/** Digits as letters: names accept letters only. */
const lettersOf = (n: number) =>
  String(n)
    .split('')
    .map((d) => 'abcdefghij'[Number(d)])
    .join('');

/**
 * Saves under load: each worker owns one client and changes its last name again and again, remembering the last
 * name the server acknowledged. With `retry`, a failed request is sent again until it is acknowledged (what a
 * client does when an instance dies under it). Returns the failures seen and a stop function.
 */
function saveLoad(proxy: string, token: string, clientIds: number[], retry: boolean) {
  const acknowledged = new Map<number, string>();
  const failures: string[] = [];
  let running = true;
  let saves = 0;
  const workers = clientIds.map(async (clientId) => {
    for (let n = 0; running; n += 1) {
      const lastName = `Load${lettersOf(n)}`;
      for (;;) {
        const answer = await call(proxy, 'PATCH', `/api/clients/${clientId}/`, token, { last_name: lastName }).catch(
          (err: Error) => ({ status: 0, json: { error: err.message } }),
        );
        if (answer.status === 200) {
          acknowledged.set(clientId, lastName);
          saves += 1;
          break;
        }
        failures.push(`${answer.status} ${JSON.stringify(answer.json)}`);
        if (!retry) break;
        await sleep(50);
      }
    }
  });
  return {
    acknowledged,
    failures,
    saves: () => saves,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

async function lastNames(proxy: string, token: string, clientIds: number[]): Promise<Map<number, string>> {
  const stored = new Map<number, string>();
  for (const id of clientIds)
    stored.set(id, String((await call(proxy, 'GET', `/api/clients/${id}/`, token)).json.last_name));
  return stored;
}

describe('two instances behind HAProxy, on one PostgreSQL database and Redis', () => {
  const a: Instance = { name: 'a', port: 0, url: '' };
  const b: Instance = { name: 'b', port: 0, url: '' };
  let proxy = '';
  let haproxy: ChildProcess | undefined;
  let token = '';
  const account = {
    email: `cluster.${process.pid}.${Date.now()}@example.com`,
    password: 'a long pass phrase for the cluster',
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    for (const instance of [a, b]) {
      instance.port = await freePort();
      instance.url = `http://127.0.0.1:${instance.port}`;
    }
    // One after the other: the first migrates (the race is covered in tests/api/ops.test.ts).
    await start(a);
    await start(b);
    const proxyPort = await freePort();
    proxy = `http://127.0.0.1:${proxyPort}`;
    haproxy = spawn('/usr/sbin/haproxy', ['-db', '-f', 'deploy/haproxy.cfg'], {
      env: {
        ...process.env,
        HAPROXY_BIND: `127.0.0.1:${proxyPort}`,
        INSTANCE_A: `127.0.0.1:${a.port}`,
        INSTANCE_B: `127.0.0.1:${b.port}`,
        MAX_CONNECTIONS_PER_ADDRESS: String(PROXY_CONNECTIONS_PER_ADDRESS),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.add(haproxy);
    await waitServing(proxy, a);
    await waitServing(proxy, b);
    expect((await call(proxy, 'POST', '/api/users/', undefined, account)).status).toBe(201);
    const login = await call(proxy, 'POST', '/api/login/', undefined, {
      username: account.email,
      password: account.password,
    });
    token = String(login.json.token);
    // Generation asks for the adviser's code at each insurer chosen (issue 26), as any adviser enters it once.
    expect((await call(proxy, 'PUT', '/api/profile/', token, ADVISER_PROFILE)).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a login made through one instance works on the other, and a logout is effective on both at once', async () => {
    const login = await call(a.url, 'POST', '/api/login/', undefined, {
      username: account.email,
      password: account.password,
    });
    const session = String(login.json.token);
    expect((await call(b.url, 'GET', '/api/clients/', session)).status).toBe(200);
    expect((await call(a.url, 'GET', '/api/clients/', session)).status).toBe(200);
    expect((await call(b.url, 'POST', '/api/logout/', session)).status).toBeLessThan(300);
    // Redis carries the revocation: allow it the time of a message, never a cache lifetime.
    await sleep(100);
    expect((await call(a.url, 'GET', '/api/clients/', session)).status).toBe(401);
    expect((await call(b.url, 'GET', '/api/clients/', session)).status).toBe(401);
  });

  it('failed logins are counted across both instances', async () => {
    const target = {
      email: `throttled.${process.pid}.${Date.now()}@example.com`,
      password: 'another long pass phrase',
    };
    expect((await call(proxy, 'POST', '/api/users/', undefined, target)).status).toBe(201);
    // Five failures spread over the two instances: each alone saw too few to wait, together they are the limit.
    for (const instance of [a, b, a, b, a]) {
      expect(
        (
          await call(instance.url, 'POST', '/api/login/', undefined, {
            username: target.email,
            password: 'not the password at all',
          })
        ).status,
      ).toBe(401);
    }
    const next = await call(b.url, 'POST', '/api/login/', undefined, {
      username: target.email,
      password: target.password,
    });
    expect(next.status).toBe(429);
  });

  it('two clients behind HAProxy are limited separately (TRUST_PROXY), and a forged X-Forwarded-For escapes nothing', async () => {
    const [first, second] = [freshLoopback(), freshLoopback()];
    const login = (from: string, i: number, headers: Record<string, string> = {}) =>
      callFrom(
        from,
        proxy,
        'POST',
        '/api/login/',
        { username: `nobody.${i}@example.com`, password: 'not the password' },
        headers,
      );
    const answers: number[] = [];
    // Each login forges another client address: the proxy drops it, so they all count as the first client's.
    for (let i = 0; i < LOGIN_LIMIT + 1; i += 1)
      answers.push((await login(first, i, { 'x-forwarded-for': `198.51.100.${i + 1}` })).status);
    expect(answers.slice(0, LOGIN_LIMIT).every((s) => s === 401)).toBe(true);
    expect(answers[LOGIN_LIMIT]).toBe(429);
    // The second client, through the same proxy, still logs in.
    expect((await login(second, 0)).status).toBe(401);
    expect(
      (await callFrom(second, proxy, 'POST', '/api/login/', { username: account.email, password: account.password }))
        .status,
    ).toBe(200);
  });

  it("HAProxy caps one address's open connections (deploy/haproxy.cfg), not the others'", async () => {
    const [hog, other] = [freshLoopback(), freshLoopback()];
    // A few more than the cap: the proxy keeps the cap's worth open and closes the rest at once.
    const sockets = await Promise.all(
      Array.from({ length: PROXY_CONNECTIONS_PER_ADDRESS + 3 }, () => openFrom(hog, proxy)),
    );
    expect(await keptOpen(sockets, 1_000)).toBe(PROXY_CONNECTIONS_PER_ADDRESS);
    expect((await callFrom(other, proxy, 'GET', '/healthz')).status).toBe(200);
    for (const s of sockets) s.destroy();
    await sleep(200);
    expect((await callFrom(hog, proxy, 'GET', '/healthz')).status).toBe(200);
  });

  it('a PDF generated through the proxy downloads from either instance', async () => {
    const created = await call(proxy, 'POST', '/api/clients/', token, {
      first_name: 'Olivia',
      last_name: 'Bennett',
      email: 'olivia@example.com',
      phone_primary: '416-555-0123',
      date_of_birth: '1985-06-15',
      gender_sex_at_birth: 'female',
    });
    const clientId = Number(created.json.id);
    const layer = await createDataLayer({ dataDir: '', databaseUrl });
    try {
      const store = createScreeningStore(layer.db);
      for (const [stepId, record] of Object.entries(withEveryInsurer(fullApplication()))) {
        if (stepId !== '$context' && record) await store.save(clientId, stepId, record as JsonObject);
      }
    } finally {
      await layer.close();
    }
    const generated = await call(proxy, 'POST', '/api/pdf/generate_pdf/', token, {
      client_id: clientId,
      populate_forms: ['BMO', 'MANULIFE'],
    });
    expect(generated.status).toBe(200);
    const files = (generated.json.data as { files: { url: string }[] }).files;
    expect(files).toHaveLength(2);
    for (const instance of [a, b]) {
      for (const file of files) {
        const pdf = await call(instance.url, 'GET', file.url, token);
        expect(pdf.status).toBe(200);
        expect(pdf.type).toBe('application/pdf');
        expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-');
      }
    }
  });

  async function loadClients(count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const created = await call(proxy, 'POST', '/api/clients/', token, {
        first_name: 'Load',
        last_name: 'Start',
        email: `load${i}@example.com`,
        phone_primary: '416-555-0123',
        date_of_birth: '1980-01-01',
        gender_sex_at_birth: 'male',
      });
      ids.push(Number(created.json.id));
    }
    return ids;
  }

  it('a rolling restart of each instance in turn, under saves, fails no request and loses no acknowledged save', async () => {
    const clientIds = await loadClients(6);
    const load = saveLoad(proxy, token, clientIds, false);
    await sleep(500);
    for (const instance of [a, b]) {
      expect(await stop(instance, 'SIGTERM')).toBe(0);
      await start(instance);
      await waitServing(proxy, instance);
    }
    await sleep(500);
    await load.stop();
    console.log(`rolling restart: ${load.saves()} saves acknowledged, ${load.failures.length} failed`);
    expect(load.failures).toEqual([]);
    expect(load.saves()).toBeGreaterThan(50);
    expect(await lastNames(proxy, token, clientIds)).toEqual(load.acknowledged);
  }, 120_000);

  it('a kill -9 of one instance loses no acknowledged save (the client retries what failed)', async () => {
    const clientIds = await loadClients(6);
    const load = saveLoad(proxy, token, clientIds, true);
    await sleep(700);
    await stop(a, 'SIGKILL');
    await sleep(1000);
    await start(a);
    await waitServing(proxy, a);
    await load.stop();
    console.log(`kill -9: ${load.saves()} saves acknowledged, ${load.failures.length} failed and retried`);
    expect(load.saves()).toBeGreaterThan(50);
    expect(await lastNames(proxy, token, clientIds)).toEqual(load.acknowledged);
  }, 120_000);
});
