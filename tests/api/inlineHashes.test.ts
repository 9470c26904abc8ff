import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineHashes } from '../../api/http/inlineHashes.ts';
import { startServer, type TestServer } from '../support/apiServer.ts';

// CSP Level 2's example: the base64 SHA-256 of the script element's text, exactly as written.
const ALERT_HASH = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";
// The same for the style element's text `body{color:red}` (`printf 'body{color:red}' | openssl sha256 -binary | base64`).
const STYLE_HASH = "'sha256-FcQqt3aNlV7AZnGV4zkQRVeCeJOxbMPnQSx258L803E='";
const INDEX =
  '<!doctype html><html><head><title>Insure</title><script>alert(1)</script>' +
  '<script type="module" crossorigin src="/assets/index-Ab1_cD2e.js"></script>' +
  '<style>body{color:red}</style>' +
  '</head><body><div id="root"></div></body></html>';

describe("the page's inline head start and style sheet are allowed by their hashes, and nothing else inline (issue 32)", () => {
  it('hashes each inline script and style as CSP does, never a script loaded from a file', () => {
    expect(inlineHashes(INDEX)).toEqual({ scripts: [ALERT_HASH], styles: [STYLE_HASH] });
    expect(inlineHashes('<script src="/a.js"></script><SCRIPT type="module">alert(1)</SCRIPT>').scripts).toEqual([
      ALERT_HASH,
    ]);
    expect(inlineHashes('<html><head></head></html>')).toEqual({ scripts: [], styles: [] });
  });

  const appDir = mkdtempSync(join(tmpdir(), 'api-inline-app-'));
  let server: TestServer;
  beforeAll(async () => {
    writeFileSync(join(appDir, 'index.html'), INDEX);
    server = await startServer('sqlite', { appDir });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  const directive = (csp: string, name: string): string | undefined =>
    csp
      .split(';')
      .find((d) => d.trim().startsWith(`${name} `))
      ?.trim();

  it("names the built page's script in script-src and its style in style-src, beside 'self' only", async () => {
    for (const path of ['/', '/dashboard', '/client/7/screening/owner']) {
      const response = await fetch(`${server.url}${path}`, { headers: { Accept: 'text/html' } });
      expect(response.status, path).toBe(200);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(directive(csp, 'script-src')).toBe(`script-src 'self' ${ALERT_HASH}`);
      expect(directive(csp, 'style-src')).toBe(`style-src 'self' ${STYLE_HASH}`);
    }
  });
});
