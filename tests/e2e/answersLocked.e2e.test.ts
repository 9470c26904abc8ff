/**
 * Issue 27 in the browser: once an application is submitted, the wizard says so before anyone types ($locked on the
 * screening's GET): the step is read-only under the server's notice, with a link to the application, at 1280 and
 * 390 px; Next reads on and saves nothing; the review says so too. The Generation page offers the documents already
 * generated and nothing to generate, Start Over says why it is not available, and the client's profile shows the
 * fields that are answers read-only, in English and French.
 */
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWERS_LOCKED } from '../../api/lifecycle/lifecyclePlugin.ts';
import serverFr from '../../api/texts/i18n/fr.json';
import { specText } from '../support/specText.ts';
import { auditWidths } from './support/auditWidths.ts';
import { startHarness, type Harness } from './support/harness.ts';
import {
  Api,
  createAdviser,
  createClient,
  example,
  seedSteps,
  withClientIds,
  withPlans,
  type Adviser,
} from './support/seed.ts';
import { openStep, signIn, waitForStep } from './support/ui.ts';

/** Stands in for the signing ceremony: every signature counts as in, so the test can submit at once. */
let lifecycle: FastifyInstance['lifecycle'];
async function everyoneSigned(app: FastifyInstance): Promise<void> {
  lifecycle = app.lifecycle;
  app.lifecycle.useSignatureCheck(async () => true);
}

let h: Harness;
let adviser: Adviser;
let clientId: string;
let id: number;

const audit = (page: Page, name: string): Promise<void> => auditWidths(page, 'locked', name);

beforeAll(async () => {
  h = await startHarness({ plugins: [everyoneSigned] });
  adviser = await createAdviser(h.baseUrl, 'locked');
  const api = new Api(h.baseUrl, adviser.token);
  clientId = await createClient(api, { first_name: 'Arjun', last_name: 'Mehta' });
  const secondId = await createClient(api, { first_name: 'Emily', last_name: 'Mehta' });
  const data = withClientIds(example('screening-review', 'full-application'), { 2087: clientId, 2088: secondId });
  await seedSteps(api, clientId, withPlans(data as Record<string, unknown>, 'manulife_par_20_pay'));
  await api.ok('POST', '/api/pdf/generate_pdf/', { client_id: Number(clientId), populate_forms: ['BMO'] });
  id = (await api.ok<{ id: number }[]>('GET', `/api/clients/${clientId}/applications/`))[0].id;
  await lifecycle.send({
    applicationId: id,
    clientId: Number(clientId),
    insurer: 'BMO',
    event: 'SIGNATURES_COMPLETE',
    userId: null,
    reason: 'Every signer signed',
  });
  await api.ok('POST', `/api/applications/${id}/insurers/BMO/submit/`, {});
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('a submitted application in the wizard', () => {
  it('shows a step read-only under the notice, and Next reads on without saving', async () => {
    const page = h.page;
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && /\/api\/screening\/\d+\//.test(r.url())) writes.push(`${r.method()} ${r.url()}`);
    });
    await signIn(page, h.baseUrl, adviser);
    await openStep(page, h.baseUrl, clientId, 'purpose-of-insurance', specText('purpose-of-insurance.heading'));
    const notice = page.getByRole('status').filter({ hasText: ANSWERS_LOCKED });
    await notice.waitFor();
    expect(await notice.getByRole('link').getAttribute('href')).toBe(`/applications/${id}`);
    const text = page.locator('.step-form textarea, .step-form input[type=text]').first();
    expect(await text.getAttribute('readonly')).not.toBeNull();
    expect(await page.locator('.step-form input[type=radio]:not([disabled])').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Save/ }).count()).toBe(0);
    await audit(page, 'step');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await waitForStep(page, clientId, 'financial', 'Financial Information');
    await notice.waitFor();
    expect(writes).toEqual([]);
  });

  it('the review shows the notice and View buttons', async () => {
    const page = h.page;
    await openStep(page, h.baseUrl, clientId, 'screening-review', specText('screening-review.heading'));
    await page.getByRole('status').filter({ hasText: ANSWERS_LOCKED }).waitFor();
    expect(await page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^View / }).count()).toBeGreaterThan(3);
    await audit(page, 'review');
  });
});

/** Switches the page's language with the header's switch ("Language" / "Langue"). */
async function switchTo(page: Page, language: 'en' | 'fr'): Promise<void> {
  await page.getByRole('combobox', { name: /^(Language|Langue)$/ }).selectOption(language);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.lang))
    .toBe(language === 'fr' ? 'fr-CA' : 'en-CA');
}
const FRENCH_LOCK = serverFr['texts.json#/messages/answersLocked'].fr;
/** The French as written keeps no-break spaces; compared on text with spaces folded. */
const folded = (text: string): string => text.replace(/\s+/g, ' ');

describe('what else a submitted application does not offer', () => {
  it('the Generation page: the notice and the documents generated, nothing to generate', async () => {
    const page = h.page;
    const generateCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/pdf/generate_pdf/')) generateCalls.push(r.url());
    });
    await page.goto(`${h.baseUrl}/client/${clientId}/screening/pdf-generation`);
    await page.getByRole('status').filter({ hasText: ANSWERS_LOCKED }).waitFor();
    const documents = page.getByRole('region', { name: 'Documents of this application' });
    await documents.getByRole('button', { name: 'Download BMO' }).waitFor();
    expect(await page.getByRole('button', { name: specText('pdf-generation.nextLabel') }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await audit(page, 'generation');
    await switchTo(page, 'fr');
    await expect
      .poll(async () => folded((await page.locator('[data-testid=answers-locked]').textContent()) ?? ''))
      .toContain(folded(FRENCH_LOCK));
    await page.getByRole('region', { name: 'Documents de cette proposition' }).waitFor();
    await audit(page, 'generation-fr');
    await switchTo(page, 'en');
    expect(generateCalls).toEqual([]);
  });

  it('Start Over says why it is not available, with the button', async () => {
    const page = h.page;
    // Where the adviser left off is a step before the last (the last one makes the screening complete: no Start Over).
    await openStep(page, h.baseUrl, clientId, 'purpose-of-insurance', specText('purpose-of-insurance.heading'));
    await page.goto(`${h.baseUrl}/client/${clientId}/screening/prompt`);
    const button = page.getByRole('button', { name: 'Start Over' });
    await button.waitFor();
    await page.getByTestId('start-over-locked').waitFor();
    expect(await button.getAttribute('aria-disabled')).toBe('true');
    expect(await button.getAttribute('aria-describedby')).toBe('start-over-locked');
    // Reached and pressed with the keyboard (it keeps its focus), it opens nothing.
    await button.focus();
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await audit(page, 'prompt');
  });

  it("the client's profile shows the fields that are answers read-only, the brokers still editable", async () => {
    const page = h.page;
    await page.goto(`${h.baseUrl}/client/profile/${clientId}`);
    const notice = page.getByTestId('profile-locked');
    await notice.waitFor();
    expect(await notice.getByRole('link').getAttribute('href')).toBe(`/applications/${id}`);
    expect(await page.getByLabel('First Name').getAttribute('readonly')).not.toBeNull();
    expect(
      await page.getByLabel(specText('client-profile.date_of_birth.title')).getAttribute('readonly'),
    ).not.toBeNull();
    expect(await page.getByRole('combobox', { name: /Gender/ }).isDisabled()).toBe(true);
    expect(await page.getByRole('listbox', { name: /Brokers/ }).isDisabled()).toBe(false);
    await audit(page, 'profile');
    await switchTo(page, 'fr');
    await expect.poll(async () => folded((await notice.textContent()) ?? '')).toContain(folded(FRENCH_LOCK));
    await audit(page, 'profile-fr');
    await switchTo(page, 'en');
  });
});
