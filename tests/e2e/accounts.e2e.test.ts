/**
 * Issue 30 parts 3-5 in the browser: a password change signs the other browser out; "Where you're signed in" lists
 * this browser; the unverified banner; an administrator makes a verified account a broker on the Administration page,
 * and the broker then sees the client. axe-core and a 390 px screen on each new screen.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER } from '../../api/db/seedDemo.ts';
import { markVerified } from '../support/markVerified.ts';
import { findProblems, settle } from './support/axe.ts';
import { startHarness, type Harness } from './support/harness.ts';
import { Api, createAdviser, createClient } from './support/seed.ts';
import { button, field, signIn } from './support/ui.ts';

let h: Harness;
const SHOTS = process.env.SHOTS_DIR;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

/** axe-core's findings at 1280 and 390 px (a screenshot of each when SHOTS_DIR is set). */
async function audit(page: Page, name: string): Promise<string[]> {
  const problems: string[] = [];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    problems.push(...(await findProblems(page)).map((p) => `${name} at ${width}: ${p}`));
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return problems;
}

describe('accounts in the browser', () => {
  it("ends the other browser's session when the password changes", async () => {
    const adviser = await createAdviser(h.baseUrl, 'two-browsers');
    const other = await h.newContext();
    await signIn(h.page, h.baseUrl, adviser);
    await signIn(other.page, h.baseUrl, adviser);

    // The unverified account sees the banner; "Where you're signed in" lists both browsers.
    await h.page.getByText('Please confirm your email address').waitFor();
    await h.page.goto(`${h.baseUrl}/account/sessions`);
    await h.page.getByRole('heading', { name: "Where you're signed in", level: 1 }).waitFor();
    await h.page.getByText('This browser').waitFor();
    expect(await h.page.getByRole('button', { name: /^Sign out Chrome on Linux/ }).count()).toBe(1);
    expect(await audit(h.page, 'sessions')).toEqual([]);

    await h.page.goto(`${h.baseUrl}/account/password`);
    await field(h.page, 'Current password').fill(adviser.password);
    await h.page.getByLabel('New password', { exact: true }).fill('a quiet harbour at dusk 42');
    await field(h.page, 'Confirm new password').fill('a quiet harbour at dusk 42');
    await button(h.page, 'Change password').click();
    await h.page.getByText('Your password is changed. Your other sessions are signed out.').waitFor();

    // The other browser's next request is refused: it is sent to the login page, which says the session ended.
    await other.page.reload();
    await other.page.waitForURL(`${h.baseUrl}/`);
    await other.page.getByRole('button', { name: 'Sign in' }).waitFor();
    await h.page.goto(`${h.baseUrl}/account/sessions`);
    await h.page.getByRole('heading', { name: '1 session' }).waitFor();
  });

  it('lets an administrator make a verified account a broker, who then sees the client', async () => {
    const owner = await createAdviser(h.baseUrl, 'owner');
    const brokerEmail = 'amelie.tremblay@northbroker.ca';
    const broker = { email: brokerEmail, password: 'broker pass phrase 1' };
    await new Api(h.baseUrl).ok('POST', '/api/users/', broker);
    await markVerified(h.server.database.db, brokerEmail);
    const clientId = await createClient(new Api(h.baseUrl, owner.token), { first_name: 'Noor', last_name: 'Haddad' });
    await new Api(h.baseUrl, owner.token).ok('PATCH', `/api/clients/${clientId}/`, { brokers: [brokerEmail] });

    const page = h.page;
    await signIn(page, h.baseUrl, { email: DEMO_USER.email, password: DEMO_USER.password });
    await page.getByRole('button', { name: new RegExp(DEMO_USER.username) }).click();
    await page.getByRole('menuitem', { name: 'Administration' }).click();
    await page.getByRole('heading', { name: 'Administration', level: 1 }).waitFor();
    await page.getByPlaceholder('Search by email or username').fill('amelie');
    const make = page.getByRole('button', { name: `Make broker: ${brokerEmail}` });
    await make.waitFor();
    expect(await audit(page, 'admin')).toEqual([]);
    await make.click();
    const dialog = page.getByRole('alertdialog', { name: `Make ${brokerEmail} a broker?` });
    await dialog.waitFor();
    expect(await audit(page, 'admin-grant')).toEqual([]);
    await dialog.getByRole('button', { name: 'Make broker' }).click();
    await page.getByText(`${brokerEmail} (account #`).waitFor();
    await page.getByRole('button', { name: `Revoke broker: ${brokerEmail}` }).waitFor();
    await page.getByText(`${brokerEmail} made a broker`).waitFor();

    const other = await h.newContext();
    await signIn(other.page, h.baseUrl, broker);
    await other.page.getByRole('link', { name: 'Noor Haddad' }).waitFor();
  });
});
