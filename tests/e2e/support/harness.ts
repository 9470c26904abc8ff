import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../../api/server.ts';
import type { ServerOptions } from '../../../api/types.ts';

const ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** What a browser context may emulate: a phone's touch screen, mobile viewport and pixel density. */
export interface Device {
  viewport?: { width: number; height: number };
  hasTouch?: boolean;
  isMobile?: boolean;
  deviceScaleFactor?: number;
}

export interface Harness {
  baseUrl: string;
  server: FastifyInstance;
  context: BrowserContext;
  page: Page;
  /** Console messages of every page in which the browser refused something under the Content-Security-Policy. */
  cspViolations: string[];
  /**
   * A fresh page in a fresh browser profile (another adviser), optionally a phone's: a touch screen and a mobile
   * viewport (`{ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } }`).
   */
  newContext(device?: Device): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/**
 * Starts the real API with the production build on a temporary SQLite database, and Chromium with a fresh
 * profile. Fails loudly when the build or the browser is missing.
 * @param options - more server options (a local SMTP server's smtpUrl)
 */
export async function startHarness(options: ServerOptions = {}): Promise<Harness> {
  const appDir = resolve('dist/app');
  if (!existsSync(join(appDir, 'index.html'))) throw new Error('dist/app is missing: run `npm run build` first');
  if (!existsSync('/usr/bin/chromium')) throw new Error('/usr/bin/chromium is missing: apt-get install chromium');
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const server = await buildServer({ ...options, dataDir, appDir, logLevel: 'warn' });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  const profiles: string[] = [];
  const contexts: BrowserContext[] = [];
  const cspViolations: string[] = [];
  const launch = async (device: Device = {}) => {
    const profile = mkdtempSync(join(tmpdir(), 'e2e-profile-'));
    profiles.push(profile);
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ARGS,
      viewport: { width: 1280, height: 900 },
      ...device,
    });
    contexts.push(context);
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (e) => console.error('page error:', e.message));
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    return { context, page };
  };
  const { context, page } = await launch();
  return {
    baseUrl,
    server,
    context,
    page,
    cspViolations,
    newContext: launch,
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await server.close();
      for (const p of [...profiles, dataDir]) rmSync(p, { recursive: true, force: true });
    },
  };
}
