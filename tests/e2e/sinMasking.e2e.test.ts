/**
 * Issue 12: a SIN is shown whole only in the tax step's form (and the PDF). The review does not list the tax step,
 * and would list a SIN masked (renderer/summarizeRecord asks the engine, tests/renderer/summarizeRecord.test.ts).
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness.ts';
import { Api, createAdviser, createClient, example, seedSteps, withClientIds, type Adviser } from './support/seed.ts';
import { openStep, poll, region, signIn } from './support/ui.ts';
import { specText } from '../support/specText.ts';

let h: Harness;
let owner: Adviser;
let clientId: string;
const SHOTS = process.env.SHOTS_DIR;

beforeAll(async () => {
  h = await startHarness();
  owner = await createAdviser(h.baseUrl, 'sin');
  const api = new Api(h.baseUrl, owner.token);
  clientId = await createClient(api, { first_name: 'Arjun', last_name: 'Mehta' });
  const secondId = await createClient(api, { first_name: 'Emily', last_name: 'Mehta' });
  await seedSteps(
    api,
    clientId,
    withClientIds(example('screening-review', 'full-application'), { 2087: clientId, 2088: secondId }) as Record<
      string,
      unknown
    >,
  );
});

afterAll(async () => {
  await h?.close();
});

describe('the SIN on screen', () => {
  it('is not on the review and whole in the tax step', async () => {
    const page = h.page;
    await signIn(page, h.baseUrl, owner);
    await openStep(page, h.baseUrl, clientId, 'screening-review', specText('screening-review.heading'));
    // The review leaves the tax step out (its ui:review), and any answer it lists is masked by the engine's x-secret.
    await poll(() => region(page, 'Proposed Insured').innerText()).toContain('Arjun');
    expect(await region(page, 'Tax Information').count()).toBe(0);
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/046\s*454|130\s*692|454\s*286|692\s*544/);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/review-sin-1280.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/review-sin-390.png` });
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    await openStep(page, h.baseUrl, clientId, 'tax-information', 'Tax Information');
    await poll(() => page.locator('input[id$="owner1_sin_part1"]').inputValue()).toBe('046');
    expect(await page.locator('input[id$="owner1_sin_part2"]').inputValue()).toBe('454');
  });
});
