import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../engine/index.ts';
import { fullApplication } from '../pdf/support.ts';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';

/** The headers issue 12 asks for on every kind of answer. */
function expectSecurityHeaders(headers: Headers, what: string): void {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).not.toContain('unsafe-inline');
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('referrer-policy'), what).toBe('same-origin');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
}

describe.each(databases)('security headers and error shapes (%s)', (kind) => {
  const appDir = mkdtempSync(join(tmpdir(), 'api-headers-app-'));
  let server: TestServer;
  let user: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    writeFileSync(join(appDir, 'index.html'), '<!doctype html><title>Insure</title><div id="root"></div>');
    server = await startServer(kind, { appDir });
    user = await signUp(server);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  it('sends them on pages, API answers, errors and PDFs', async () => {
    const page = await server.call('GET', '/dashboard', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expectSecurityHeaders(page.headers, 'page');
    const list = await server.call('GET', '/api/clients/', { token: user.token });
    expect(list.status).toBe(200);
    expectSecurityHeaders(list.headers, 'API');
    expectSecurityHeaders((await server.call('GET', '/api/clients/')).headers, '401');
    expectSecurityHeaders((await server.call('GET', '/api/nowhere/')).headers, '404');
    expectSecurityHeaders((await server.call('GET', '/api/clients/%E0%A4%A/')).headers, 'bad URL');

    const clientId = await createClient(server, user.token);
    for (const [stepId, record] of Object.entries(fullApplication())) {
      if (stepId !== '$context' && record) await server.seedRecord(clientId, stepId, record as JsonObject);
    }
    const generated = await server.call('POST', '/api/pdf/generate_pdf/', {
      token: user.token,
      body: { client_id: clientId, populate_forms: ['BMO'] },
    });
    expect(generated.status, generated.text).toBe(200);
    const pdf = await fetch(server.url + generated.body.data.s3_url, {
      headers: { authorization: `Token ${user.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expectSecurityHeaders(pdf.headers, 'PDF');
  });

  it('answers a bad URL, an over-long id and an unknown path with {error, errors} and echoes nothing', async () => {
    const marker = 'zz<script>probe';
    const cases: [string, number][] = [
      [`/api/clients/%E0%A4%A${encodeURIComponent(marker)}/`, 400],
      [`/api/clients/${'9'.repeat(150)}${encodeURIComponent(marker)}${'x'.repeat(150)}/`, 414],
      [`/api/${encodeURIComponent(marker)}/`, 404],
      [`/api/clients/${encodeURIComponent(marker)}/`, 401],
    ];
    for (const [path, status] of cases) {
      const res = await server.call('GET', path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(typeof res.body.error, path).toBe('string');
      expect(Array.isArray(res.body.errors), path).toBe(true);
      expect(res.text, path).not.toMatch(/zz|probe|script|%3C/i);
    }
    const missing = await server.call('GET', '/api/clients/999999/', { token: user.token });
    expect(missing.body).toEqual({ error: 'Not found', errors: [] });
  });

  it('answers the login with when its token expires', async () => {
    const before = Date.now();
    const login = await server.call('POST', '/api/login/', { body: { username: user.email, password: user.password } });
    expect(login.status).toBe(200);
    const expires = Date.parse(login.body.expires_at);
    // The default lifetime is twelve hours.
    expect(expires - before).toBeGreaterThan(12 * 3600_000 - 60_000);
    expect(expires - before).toBeLessThanOrEqual(12 * 3600_000 + 60_000);
  });
});

/** Opens a raw connection; resolves when it is connected. */
function open(url: string): Promise<Socket> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves when the peer closes the socket (or it errors), with the time it took. */
function closed(socket: Socket): Promise<number> {
  const start = Date.now();
  return new Promise((resolve) => {
    socket.once('close', () => resolve(Date.now() - start));
    socket.on('error', () => undefined);
    socket.resume();
  });
}

describe('connection limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('sqlite', { maxConnections: 3 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('cuts a body that trickles in within 30 s', async () => {
    const socket = await open(server.url);
    socket.write(
      'POST /api/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const timer = setInterval(() => socket.writable && socket.write(' '), 1000);
    const took = await closed(socket);
    clearInterval(timer);
    expect(took).toBeLessThan(30_000);
  }, 40_000);

  it('refuses connections beyond the cap', async () => {
    const held = await Promise.all([open(server.url), open(server.url), open(server.url)]);
    const extra = await open(server.url);
    // The server drops the extra socket at once; the ones it accepted stay open.
    expect(await closed(extra)).toBeLessThan(2_000);
    expect(held.every((s) => !s.destroyed)).toBe(true);
    for (const s of held) s.destroy();
  });
});
