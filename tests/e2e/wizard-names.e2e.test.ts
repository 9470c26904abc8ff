/**
 * Issue 11 in Chromium: the wizard names the client, the product and each insured; insured 2 is on every per-insured
 * step without adding it; the step list opens a reached step; Start Over asks, clears the screening and opens the
 * first step; logout leaves no draft behind. Screenshots at 1280 and 390 px go to SCREENSHOTS_DIR (a temporary folder by default).
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness.ts';
import {
  Api,
  createAdviser,
  createClient,
  example,
  savedScreening,
  seedSteps,
  withClientIds,
  type Adviser,
} from './support/seed.ts';
import { openStep, signIn, waitForStep } from './support/ui.ts';
import { specTextPattern } from '../support/specText.ts';

type Json = Record<string, unknown>;

/** Where the screenshots go, outside the repository (look at them; they are not kept). */
const SHOTS = process.env.SCREENSHOTS_DIR ?? join(tmpdir(), 'issue-11-screenshots');
let h: Harness;
let page: Page;
let adviser: Adviser;
let api: Api;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness();
  page = h.page;
  adviser = await createAdviser(h.baseUrl, 'names');
  api = new Api(h.baseUrl, adviser.token);
  await signIn(page, h.baseUrl, adviser);
});

afterAll(async () => {
  await h?.close();
});

/** Both widths, full page. */
async function shoot(name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Olivia and Marcus Bennett, a joint whole life plan, owners and successors saved; the per-insured steps not yet. */
async function bennetts(): Promise<string> {
  const clientId = await createClient(api, { first_name: 'Olivia', last_name: 'Bennett' });
  const secondId = await createClient(api, { first_name: 'Marcus', last_name: 'Bennett' });
  const data = withClientIds(example('screening-review', 'full-application'), {
    2087: clientId,
    2088: secondId,
  }) as Json;
  const insureds = data['proposed-insured'] as { insured_1: Json; insured_2: Json };
  Object.assign(insureds.insured_1, { first_name: 'Olivia', last_name: 'Bennett' });
  Object.assign(insureds.insured_2, { first_name: 'Marcus', last_name: 'Bennett' });
  await seedSteps(api, clientId, data, ['basic', 'proposed-insured', 'plan-details', 'owner', 'multi-owner']);
  await api.ok('POST', '/api/insurance/screening-progress/update_progress/', {
    clientId: Number(clientId),
    currentStep: 'beneficiary',
    stepData: {},
  });
  return clientId;
}

describe('names, insured 2 once, the step list and Start Over (issue 11)', () => {
  it('names the client, the product and both insureds, with insured 2 on all five per-insured steps', async () => {
    const clientId = await bennetts();
    await openStep(page, h.baseUrl, clientId, 'beneficiary', 'Beneficiary Designation');
    expect(await page.getByTestId('wizard-headline').textContent()).toBe('Olivia Bennett · Whole Life');
    await page.getByRole('heading', { name: 'Insured 1: Olivia Bennett' }).waitFor();
    await page.getByRole('heading', { name: 'Insured 2: Marcus Bennett' }).waitFor();
    await shoot('beneficiary');
    for (const [step, heading] of [
      ['financial', 'Financial Information'],
      ['insurance-history', 'Insurance History'],
      ['lifestyle', 'Lifestyle Information'],
      ['medical', 'Medical Information'],
    ]) {
      await page.goto(`${h.baseUrl}/client/${clientId}/screening/${step}`);
      await waitForStep(page, clientId, step);
      await page
        .getByRole('heading', { name: 'Insured 2: Marcus Bennett' })
        .waitFor({ timeout: 10_000 })
        .catch(async (e: unknown) => {
          throw new Error(`${step} (${heading}) shows no insured 2 section`, { cause: e });
        });
      expect(await page.getByRole('button', { name: /Add .*Insured 2/i }).count()).toBe(0);
    }
    // Owners and successors by name.
    await openStep(page, h.baseUrl, clientId, 'multi-owner', 'Multi-Owner Information');
    await page.getByRole('heading', { name: 'Successor Owner for Olivia Bennett' }).waitFor();
    await page.getByRole('heading', { name: 'Successor Owner for Marcus Bennett' }).waitFor();
    await shoot('multi-owner');

    // The step list: Plan Details was saved, so it is a link; the keyboard opens it.
    const steps = page.getByRole('navigation', { name: 'Screening steps' });
    await steps.getByRole('link', { name: /^Plan Details/ }).focus();
    await page.keyboard.press('Enter');
    await waitForStep(page, clientId, 'plan-details', 'Plan Details');
    expect(await steps.getByRole('link', { name: /^Owner Information/ }).count()).toBe(1);
  });

  it('Start Over asks, then clears the screening and its drafts and opens the first step; logout leaves no draft', async () => {
    const clientId = await bennetts();
    await page.goto(`${h.baseUrl}/client/${clientId}/screening/prompt`);
    await page.getByText('For Olivia Bennett').waitFor();
    await shoot('prompt');
    await page.evaluate((id) => localStorage.setItem(`screening-draft:${id}:medical`, '{"record":{}}'), clientId);
    await page.getByRole('button', { name: 'Start Over' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Start the screening over?' });
    await dialog.waitFor();
    await shoot('start-over');
    await dialog.getByRole('button', { name: 'Start Over' }).click();
    await waitForStep(page, clientId, 'basic');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const saved = await savedScreening(api, clientId);
    expect(Object.keys(saved).filter((k) => !k.startsWith('$') && k !== 'proposed-insured')).toEqual([]);
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('screening-draft:'))),
    ).toEqual([]);

    // A draft typed afterwards goes with the logout.
    await page.evaluate((id) => localStorage.setItem(`screening-draft:${id}:basic`, '{"record":{}}'), clientId);
    await page.locator('.menu-anchor > button').first().click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('screening-draft:'))),
    ).toEqual([]);

    // A link opened without a session returns there after the login.
    await page.goto(`${h.baseUrl}/client/${clientId}/screening/prompt`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByLabel('Username').fill(adviser.email);
    await page.getByLabel('Password').fill(adviser.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === `/client/${clientId}/screening/prompt`);
  });

  it('asks before one insured drops insured 2, and before a joint plan replaces the single-life plans; a fresh joint row shows no error', async () => {
    const clientId = await bennetts();
    // Going back to one insured names what would go.
    await page.goto(`${h.baseUrl}/client/${clientId}/screening/proposed-insured?page=count`);
    await page.getByRole('button', { name: '1 Insured', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === 'insured-1');
    await page.getByRole('button', { name: /^Next/ }).click();
    const loss = page.getByRole('alertdialog', { name: 'Remove these answers?' });
    await loss.waitFor();
    expect(await loss.textContent()).toContain('Proposed Insured: Second Proposed Insured Information');
    expect(await loss.textContent()).not.toContain('Email Address');
    await shoot('one-insured');
    await loss.getByRole('button', { name: 'Keep them' }).click();
    expect((await savedScreening(api, clientId))['proposed-insured']).toMatchObject({ number_of_insureds: 2 });

    // Plans: a single-life plan saved, then a joint plan added.
    await api.ok('PUT', `/api/screening/${clientId}/plan-details/`, {
      illustration_status: 'not_completed',
      policy_date_type: 'current_date',
      joint_plan_options: null,
      single_life_options: [
        { product_type: 'term_life', plan_name: 'term_20', proposed_insured_1: true, face_amount: 500000 },
      ],
    });
    await openStep(page, h.baseUrl, clientId, 'plan-details', 'Plan Details');
    await page.getByRole('button', { name: specTextPattern('plan-details.joint_plan_options.addLabel') }).click();
    const replace = page.getByRole('alertdialog', { name: 'Replace these answers?' });
    await replace.waitFor();
    await shoot('joint-plan');
    await replace.getByRole('button', { name: 'Keep them' }).click();
    await page.getByText('Single Life Option 1').waitFor();
    expect(await page.getByText('Joint Plan Option 1').count()).toBe(0);
    await page.getByRole('button', { name: specTextPattern('plan-details.joint_plan_options.addLabel') }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Replace them' }).click();
    await page.getByText('Joint Plan Option 1').waitFor();
    await page.waitForTimeout(300);
    expect(await page.locator('.field-error').count()).toBe(0);
    expect(await page.getByText('Single Life Option 1').count()).toBe(0);
  });
});
