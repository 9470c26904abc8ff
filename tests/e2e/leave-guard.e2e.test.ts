/**
 * Leaving a step with unsaved answers through the app's own navigation (a link of the top bar) or the browser's back
 * asks first, in the app's dialog (app/screening/useLeaveGuard.ts over app/router/): Stay keeps the step and its URL,
 * Leave goes where the adviser was going.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness.ts';
import { Api, createAdviser, createClient, record, seedSteps, withClientIds } from './support/seed.ts';
import { button, field, openStep, pathOf, poll, signIn, waitForStep } from './support/ui.ts';
import { specText } from '../support/specText.ts';

type Json = Record<string, unknown>;

let h: Harness;
let page: Page;
let api: Api;
let opening = false;

beforeAll(async () => {
  h = await startHarness();
  page = h.page;
  // A full page load would ask through beforeunload: refused (the test then fails, not waits), except when a test
  // opens its step by URL while the last one's step still holds a draft (the typed answers come back from it).
  page.on(
    'dialog',
    (dialog) => void (opening && dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()),
  );
  const adviser = await createAdviser(h.baseUrl, 'leave');
  api = new Api(h.baseUrl, adviser.token);
  await signIn(page, h.baseUrl, adviser);
});

afterAll(async () => {
  await h?.close();
});

/**
 * The basic step opened, on to the proposed insured (a navigation of the app's own, so back stays in the page), its
 * first page with a name typed and not saved.
 * @returns - the proposed insured's path
 */
async function dirtyStep(): Promise<string> {
  const clientId = await createClient(api, { first_name: 'Daniel', last_name: 'Tremblay' });
  await seedSteps(
    api,
    clientId,
    withClientIds({ basic: record('basic', 'new-application') }, { 1024: clientId }) as Json,
  );
  opening = true;
  try {
    await openStep(page, h.baseUrl, clientId, 'basic', specText('basic.heading'));
  } finally {
    opening = false;
  }
  // Its pages through (the seeded answers on each): the last Continue goes on to the proposed insured.
  for (let i = 0; i < 8 && !pathOf(page).endsWith('/proposed-insured'); i++) {
    await button(page, 'Continue').click();
    await page.waitForURL('**/proposed-insured', { timeout: 2000 }).catch(() => undefined);
  }
  await waitForStep(page, clientId, 'proposed-insured', 'Proposed Insureds');
  await button(page, '1 Insured').click();
  await page.getByRole('heading', { name: 'Client Information', level: 1 }).waitFor();
  await field(page, 'First Name').fill('Danny');
  return pathOf(page);
}

const leaveDialog = () => page.getByRole('alertdialog', { name: 'Leave this step?' });

describe('a step with unsaved answers', () => {
  it('asks before a link of the top bar leaves it: Stay keeps the step, Leave follows the link', async () => {
    const step = await dirtyStep();
    await page.getByRole('link', { name: 'Home' }).click();
    await leaveDialog().waitFor();
    expect(pathOf(page)).toBe(step);
    await leaveDialog().getByRole('button', { name: 'Stay' }).click();
    await leaveDialog().waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe(step);
    expect(await field(page, 'First Name').inputValue()).toBe('Danny');

    await page.getByRole('link', { name: 'Home' }).click();
    await leaveDialog().getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/dashboard');
    // Back from the dashboard: the step again, without a question (nothing there to lose).
    await page.goBack();
    await poll(() => pathOf(page)).toBe(step);
  });

  it("asks on the browser's back: the step's URL comes back until Leave, which goes back", async () => {
    const step = await dirtyStep();
    await page.goBack();
    await leaveDialog().waitFor();
    await poll(() => pathOf(page)).toBe(step);
    await leaveDialog().getByRole('button', { name: 'Stay' }).click();
    await leaveDialog().waitFor({ state: 'detached' });
    expect(await field(page, 'First Name').inputValue()).toBe('Danny');

    await page.goBack();
    await leaveDialog().getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('heading', { name: specText('basic.heading'), level: 1 }).waitFor();
    expect(pathOf(page)).toBe(step.replace(/proposed-insured$/, 'basic'));
  });
});
