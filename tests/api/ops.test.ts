import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../api/server.ts';
import { databases, PG_URL, startServer } from '../support/apiServer.ts';
import { startProcess } from '../support/startProcess.ts';

describe.each(databases)('the operational surface (%s)', (kind) => {
  it('answers health, readiness and metrics without a token, and is not ready once draining', async () => {
    const server = await startServer(kind);
    try {
      expect((await server.call('GET', '/api/health')).body).toEqual({ status: 'ok' });
      expect((await server.call('GET', '/api/ready')).status).toBe(200);
      await server.call('GET', '/api/clients/123/');
      const metrics = await server.call('GET', '/metrics');
      expect(metrics.status).toBe(200);
      // Series by route pattern and status, never by raw URL.
      expect(metrics.text).toMatch(/http_requests_total\{method="GET",route="\/clients\/:id\/",status="401"\} 1/);
      expect(metrics.text).not.toContain('/clients/123');
      expect(metrics.text).toContain('http_request_duration_seconds_bucket');
      server.app.drain();
      expect((await server.call('GET', '/api/ready')).status).toBe(503);
    } finally {
      await server.close();
    }
  });
});

describe('two instances starting at once on one new PostgreSQL database', () => {
  const schema = `ops_${process.pid}_${Date.now().toString(36)}`;
  afterAll(async () => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  });

  it('both migrate and start: the migrations run once, behind a lock', async () => {
    const dirs = [mkdtempSync(join(tmpdir(), 'ops-a-')), mkdtempSync(join(tmpdir(), 'ops-b-'))];
    const apps = await Promise.all(dirs.map((dataDir) => buildServer({ dataDir, databaseUrl: PG_URL, pgSchema: schema, logLevel: 'silent' })));
    try {
      for (const app of apps) expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  });
});

describe('SIGTERM', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-term-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lets a request in flight finish, then exits 0', async () => {
    const { child, url } = await startProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
    const { port } = new URL(url);
    const body = JSON.stringify({ username: 'nobody@example.com', password: 'not the password' });
    const answer = new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => { text += chunk.toString(); });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.write(`POST /api/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`);
      // The stop arrives while the body is still coming.
      setTimeout(() => child.kill('SIGTERM'), 300);
      setTimeout(() => socket.write(body.slice(10)), 700);
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 401/);
    expect(await exited).toBe(0);
  }, 60_000);
});
