/**
 * Issue 27 in the browser: once an application is submitted, the wizard says so before anyone types ($locked on the
 * screening's GET): the step is read-only under the server's notice, with a link to the application, at 1280 and
 * 390 px; Next reads on and saves nothing; the review says so too.
 */
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWERS_LOCKED } from '../../api/lifecycle/lifecyclePlugin.ts';
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
