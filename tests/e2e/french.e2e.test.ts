/**
 * Issue 28: the app in French for an adviser whose account chose French, at 1280 and 390 px: the account's language
 * applies at login (texts, `<html lang>`), the wizard's steps are drawn from their French catalogues, a refused Next
 * says why in French, and every screen passes axe in French. Screenshots go to $SHOTS when it is set.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findProblems, settle } from './support/axe.ts';
import { startHarness, type Harness } from './support/harness.ts';
import { Api, createAdviser, createClient, type Adviser } from './support/seed.ts';

const WIDTHS = [1280, 390];
const catalogue = (path: string) =>
  Object.values(JSON.parse(readFileSync(path, 'utf8')) as Record<string, { en: string; fr: string } | string>).filter(
    (entry): entry is { en: string; fr: string } => typeof entry === 'object',
  );
const appFrench = catalogue('app/i18n/fr/wizard.json').concat(catalogue('app/i18n/fr/shell.json'));
const basicFrench = catalogue('steps/basic/i18n/fr.json');
const fr = (en: string) => appFrench.find((entry) => entry.en === en)?.fr ?? en;

let h: Harness;
let page: Page;
let adviser: Adviser;
let clientId: string;

async function shot(name: string): Promise<void> {
  if (process.env.SHOTS) await page.screenshot({ path: join(process.env.SHOTS, `${name}.png`), fullPage: false });
}

beforeAll(async () => {
  h = await startHarness();
  page = h.page;
  adviser = await createAdviser(h.baseUrl, 'francais');
  const api = new Api(h.baseUrl, adviser.token);
  await api.ok('PATCH', '/api/clients/user_info/', { language: 'fr' });
  clientId = await createClient(api, { first_name: 'Hélène', last_name: 'Côté', email: 'helene.cote@example.ca' });
  // Signed in through the login page: the account's language applies there.
  await page.goto(`${h.baseUrl}/`);
  await page.locator('#login-username').fill(adviser.email);
  await page.locator('#login-password').fill(adviser.password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL('**/dashboard');
});

afterAll(async () => {
  await h?.close();
});

describe('the app in French', () => {
  it("applies the account's French at login: <html lang>, the switch, the bar and the title", async () => {
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr-CA');
    const select = page.getByRole('combobox', { name: fr('Language') });
    await expect.poll(() => select.inputValue()).toBe('fr');
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${fr('Clients')} \\|`));
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await settle(page);
      await shot(`dashboard-fr-${width}`);
      expect(await findProblems(page), `dashboard at ${width} px`).toEqual([]);
    }
  });

  it('draws a step in French, refuses Next with French messages, and passes axe in French', async () => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${h.baseUrl}/client/${clientId}/screening/basic`);
      const next = page.locator('.wizard-actions button.btn-primary');
      await next.waitFor();
      await settle(page);
      await shot(`basic-fr-${width}`);
      expect(await findProblems(page), `basic step at ${width} px`).toEqual([]);
      // Nothing answered yet: Next is refused, and the messages are the step's French ones.
      await next.click();
      const alert = page.locator('.wizard-main [role=alert]').first();
      await alert.waitFor();
      const text = await alert.innerText();
      expect(basicFrench.some((entry) => text.includes(entry.fr) && entry.fr !== entry.en)).toBe(true);
      await settle(page);
      await shot(`basic-fr-refused-${width}`);
      expect(await findProblems(page), `refused basic step at ${width} px`).toEqual([]);
    }
  });

  it('switches back to English from the bar, and the step follows', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('combobox', { name: fr('Language') }).selectOption('en');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-CA');
    // The step is drawn again from the English definitions: its Next is the English one.
    await page.getByRole('combobox', { name: 'Language' }).waitFor();
    await expect.poll(() => page.title()).not.toMatch(/Étape/);
  });
});
