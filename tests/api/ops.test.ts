import { connect, createServer, type AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../api/server.ts';
import type { FastifyInstance } from 'fastify';
import { createClient, databases, PG_URL, REDIS_URL, signUp, startServer } from '../support/apiServer.ts';
import { startProcess } from '../support/startProcess.ts';

/** The SECRET_KEY of instances that share one database. */
const SHARED_KEY = '5e'.repeat(32);

describe.each(databases)('the operational surface (%s)', (kind) => {
  it('answers liveness and readiness without a token, is not ready once draining, and counts by route pattern', async () => {
    const server = await startServer(kind);
    try {
      expect((await server.call('GET', '/healthz')).body).toEqual({ status: 'ok' });
      expect((await server.call('GET', '/api/readyz')).body).toEqual({ status: 'ready' });
      await server.call('GET', '/api/clients/123/');
      // Never on the public port: the metrics are the operator's.
      expect((await server.call('GET', '/metrics')).status).toBe(404);
      const metrics = await server.app.metrics.metrics();
      // Series by route pattern and status, never by raw URL.
      expect(metrics).toMatch(/http_requests_total\{method="GET",route="\/clients\/:id\/",status="401"\} 1/);
      expect(metrics).not.toContain('/clients/123');
      expect(metrics).toContain('http_request_duration_seconds_bucket');
      if (kind === 'postgres') expect(metrics).toMatch(/insure_db_pool_connections\{state="total"\} \d/);
      server.app.drain();
      expect((await server.call('GET', '/readyz')).status).toBe(503);
    } finally {
      await server.close();
    }
  });

  it('counts step saves by status', async () => {
    const server = await startServer(kind);
    try {
      const { token } = await signUp(server);
      const clientId = await createClient(server, token);
      expect(
        (await server.call('PATCH', `/api/screening/${clientId}/owner/`, { token, body: { owner_type: 'nonsense' } }))
          .status,
      ).toBe(400);
      const metrics = await server.app.metrics.metrics();
      expect(metrics).toMatch(/insure_step_saves_total\{status="400"\} 1/);
    } finally {
      await server.close();
    }
  });

  it('measures how many step-record writes (and, on PostgreSQL, reads) go out together', async () => {
    const server = await startServer(kind);
    try {
      const { token } = await signUp(server);
      const clientId = await createClient(server, token);
      const saved = await server.call('PATCH', `/api/screening/${clientId}/basic/`, {
        token,
        body: { speaks_english_french: true, preferred_language: 'french' },
      });
      expect(saved.status).toBe(200);
      const metrics = await server.app.metrics.metrics();
      // One save alone: one write in its batch, and (PostgreSQL, where reads are batched too) one read.
      expect(metrics).toMatch(/insure_db_batch_size_sum\{kind="write"\} 1\n/);
      expect(metrics).toMatch(/insure_db_batch_size_count\{kind="write"\} 1\n/);
      expect(metrics).toMatch(/insure_db_batch_size_bucket\{le="1",kind="write"\} 1\n/);
      if (kind === 'postgres') expect(metrics).toMatch(/insure_db_batch_size_count\{kind="read"\} [1-9]/);
    } finally {
      await server.close();
    }
  });
});

describe('instances sharing one PostgreSQL database', () => {
  const schemas: string[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    for (const schema of schemas) await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const pair = async (redisUrl?: string) => {
    const schema = `ops_${process.pid}_${Date.now().toString(36)}_${schemas.length}`;
    schemas.push(schema);
    const made = [mkdtempSync(join(tmpdir(), 'ops-a-')), mkdtempSync(join(tmpdir(), 'ops-b-'))];
    dirs.push(...made);
    const apps: FastifyInstance[] = [];
    // Instances on one database share the key that seals SINs (each has its own DATA_DIR).
    for (const dataDir of made)
      apps.push(
        await buildServer({
          dataDir,
          databaseUrl: PG_URL,
          pgSchema: schema,
          redisUrl,
          logLevel: 'silent',
          secretKey: SHARED_KEY,
        }),
      );
    return apps;
  };
  const call = async (app: FastifyInstance, method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    app.inject({ method, url, payload, headers: token ? { authorization: `Token ${token}` } : {} });

  it.each([
    ['without Redis (no token cache)', undefined],
    ['with Redis (revocations broadcast)', REDIS_URL],
  ])('a logout on one instance is effective on the other at once, %s', async (_name, redisUrl) => {
    const [a, b] = await pair(redisUrl);
    try {
      const email = `ops.${process.pid}.${Date.now()}@example.com`;
      const password = 'correct horse battery';
      expect((await call(a, 'POST', '/api/users/', undefined, { email, password })).statusCode).toBe(201);
      const token = (await call(b, 'POST', '/api/login/', undefined, { username: email, password })).json()
        .token as string;
      // Both instances have seen (and may have cached) the token.
      expect((await call(a, 'GET', '/api/clients/', token)).statusCode).toBe(200);
      expect((await call(b, 'GET', '/api/clients/', token)).statusCode).toBe(200);
      expect((await call(a, 'POST', '/api/logout/', token)).statusCode).toBeLessThan(300);
      // A broadcast arrives asynchronously; it must arrive well before any cache lifetime (30 s).
      const deadline = Date.now() + 1000;
      let status = (await call(b, 'GET', '/api/clients/', token)).statusCode;
      while (status === 200 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
        status = (await call(b, 'GET', '/api/clients/', token)).statusCode;
      }
      expect(status).toBe(401);
      if (redisUrl) expect((await call(b, 'GET', '/readyz')).json()).toEqual({ status: 'ready' });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('both migrate and start at once: the migrations run once, behind a lock', async () => {
    const schema = `ops_${process.pid}_${Date.now().toString(36)}_race`;
    schemas.push(schema);
    const made = [mkdtempSync(join(tmpdir(), 'ops-a-')), mkdtempSync(join(tmpdir(), 'ops-b-'))];
    dirs.push(...made);
    const apps = await Promise.all(
      made.map((dataDir) =>
        buildServer({ dataDir, databaseUrl: PG_URL, pgSchema: schema, logLevel: 'silent', secretKey: SHARED_KEY }),
      ),
    );
    try {
      for (const app of apps) expect((await app.inject({ method: 'GET', url: '/api/readyz' })).statusCode).toBe(200);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });
});

describe('METRICS=1', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-metrics-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves the metrics on their own loopback listener, not on the API port', async () => {
    const { child, url, output } = await startProcess(
      { DATA_DIR: dataDir, DATABASE_URL: '', METRICS: '1', METRICS_PORT: '0' },
      /"metrics":"(http:\/\/127\.0\.0\.1:\d+\/metrics)"/,
    );
    try {
      const metricsUrl = /"metrics":"(http:\/\/127\.0\.0\.1:\d+\/metrics)"/.exec(output())?.[1] ?? '';
      await fetch(`${url}/api/healthz`);
      const text = await (await fetch(metricsUrl)).text();
      expect(text).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} 1/);
      expect(text).toContain('process_cpu_seconds_total');
      expect((await fetch(`${url}/metrics`)).status).toBe(404);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

describe('a port already taken', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-port-taken-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each([
    ['PORT', 'The API (HOST, PORT)'],
    ['METRICS_PORT', 'The metrics (METRICS_HOST, METRICS_PORT)'],
  ])(
    '%s: the start stops with the setting to change (exit 1), not a stack trace',
    async (setting, what) => {
      const taken = createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      const { port } = taken.address() as AddressInfo;
      try {
        const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
          env: {
            ...process.env,
            PORT: '0',
            HOST: '127.0.0.1',
            APP_DIR: '/nonexistent',
            DATA_DIR: dataDir,
            DATABASE_URL: '',
            METRICS: '1',
            METRICS_PORT: '0',
            [setting]: String(port),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
        });
        child.stderr.on('data', (chunk: Buffer) => {
          output += chunk.toString();
        });
        const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
        expect(code).toBe(1);
        expect(output).toContain(`The server did not start: ${what} could not listen on 127.0.0.1:${port}`);
        expect(output).toContain('EADDRINUSE');
        expect(output).not.toMatch(/^\s+at /m);
      } finally {
        taken.close();
      }
    },
    60_000,
  );
});

describe('SIGTERM', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-term-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lets a request in flight finish, closes its kept-alive connection, then exits 0 at once', async () => {
    const { child, url } = await startProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
    const { port } = new URL(url);
    const body = JSON.stringify({ username: 'nobody@example.com', password: 'not the password' });
    const answer = new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.write(
        `POST /api/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      );
      // The stop arrives while the body is still coming.
      setTimeout(() => child.kill('SIGTERM'), 300);
      setTimeout(() => socket.write(body.slice(10)), 700);
    });
    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 401/);
    expect(text).toMatch(/^connection: close/im);
    expect(await exited).toBe(0);
    // Well before the 10 s deadline that forces an exit (code 1) when a connection would hold the close.
    expect(Date.now() - started).toBeLessThan(8000);
  }, 60_000);
});
