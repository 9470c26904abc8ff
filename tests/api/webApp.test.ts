import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/apiServer.ts';
import { specText } from '../support/specText.ts';

describe('serving the built web app with the API', () => {
  const appDir = mkdtempSync(join(tmpdir(), 'api-app-'));
  let server: TestServer;
  beforeAll(async () => {
    writeFileSync(join(appDir, 'index.html'), '<!doctype html><title>Insure</title><div id="root"></div>');
    mkdirSync(join(appDir, 'assets'));
    writeFileSync(join(appDir, 'assets', 'main.js'), 'console.log(1)');
    server = await startServer('sqlite', { appDir });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  const page = { accept: 'text/html,application/xhtml+xml' };

  it("serves index.html at / and for the app's routes (SPA fallback)", async () => {
    // /applications is also the spec's GET /applications/ (routes answer without /api too): a reload of the page must not get its JSON.
    for (const path of [
      '/',
      '/dashboard',
      '/client/profile',
      '/client/12/screening/owner',
      '/applications',
      '/applications/',
      '/applications/new',
      '/signup',
    ]) {
      const res = await server.call('GET', path, { headers: page });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.text).toContain('<div id="root">');
    }
  });

  it('serves the built files, also to a browser opening one', async () => {
    for (const headers of [{}, page]) {
      const res = await server.call('GET', '/assets/main.js', { headers });
      expect(res.status).toBe(200);
      expect(res.text).toBe('console.log(1)');
    }
  });

  it('keeps API answers as JSON, even for a browser', async () => {
    expect((await server.call('GET', '/api/clients/', { headers: page })).body).toEqual({
      error: specText('plan-details.missingTokenMessage'),
      errors: [],
    });
    expect((await server.call('GET', '/api/unknown', { headers: page })).body).toEqual({
      error: 'Not found',
      errors: [],
    });
    expect((await server.call('GET', '/dashboard')).body).toEqual({ error: 'Not found', errors: [] });
    expect((await server.call('POST', '/dashboard', { body: {} })).status).toBe(404);
    // The same path for an API client (no text/html) is the API's route.
    expect((await server.call('GET', '/applications/')).body).toEqual({
      error: specText('plan-details.missingTokenMessage'),
      errors: [],
    });
    expect((await server.call('GET', '/applications/', { headers: { accept: 'application/json' } })).status).toBe(401);
  });

  it('answers the health routes and the API document, which are not pages, as themselves in a browser too', async () => {
    expect((await server.call('GET', '/healthz', { headers: page })).body).toEqual({ status: 'ok' });
    expect((await server.call('GET', '/readyz', { headers: page })).body).toEqual({ status: 'ready' });
    const docs = await server.call('GET', '/docs', { headers: page });
    expect(docs.headers.get('content-type')).toMatch(/application\/json/);
    expect((docs.body as { openapi?: string }).openapi).toMatch(/^3\./);
  });
});
