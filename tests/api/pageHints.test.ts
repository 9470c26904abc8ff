import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompressDir.ts';
import { startServer, type TestServer } from '../support/apiServer.ts';

/** A build shaped like Vite's (vite.config.ts writes .vite/manifest.json): the entry, three pages, the wizard, a step. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-Ab1_cD2e.js',
    isEntry: true,
    imports: ['_runtime-Rt1_aaaa.js'],
    css: ['assets/index-Cs1_aaaa.css'],
  },
  '_runtime-Rt1_aaaa.js': { file: 'assets/runtime-Rt1_aaaa.js' },
  '_wizard-Wz1_aaaa.js': {
    file: 'assets/wizard-Wz1_aaaa.js',
    imports: ['_runtime-Rt1_aaaa.js'],
    css: ['assets/wizard-Cs2_aaaa.css'],
  },
  '_shared-Sh1_aaaa.js': { file: 'assets/shared-Sh1_aaaa.js', imports: ['_runtime-Rt1_aaaa.js'] },
  'pages/LoginPage.tsx': { file: 'assets/LoginPage-Lg1_aaaa.js', imports: ['_runtime-Rt1_aaaa.js', 'index.html'] },
  'pages/DashboardPage.tsx': {
    file: 'assets/DashboardPage-Db1_aaaa.js',
    imports: ['_runtime-Rt1_aaaa.js', 'index.html', '_shared-Sh1_aaaa.js'],
  },
  'pages/ScreeningPage.tsx': {
    file: 'assets/ScreeningPage-Sc1_aaaa.js',
    imports: ['_runtime-Rt1_aaaa.js', 'index.html', '_wizard-Wz1_aaaa.js'],
  },
  '../virtual:steps/owner': { file: 'assets/owner-En1_aaaa.js', imports: ['_wizard-Wz1_aaaa.js'] },
  '../virtual:steps/fr/owner': { file: 'assets/owner-Fr1_aaaa.js', imports: ['_wizard-Wz1_aaaa.js'] },
  '../virtual:steps/fr': { file: 'assets/fr-Fl1_aaaa.js', imports: ['index.html'] },
  '../virtual:messages/fr': { file: 'assets/fr-Tx1_aaaa.js' },
};
const INDEX =
  '<!doctype html><html><head><title>Insure</title>' +
  '<script type="module" crossorigin src="/assets/index-Ab1_cD2e.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/runtime-Rt1_aaaa.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-Cs1_aaaa.css">' +
  '</head><body><div id="root"></div></body></html>';

/** The files an HTML answer asks the browser to fetch ahead besides what index.html itself names, in its order. */
const hinted = (html: string): string[] =>
  [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)]
    .map((m) => m[1])
    .filter((href) => !INDEX.includes(href));

describe("a page's HTML names the files its route loads first (issue 32)", () => {
  const appDir = mkdtempSync(join(tmpdir(), 'api-hints-app-'));
  let server: TestServer;
  beforeAll(async () => {
    mkdirSync(join(appDir, 'assets'));
    mkdirSync(join(appDir, '.vite'));
    writeFileSync(join(appDir, 'index.html'), INDEX);
    writeFileSync(join(appDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    for (const chunk of Object.values(MANIFEST)) writeFileSync(join(appDir, chunk.file), 'export {};\n');
    precompressDir(appDir);
    server = await startServer('sqlite', { appDir });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  const page = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers: { accept: 'text/html', 'accept-encoding': 'br', ...headers } });

  it("a step opened directly names its page's code, the wizard and the step's definition in the page's language", async () => {
    const res = await page('/client/12/screening/owner', { 'accept-language': 'en-CA,en;q=0.9' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(hinted(html)).toEqual([
      '/assets/ScreeningPage-Sc1_aaaa.js',
      '/assets/wizard-Wz1_aaaa.js',
      '/assets/owner-En1_aaaa.js',
      '/assets/wizard-Cs2_aaaa.css',
    ]);
    // Fetched as the app's own loads are (CORS, same origin), so the browser reuses them instead of fetching twice;
    // at low priority, so the entry, which runs first, is not slowed by them.
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/owner-En1_aaaa.js">',
    );
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/wizard-Wz1_aaaa.js">',
    );
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/wizard-Cs2_aaaa.css">');
    // What index.html already loads is not named twice.
    expect(html.match(/runtime-Rt1_aaaa\.js/g)).toHaveLength(1);
    expect(res.headers.get('vary')).toBe('accept-encoding, accept-language, cookie');

    expect(hinted(html)).not.toContain('/assets/fr-Tx1_aaaa.js');

    const french = await (await page('/client/12/screening/owner', { 'accept-language': 'fr-CA,fr;q=0.9' })).text();
    // In French: the French definition, the French flow and the French texts; the last two are small and needed
    // before the wizard and the app's first render, so at the entry's priority.
    expect(hinted(french)).toEqual([
      '/assets/ScreeningPage-Sc1_aaaa.js',
      '/assets/wizard-Wz1_aaaa.js',
      '/assets/owner-Fr1_aaaa.js',
      '/assets/fr-Fl1_aaaa.js',
      '/assets/fr-Tx1_aaaa.js',
      '/assets/wizard-Cs2_aaaa.css',
    ]);
    expect(french).toContain('<link rel="modulepreload" crossorigin href="/assets/fr-Fl1_aaaa.js">');
    expect(french).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/owner-Fr1_aaaa.js">',
    );
    expect(french).toContain('<link rel="modulepreload" crossorigin href="/assets/fr-Tx1_aaaa.js">');
    // The language chosen on the device (the app's switch writes it in a cookie too) comes before the browser's.
    const chosen = await page('/client/12/screening/owner', { 'accept-language': 'en-CA', cookie: 'a=1; language=fr' });
    expect(hinted(await chosen.text())).toContain('/assets/owner-Fr1_aaaa.js');
    const english = await page('/client/12/screening/owner', { 'accept-language': 'fr-CA', cookie: 'language=en' });
    expect(hinted(await english.text())).toContain('/assets/owner-En1_aaaa.js');
  });

  it("the login page and the dashboard name their page's code and none of the wizard's", async () => {
    const login = await page('/');
    const loginHtml = await login.text();
    expect(hinted(loginHtml)).toEqual(['/assets/LoginPage-Lg1_aaaa.js']);
    // The page's code is as urgent as the entry (it is small, and the page is drawn with it).
    expect(loginHtml).not.toContain('fetchpriority');
    // A French visit's pages name the French texts too, so every page's HTML varies by language.
    expect(login.headers.get('vary')).toBe('accept-encoding, accept-language, cookie');
    const frenchLogin = await (await page('/', { 'accept-language': 'fr-CA,fr;q=0.9' })).text();
    expect(hinted(frenchLogin)).toEqual(['/assets/LoginPage-Lg1_aaaa.js', '/assets/fr-Tx1_aaaa.js']);
    const frenchReports = await (await page('/reports', { cookie: 'language=fr' })).text();
    expect(hinted(frenchReports)).toEqual(['/assets/fr-Tx1_aaaa.js']);
    expect(hinted(await (await page('/dashboard')).text())).toEqual([
      '/assets/DashboardPage-Db1_aaaa.js',
      '/assets/shared-Sh1_aaaa.js',
    ]);
    // A step the build does not know: the page's code only (the app says "Invalid step"); other pages: as built.
    expect(hinted(await (await page('/client/12/screening/nope')).text())).toEqual([
      '/assets/ScreeningPage-Sc1_aaaa.js',
      '/assets/wizard-Wz1_aaaa.js',
      '/assets/wizard-Cs2_aaaa.css',
    ]);
    expect(await (await page('/reports')).text()).toBe(INDEX);
  });

  it('keeps the headers of index.html: compressed, no-cache with an ETag per encoding, the security headers', async () => {
    for (const path of ['/', '/client/12/screening/owner', '/dashboard']) {
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['identity', null],
      ] as const) {
        // node:http would not undo the encoding; fetch does, and tells which one came.
        const res = await page(path, { 'accept-encoding': accept });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-encoding'), `${path} ${accept}`).toBe(encoding);
        expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
        expect(res.headers.get('cache-control'), path).toBe('no-cache');
        expect(res.headers.get('content-security-policy'), path).toContain("default-src 'self'");
        expect(res.headers.get('x-frame-options'), path).toBe('DENY');
        expect(await res.text(), path).toContain('<div id="root"></div>');
        const etag = res.headers.get('etag') ?? '';
        expect(etag, path).toMatch(/^W\/"/);
        const again = await page(path, { 'accept-encoding': accept, 'if-none-match': etag });
        expect(again.status, path).toBe(304);
      }
    }
    const br = (await page('/', { 'accept-encoding': 'br' })).headers.get('etag');
    expect((await page('/', { 'accept-encoding': 'gzip' })).headers.get('etag')).not.toBe(br);
    // The manifest is the server's, not a file the app serves.
    expect((await fetch(`${server.url}/.vite/manifest.json`)).status).not.toBe(200);
  });
});
