/**
 * Two windows on one step (issue 12): the second save is not silently written over the first. It shows "This
 * step was changed in another window"; "Keep mine" saves over the other window's answers, "Load theirs" shows them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness.ts';
import {
  Api,
  createAdviser,
  createClient,
  record,
  savedScreening,
  seedSteps,
  withClientIds,
  type Adviser,
} from './support/seed.ts';
import { button, openStep, poll, radio, signIn } from './support/ui.ts';
import { definitionText } from '../support/definitionText.ts';
import { specText } from '../support/specText.ts';

type Json = Record<string, unknown>;
const STEP = 'purpose-of-insurance';
const HEADING = specText('purpose-of-insurance.heading');
const GROUP = specText('purpose-of-insurance.purpose_of_insurance.title');
const CONFLICT = 'This step was changed in another window';

let h: Harness;
let a: Page;
let b: Page;
let adviser: Adviser;
let api: Api;

beforeAll(async () => {
  h = await startHarness();
  a = h.page;
  b = (await h.newContext()).page;
  for (const page of [a, b]) page.on('dialog', (dialog) => void dialog.accept());
  adviser = await createAdviser(h.baseUrl, 'windows');
  api = new Api(h.baseUrl, adviser.token);
  await signIn(a, h.baseUrl, adviser);
  await signIn(b, h.baseUrl, adviser);
});

afterAll(async () => {
  await h?.close();
});

const purpose = async (clientId: string): Promise<unknown> =>
  ((await savedScreening(api, clientId))[STEP] as Json | undefined)?.purpose_of_insurance;

describe('two windows editing one step', () => {
  it('asks the second window whose answers stay, and loses nothing it did not choose to drop', async () => {
    const clientId = await createClient(api, { first_name: 'Daniel', last_name: 'Tremblay' });
    const data: Json = {
      basic: record('basic', 'new-application'),
      'proposed-insured': record('proposed-insured', 'one-insured'),
      'plan-details': record('plan-details', 'single-life-term'),
      owner: record('owner', 'insured-1'),
      [STEP]: record(STEP, 'income-replacement'),
    };
    await seedSteps(api, clientId, withClientIds(data, { 1024: clientId, 1042: clientId }) as Json);
    await openStep(a, h.baseUrl, clientId, STEP, HEADING);
    await openStep(b, h.baseUrl, clientId, STEP, HEADING);

    // Window A saves first.
    await radio(a, GROUP, 'Key Person').check();
    await button(a, 'Save').click();
    await poll(() => purpose(clientId)).toBe('key_person');

    // Window B, opened before that save, is asked instead of writing over it.
    await radio(b, GROUP, 'Personal').check();
    await button(b, 'Save').click();
    const dialog = b.getByRole('alertdialog', { name: CONFLICT });
    await dialog.waitFor();
    expect(await purpose(clientId)).toBe('key_person');

    // "Keep mine" saves B's answers over A's, on the version the server reported.
    await button(dialog, 'Keep mine').click();
    await poll(() => purpose(clientId)).toBe('personal');
    await poll(() => b.getByRole('alertdialog').count()).toBe(0);

    // Window A is now the stale one: its next save asks too, and "Load theirs" shows what B saved.
    await radio(a, GROUP, 'Buy-Sell Agreement').check();
    await button(a, 'Save').click();
    const second = a.getByRole('alertdialog', { name: CONFLICT });
    await second.waitFor();
    await button(second, 'Load theirs').click();
    await poll(() => radio(a, GROUP, 'Personal').isChecked()).toBe(true);
    expect(await purpose(clientId)).toBe('personal');

    // A's next save is on the current version: no dialog, and it is stored.
    await radio(a, GROUP, 'Buy-Sell Agreement').check();
    await button(a, 'Save').click();
    await poll(() => purpose(clientId)).toBe('buy_sell');
    expect(await a.getByRole('alertdialog').count()).toBe(0);
    // The client's History names each save: who, which step, from what to what.
    await a.goto(`${h.baseUrl}/client/profile/${clientId}`);
    const history = a.getByRole('list', { name: 'Changes, newest first' });
    await history.waitFor();
    const entries = history.locator(':scope > li');
    await poll(() => entries.count()).toBeGreaterThanOrEqual(3);
    // Named as the form names them (the step's section and question, its option labels), read from the definitions.
    const ui = (pointer: string) => definitionText('purpose-of-insurance/ui.json', pointer);
    const question = `${ui('/ui:sections/0/title')} › ${ui('/purpose_of_insurance/ui:title')}`;
    const option = (code: string) => ui(`/purpose_of_insurance/ui:enumNames/${code}`);
    await poll(async () => (await entries.nth(0).textContent()) ?? '').toContain(
      `${question}: ${option('personal')} → ${option('buy_sell')}`,
    );
    expect(await entries.nth(1).textContent()).toContain(
      `${question}: ${option('key_person')} → ${option('personal')}`,
    );
    expect(await entries.nth(2).textContent()).toContain(
      `${question}: ${option('income_replacement')} → ${option('key_person')}`,
    );
  });
});
