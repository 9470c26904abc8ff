/**
 * Issue 30: a forgotten password. The adviser asks for a link on the login page, the mail arrives at a local SMTP
 * server the test started (nothing leaves the machine), the link's page sets a new password and signs in; the old
 * password and the session from before no longer work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../support/smtpCapture.ts';
import { startHarness, type Harness } from './support/harness.ts';
import { Api, createAdviser, type Adviser } from './support/seed.ts';
import { button, field } from './support/ui.ts';

const APP_URL = 'https://insure.test';
let h: Harness;
let smtp: SmtpCapture;
let adviser: Adviser;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  h = await startHarness({ smtpUrl: smtp.url, appUrl: APP_URL });
  adviser = await createAdviser(h.baseUrl, 'forgetful');
  await smtp.take(adviser.email);
});

afterAll(async () => {
  await h?.close();
  await smtp?.close();
});

describe('a forgotten password', () => {
  it('is reset from a mailed link, which signs the adviser in', async () => {
    const page = h.page;
    await page.goto(`${h.baseUrl}/`);
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await field(page, 'Email address').fill(adviser.email);
    await button(page, 'Send reset link').click();
    await page.getByRole('heading', { name: 'Check your email', level: 1 }).waitFor();

    const mail = await smtp.take(adviser.email);
    expect(mail.subject).toBe('Reset your Insure password');
    const link = /https:\/\/insure\.test(\/reset-password\?token=[0-9a-f]{64})/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    await page.goto(`${h.baseUrl}${link![1]}`);
    await page.getByRole('heading', { name: 'Choose a new password', level: 1 }).waitFor();
    const password = 'a quiet harbour at dusk 42';
    await page.getByLabel('New password', { exact: true }).fill(password);
    await field(page, 'Confirm new password').fill(password);
    await button(page, 'Set new password').click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();

    // The session from before the reset ended; the new password signs in, the old one does not.
    const before = await new Api(h.baseUrl, adviser.token).request('GET', '/api/clients/user_info/');
    expect(before.status).toBe(401);
    const anonymous = new Api(h.baseUrl);
    expect((await anonymous.request('POST', '/api/login/', { username: adviser.email, password })).status).toBe(200);
    expect(
      (await anonymous.request('POST', '/api/login/', { username: adviser.email, password: adviser.password })).status,
    ).toBe(401);
    expect((await smtp.take(adviser.email)).subject).toBe('Your Insure password was changed');

    // The link works once (a signed-in adviser is sent from these pages to the clients: the session is forgotten).
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`${h.baseUrl}${link![1]}`);
    await page.getByLabel('New password', { exact: true }).fill('yet another long phrase 77');
    await field(page, 'Confirm new password').fill('yet another long phrase 77');
    await button(page, 'Set new password').click();
    await page.getByRole('heading', { name: 'This link cannot be used', level: 1 }).waitFor();
  });
});
