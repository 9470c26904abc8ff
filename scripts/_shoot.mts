import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { buildServer } from '../api/server.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'shot-'));
const server = await buildServer({ dataDir, appDir: resolve('dist/app'), logLevel: 'warn' });
await server.listen({ port: 0, host: '127.0.0.1' });
const a = server.server.address();
const base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
const ctx = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'prof-')), { executablePath: '/usr/bin/chromium', headless: true, args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'], viewport: { width: 390, height: 844 } });
const page = ctx.pages()[0] ?? (await ctx.newPage());
await page.goto(base + '/');
await page.getByLabel('Username or Email').fill('demo@example.com').catch(async () => page.locator('input').first().fill('demo@example.com'));
await page.locator('input[type=password]').fill('demo1234');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL('**/dashboard');
await page.getByText('Insurance Screening').first().waitFor();
for (const width of [390, 1280]) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await page.goto(base + '/dashboard');
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/dashboard-${width}.png`, fullPage: true });
  const sw = await page.evaluate(() => document.documentElement.scrollWidth);
  console.log('dashboard', width, 'scrollWidth', sw);
  await page.getByRole('link').filter({ hasText: /Gagnon|Bennett|Tremblay/ }).first().click();
  await page.getByRole('heading', { name: 'History' }).waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shots/profile-${width}.png`, fullPage: true });
  console.log('profile', width, 'scrollWidth', await page.evaluate(() => document.documentElement.scrollWidth));
}
await ctx.close();
await server.close();
