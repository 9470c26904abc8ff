import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../engine/index.ts';
import { fullApplication } from '../pdf/support.ts';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';

/** The headers every answer carries (issue 12), and no caching of personal data (issue 24). */
function expectDocumentedHeaders(headers: Headers | Map<string, string>, what: string): void {
  const get = (name: string) => headers.get(name) ?? null;
  expect(get('content-security-policy'), what).toContain("default-src 'self'");
  expect(get('x-content-type-options'), what).toBe('nosniff');
  expect(get('x-frame-options'), what).toBe('DENY');
  expect(get('referrer-policy'), what).toBe('same-origin');
  expect(get('cache-control'), what).toBe('no-store');
}

interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: { error?: unknown; errors?: unknown };
}

/** Sends raw bytes on a new connection (and more, later, when `then` says so) and reads the answer until it closes. */
function raw(url: string, bytes: string, then?: (socket: Socket) => void, from = '127.0.0.1'): Promise<RawAnswer> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect({ port: Number(port), host: '127.0.0.1', localAddress: from }, () => {
      if (bytes) socket.write(bytes);
      then?.(socket);
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const status = Number(statusLine.split(' ')[1]);
      if (!status) return reject(new Error(`no answer: ${JSON.stringify(text)}`));
      const headers = new Map(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()] as const),
      );
      resolve({ status, headers, body: JSON.parse(rest.join('\r\n\r\n')) });
    });
  });
}

function expectShape(answer: RawAnswer, status: number, what: string): void {
  expect(answer.status, what).toBe(status);
  expect(answer.headers.get('content-type'), what).toMatch(/^application\/json/);
  expect(typeof answer.body.error, what).toBe('string');
  expect(Array.isArray(answer.body.errors), what).toBe(true);
  expectDocumentedHeaders(answer.headers, what);
}

describe.each(databases)('every answer has the documented shape and headers (%s)', (kind) => {
  const appDir = mkdtempSync(join(tmpdir(), 'api-shapes-app-'));
  let server: TestServer;
  let user: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    writeFileSync(join(appDir, 'index.html'), '<!doctype html><title>Insure</title>');
    mkdirSync(join(appDir, 'assets'));
    writeFileSync(join(appDir, 'assets', 'app.js'), 'console.log(1)');
    server = await startServer(kind, { appDir, requestTimeoutMs: 1_500 });
    user = await signUp(server);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  it('answers personal data with Cache-Control: no-store, errors and the tax step (full SINs) included', async () => {
    const { token } = user;
    const clientId = await createClient(server, token);
    for (const [stepId, record] of Object.entries(fullApplication()))
      if (stepId !== '$context' && record) await server.seedRecord(clientId, stepId, record as JsonObject);
    const answers = [
      ['the tax step', await server.call('GET', `/api/screening/${clientId}/tax-information/`, { token })],
      ['the whole screening', await server.call('GET', `/api/screening/${clientId}/`, { token })],
      ['a client', await server.call('GET', `/api/clients/${clientId}/`, { token })],
      ['the client list', await server.call('GET', '/api/clients/', { token })],
      ['the user', await server.call('GET', '/api/clients/user_info/', { token })],
      [
        'a login',
        await server.call('POST', '/api/login/', { body: { username: user.email, password: user.password } }),
      ],
      ['a 401', await server.call('GET', '/api/clients/')],
      ['a 404', await server.call('GET', '/api/nowhere/', { token })],
      [
        'a 400',
        await server.call('POST', '/api/clients/', {
          token,
          raw: '{',
          headers: { 'content-type': 'application/json' },
        }),
      ],
      ['a bad URL', await server.call('GET', '/api/clients/%E0%A4%A/')],
      ['the health check', await server.call('GET', '/healthz')],
    ] as const;
    for (const [what, res] of answers) expect(res.headers.get('cache-control'), what).toBe('no-store');
    // The app's built files say their own caching.
    const asset = await fetch(`${server.url}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).not.toBe('no-store');
  });

  it('answers a malformed request line with 400 {error, errors} and the headers', async () => {
    expectShape(await raw(server.url, 'GARBAGE\r\n\r\n'), 400, 'no method or version');
    expectShape(await raw(server.url, 'GET /api/healthz HTTP/9.9\r\nHost: x\r\n\r\n'), 400, 'a made-up version');
    expectShape(await raw(server.url, 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'), 400, 'a header line');
  });

  it('answers oversized headers with 431 {error, errors} and the headers', async () => {
    const big = `GET /api/clients/ HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(40_000)}\r\n\r\n`;
    expectShape(await raw(server.url, big), 431, 'headers over 16 kB');
  });

  it('answers a body that does not arrive in time with 408 {error, errors} and the headers', async () => {
    let timer: NodeJS.Timeout | undefined;
    const answer = await raw(
      server.url,
      'POST /api/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      (socket) => {
        timer = setInterval(() => socket.writable && socket.write(' '), 200);
      },
    );
    clearInterval(timer);
    expectShape(answer, 408, 'a trickling body');
  });

  it('answers a connection over either cap with 503 {error, errors} and the headers, and keeps the others', async () => {
    const capped = await startServer(kind, { maxConnections: 4, maxConnectionsPerAddress: 2 });
    const hold = (from: string) =>
      new Promise<Socket>((resolve) => {
        const s = connect({ port: Number(new URL(capped.url).port), host: '127.0.0.1', localAddress: from }, () =>
          resolve(s),
        );
      });
    const request = 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n';
    // One address's share: its third connection is refused, another address is served.
    const mine = await Promise.all([hold('127.0.0.31'), hold('127.0.0.31')]);
    const perAddress = await raw(capped.url, request, undefined, '127.0.0.31');
    expectShape(perAddress, 503, "a connection over one address's cap");
    expect(perAddress.headers.get('retry-after')).toBe('1');
    // Everyone's: with four open, a fifth from a new address is refused too.
    const others = await Promise.all([hold('127.0.0.32'), hold('127.0.0.33')]);
    const overall = await raw(capped.url, request, undefined, '127.0.0.34');
    expectShape(overall, 503, 'a connection over the cap');
    const held = [...mine, ...others];
    expect(held.every((s) => !s.destroyed)).toBe(true);
    for (const s of held) s.destroy();
    // Once they are gone, a new connection is served.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await capped.call('GET', '/healthz')).status).toBe(200);
    await capped.close();
  });
});
