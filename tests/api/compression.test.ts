import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompressDir.ts';
import { createClient, signUp, startServer, type TestServer } from '../support/apiServer.ts';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as it came over the wire, still encoded. */
  wire: Buffer;
  /** The body decoded per its Content-Encoding. */
  text: string;
}

/** A GET over plain node:http, which (unlike fetch) neither asks for nor undoes compression by itself. */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const req = request(new URL(path, base), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        try {
          const decoded =
            wire.length === 0
              ? wire
              : encoding === 'br'
                ? brotliDecompressSync(wire)
                : encoding === 'gzip'
                  ? gunzipSync(wire)
                  : wire;
          done({ status: res.statusCode ?? 0, headers: res.headers, wire, text: decoded.toString('utf8') });
        } catch (error) {
          fail(error as Error);
        }
      });
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

const varies = (a: RawAnswer): boolean => /\baccept-encoding\b/i.test(String(a.headers.vary ?? ''));

describe('compressed and cached answers (issues 29 and 32)', () => {
  const appDir = mkdtempSync(join(tmpdir(), 'api-compress-app-'));
  // Files shaped like Vite's output: assets/<name>-<8-character hash>.<ext>, and index.html naming them.
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(', ')}];\n`;
  const index = `<!doctype html><title>Insure</title><script type="module" src="/assets/index-Ab1_cD2e.js"></script><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    mkdirSync(join(appDir, 'assets'));
    writeFileSync(join(appDir, 'index.html'), index);
    writeFileSync(join(appDir, 'assets', 'index-Ab1_cD2e.js'), script);
    writeFileSync(join(appDir, 'assets', 'pdf.worker.min-Zx9_yW8v.mjs'), script);
    writeFileSync(join(appDir, 'robots.txt'), `User-agent: *\n${'Disallow: /api/\n'.repeat(100)}`);
    precompressDir(appDir);
    server = await startServer('sqlite', {
      appDir,
      // An API answer that forbids storing, as every API answer does: compression must keep that.
      plugins: [
        async (api) => {
          api.get('/compression-probe/', async (_request, reply) =>
            reply.header('cache-control', 'no-store').send({ rows: Array.from({ length: 200 }, (_, i) => ({ i })) }),
          );
        },
      ],
    });
    token = (await signUp(server)).token;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  it('sends a hashed asset in the best encoding the browser accepts, cached for a year as immutable', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
    ] as const) {
      const res = await get(server.url, '/assets/index-Ab1_cD2e.js', { 'accept-encoding': accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.text, accept).toBe(script);
      expect(res.wire.length, accept).toBeLessThan(script.length / 4);
      expect(res.headers['content-type'], accept).toMatch(/javascript/);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(varies(res), accept).toBe(true);
    }
    // Only what a script obeys of the security headers: no CSP or frame options (a document's), nosniff kept.
    const script1 = await get(server.url, '/assets/index-Ab1_cD2e.js', { 'accept-encoding': 'br' });
    expect(script1.headers['x-content-type-options']).toBe('nosniff');
    expect(script1.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script1.headers['content-security-policy']).toBeUndefined();
    expect(script1.headers['x-frame-options']).toBeUndefined();
    // A worker obeys the policy sent with its own script (pdf.js's worker on the signing page): it keeps the CSP.
    const worker = await get(server.url, '/assets/pdf.worker.min-Zx9_yW8v.mjs', { 'accept-encoding': 'br' });
    expect(worker.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(worker.headers['content-security-policy']).toMatch(/default-src 'self'/);
    const plain = await get(server.url, '/assets/index-Ab1_cD2e.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.wire.toString('utf8')).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(plain)).toBe(true);
  });

  it('sends index.html compressed, revalidated by its ETag, also as the fallback of an app route', async () => {
    for (const path of ['/', '/index.html', '/client/12/screening/owner']) {
      const res = await get(server.url, path, { accept: 'text/html', 'accept-encoding': 'gzip, br' });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(res.text, path).toBe(index);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(varies(res), path).toBe(true);
      expect(res.headers['content-security-policy'], path).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], path).toBe('DENY');
      const etag = String(res.headers.etag ?? '');
      expect(etag, path).not.toBe('');
      const again = await get(server.url, path, {
        accept: 'text/html',
        'accept-encoding': 'gzip, br',
        'if-none-match': etag,
      });
      expect(again.status, path).toBe(304);
    }
    // Another encoding is another body, with its own ETag.
    const gz = await get(server.url, '/', { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.etag).not.toBe((await get(server.url, '/', { 'accept-encoding': 'br' })).headers.etag);
  });

  it('revalidates the other unhashed files, and never serves a compressed copy under its own name', async () => {
    const robots = await get(server.url, '/robots.txt', { 'accept-encoding': 'br' });
    expect(robots.headers['content-encoding']).toBe('br');
    expect(robots.headers['cache-control']).toBe('no-cache');
    expect(robots.headers.etag).toBeDefined();
    const copy = await get(server.url, '/assets/index-Ab1_cD2e.js.br');
    expect(copy.status).toBe(404);
  });

  it('compresses JSON answers over 1 KB when accepted, keeping their Cache-Control, not smaller ones nor for a client that does not accept it', async () => {
    for (let i = 0; i < 8; i += 1) await createClient(server, token, { first_name: `Client ${'ABCDEFGH'[i]}` });
    const call = (path: string, headers: Record<string, string>) =>
      get(server.url, path, { authorization: `Token ${token}`, ...headers });

    const big = await call('/api/clients/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(big.status).toBe(200);
    const list = JSON.parse(big.text) as { count: number };
    expect(list.count).toBe(8);
    expect(Buffer.byteLength(big.text)).toBeGreaterThan(1024);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.wire.length).toBeLessThan(Buffer.byteLength(big.text) / 2);
    expect(varies(big)).toBe(true);

    const gz = await call('/api/clients/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gz.text)).toEqual(JSON.parse(big.text));

    const none = await call('/api/clients/', {});
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(none.wire.toString('utf8'))).toEqual(JSON.parse(big.text));

    const probe = await call('/api/compression-probe/', { 'accept-encoding': 'gzip, br' });
    expect(probe.status).toBe(200);
    expect(probe.headers['content-encoding']).toBe('br');
    expect(probe.headers['cache-control']).toBe('no-store');
    expect((JSON.parse(probe.text) as { rows: unknown[] }).rows).toHaveLength(200);

    const small = await get(server.url, '/api/clients/', { 'accept-encoding': 'gzip, br' });
    expect(small.status).toBe(401);
    expect(small.wire.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
