/**
 * Prints the gzipped JavaScript the login page loads from the production build (target: 120 KB or less).
 * Start `npx vite preview --port 5180 --strictPort` first. Usage: npx tsx scripts/appLoginWeight.ts [baseUrl] [path]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const BASE = process.argv[2] ?? 'http://127.0.0.1:5180';
const PATH = process.argv[3] ?? '/';

const profile = mkdtempSync(join(tmpdir(), 'weight-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const scripts = new Set<string>();
const page = context.pages()[0] ?? (await context.newPage());
page.on('request', (request) => {
  if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
});
await page.goto(BASE + PATH, { waitUntil: 'networkidle' });
await context.close();
rmSync(profile, { recursive: true, force: true });

let total = 0;
for (const path of scripts) {
  const bytes = gzipSync(readFileSync(join('dist/app', path))).length;
  total += bytes;
  console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${path}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzipped JS for ${PATH}`);
