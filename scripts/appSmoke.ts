/**
 * A quick walk through the app against the real API, with screenshots: sign up, create a client,
 * answer the screening prompt, create an application, delete the client.
 * Start the API serving the build first, e.g.
 *   PORT=5190 HOST=127.0.0.1 DATA_DIR=.tmp/apidata APP_DIR=dist/app npx tsx api/main.ts
 * Usage: npx tsx scripts/appSmoke.ts [baseUrl] [outDir]
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const BASE = process.argv[2] ?? 'http://127.0.0.1:5190';
const OUT = process.argv[3] ?? '.tmp/screenshots/smoke';
mkdirSync(OUT, { recursive: true });

const profile = mkdtempSync(join(tmpdir(), 'smoke-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  viewport: { width: 1366, height: 850 },
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
const page = context.pages()[0] ?? (await context.newPage());
const shot = (name: string) => page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true });
const step = (text: string) => console.log('-', text);

try {
  const email = `adviser.${Date.now()}@example.ca`;
  await page.goto(`${BASE}/signup`);
  step('sign up');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret-123');
  await page.getByLabel('Confirm Password').fill('Secret-123');
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByText('No clients found').waitFor();
  await shot('1-dashboard-empty');

  step('create a client');
  await page.getByRole('link', { name: 'Create New Client Profile' }).click();
  await page.getByLabel('First Name').fill('Amelia');
  await page.getByLabel('Last Name').fill('Tremblay');
  await page.getByLabel('Email').fill('amelia@example.ca');
  await page.getByLabel('Phone').fill('416-555-0142');
  await page.getByLabel('Date of Birth').fill('1984-07-22');
  await page.getByLabel('Gender').selectOption('female');
  const brokers = page.getByLabel('Brokers');
  const firstBroker = await brokers.locator('option').first().getAttribute('value');
  if (firstBroker) await brokers.selectOption([firstBroker]);
  await shot('2-profile-filled');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/screening/prompt');
  await page.getByText('Would you like to start the insurance screening?').waitFor();
  await shot('3-prompt');
  const clientId = new URL(page.url()).pathname.split('/')[2];

  step('start the screening');
  await page.getByRole('button', { name: 'Yes, Start Screening' }).click();
  await page.waitForURL('**/screening/basic');

  step('new application from the profile');
  await page.goto(`${BASE}/client/profile/${clientId}`);
  await page.getByRole('button', { name: 'New Insurance Application' }).click();
  await page.waitForURL(/\/screening\/basic\?application_id=/);
  console.log('  at', new URL(page.url()).pathname + new URL(page.url()).search);
  await page.goto(`${BASE}/client/profile/${clientId}`);
  await page.getByRole('heading', { name: 'Insurance Applications' }).waitFor();
  await page.waitForTimeout(300);
  await shot('4-profile-with-application');

  step('delete the client');
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.getByRole('button', { name: 'Actions for Amelia Tremblay' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Client deleted successfully').waitFor();
  await page.getByText('No clients found').waitFor();
  await shot('5-deleted');
  await page.getByText('Client deleted successfully').waitFor({ state: 'detached', timeout: 5000 });

  step('log out');
  await page.getByRole('button', { name: email }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(`${BASE}/`);
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  console.log('smoke passed');
} catch (error) {
  await shot('failure');
  console.error('smoke FAILED', error);
  process.exitCode = 1;
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
