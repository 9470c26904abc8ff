import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../api/http/inlineScripts.ts';
import { startServer, type TestServer } from '../support/apiServer.ts';

// CSP Level 2's example: the base64 SHA-256 of the script element's text, exactly as written.
const ALERT_HASH = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";
const INDEX =
  '<!doctype html><html><head><title>Insure</title><script>alert(1)</script>' +
  '<script type="module" crossorigin src="/assets/index-Ab1_cD2e.js"></script>' +
  '</head><body><div id="root"></div></body></html>';

describe("the page's inline head start is allowed by its hash, and nothing else inline (issue 32)", () => {
  it('hashes each inline script as CSP does, never a script loaded from a file', () => {
    expect(inlineScriptHashes(INDEX)).toEqual([ALERT_HASH]);
    expect(inlineScriptHashes('<script src="/a.js"></script><SCRIPT type="module">alert(1)</SCRIPT>')).toEqual([
      ALERT_HASH,
    ]);
    expect(inlineScriptHashes('<html><head></head></html>')).toEqual([]);
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

  it("names the built page's script in script-src, beside 'self' only", async () => {
    for (const path of ['/', '/dashboard', '/client/7/screening/owner']) {
      const response = await fetch(`${server.url}${path}`, { headers: { Accept: 'text/html' } });
      expect(response.status, path).toBe(200);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(
        csp
          .split(';')
          .find((d) => d.trim().startsWith('script-src '))
          ?.trim(),
      ).toBe(`script-src 'self' ${ALERT_HASH}`);
    }
  });
});
