/**
 * Issue 10: applications in good order. The proposed insured opens from the client's record with nothing
 * pre-answered; Next on an empty Owner and an empty Plan is refused with the definitions' messages; the review lists
 * an incomplete step with a link that opens it, and Continue stays disabled until it is fixed.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness.ts';
import {
  ANSWERED_STEPS,
  Api,
  createAdviser,
  createClient,
  example,
  record,
  savedScreening,
  seedSteps,
  withClientIds,
  type Adviser,
} from './support/seed.ts';
import {
  button,
  errorSummary,
  field,
  openStep,
  pathOf,
  poll,
  radio,
  selectedLabel,
  signIn,
  waitForStep,
} from './support/ui.ts';
import { specText } from '../support/specText.ts';

type Json = Record<string, unknown>;

let h: Harness;
let page: Page;
let adviser: Adviser;
let api: Api;

beforeAll(async () => {
  h = await startHarness();
  page = h.page;
  page.on('dialog', (dialog) => void dialog.accept());
  adviser = await createAdviser(h.baseUrl, 'good-order');
  api = new Api(h.baseUrl, adviser.token);
  await signIn(page, h.baseUrl, adviser);
});

afterAll(async () => {
  await h?.close();
});

describe('an application in good order', () => {
  it('opens the proposed insured from the client record, with nothing pre-answered', async () => {
    const clientId = await createClient(api, {
      first_name: 'Marie',
      last_name: 'Gagnon',
      gender_sex_at_birth: 'female',
      marital_status: 'married',
      address_line1: '1200 rue Sherbrooke Ouest',
      city: 'Montréal',
      province: 'QC',
      postal_code: 'H3A 1H6',
    });
    await seedSteps(
      api,
      clientId,
      withClientIds({ basic: record('basic', 'new-application') }, { 1024: clientId }) as Json,
    );
    // The profile fills in the proposed insured's name, but nobody has answered that step: the list does not check it.
    await openStep(page, h.baseUrl, clientId, 'basic', specText('basic.heading'));
    const insuredItem = page
      .getByRole('navigation', { name: 'Screening steps' })
      .getByRole('listitem')
      .filter({ hasText: 'Proposed Insured' });
    expect(await insuredItem.innerText()).not.toMatch(/completed|incomplete/);
    // Still so once the browser has had time to load and check the next steps' definitions.
    await page.waitForTimeout(1500);
    expect(await insuredItem.innerText()).not.toMatch(/completed|incomplete/);
    await openStep(page, h.baseUrl, clientId, 'proposed-insured', 'Proposed Insureds');
    await button(page, '1 Insured').click();
    await page.getByRole('heading', { name: 'Client Information', level: 1 }).waitFor();

    // What the adviser entered on the profile is there.
    expect(await field(page, 'First Name').inputValue()).toBe('Marie');
    expect(await selectedLabel(field(page, specText('proposed-insured.insured.gender_sex_at_birth.title')))).toBe(
      'Female',
    );
    expect(await selectedLabel(field(page, 'Marital Status'))).toBe('Married');
    expect(await field(page, 'City').inputValue()).toBe('Montréal');
    // What nobody answered is not answered for them.
    for (const question of [
      specText('proposed-insured.insured.is_smoker.title'),
      specText('proposed-insured.insured.politically_exposed_person.title'),
      specText('owner.is_po_box.title'),
    ]) {
      expect(await radio(page, question, 'Yes').isChecked(), question).toBe(false);
      expect(await radio(page, question, 'No').isChecked(), question).toBe(false);
    }
    expect(await selectedLabel(field(page, 'Residency Status'))).not.toBe('Canadian Citizen');
    await button(page, 'Next').click();
    const messages = await errorSummary(page);
    expect(messages).toContain('Please answer whether Proposed Insured 1 is a smoker');
    expect(messages).toContain('Please select the residency status of Proposed Insured 1');
    expect(pathOf(page)).toBe(`/client/${clientId}/screening/proposed-insured`);
  });

  it("refuses Next on an empty Plan Details and an empty Owner, with the definitions' messages", async () => {
    const clientId = await createClient(api, { first_name: 'Daniel', last_name: 'Tremblay' });
    const data = {
      basic: record('basic', 'new-application'),
      'proposed-insured': record('proposed-insured', 'one-insured'),
    };
    await seedSteps(api, clientId, withClientIds(data, { 1024: clientId }) as Json);

    await openStep(page, h.baseUrl, clientId, 'plan-details', 'Plan Details');
    await radio(
      page,
      'Illustration Status',
      specText('plan-details.illustration_status.enumNames.not_completed'),
    ).check();
    await radio(page, 'Policy Date', 'Current Date').check();
    await button(page, 'Next').click();
    expect(await errorSummary(page)).toEqual([specText('plan-details.validation.single_life_options.message')]);
    expect(pathOf(page)).toBe(`/client/${clientId}/screening/plan-details`);

    await seedSteps(api, clientId, { 'plan-details': record('plan-details', 'single-life-term') });
    await openStep(page, h.baseUrl, clientId, 'owner', 'Owner Information');
    await button(page, 'Next').click();
    expect(await errorSummary(page)).toContain(specText('owner.validation.owner_type.required.message'));
    expect(pathOf(page)).toBe(`/client/${clientId}/screening/owner`);
    // Nothing was stored: the server refuses the same empty owner.
    expect((await savedScreening(api, clientId)).owner).toBeUndefined();
    const refused = await api.request('PUT', `/api/screening/${clientId}/owner/`, {});
    expect(refused.status).toBe(400);
  });

  it("flags a saved step in the step list as the server judged it, wherever it is, without downloading that step's definition", async () => {
    const clientId = await createClient(api, { first_name: 'Arjun', last_name: 'Mehta' });
    const secondId = await createClient(api, { first_name: 'Emily', last_name: 'Mehta' });
    const data = withClientIds(example('screening-review', 'full-application'), {
      2087: clientId,
      2088: secondId,
    }) as Json;
    await seedSteps(api, clientId, data, ANSWERED_STEPS);
    // Basic's language page saved on its own (Save Progress): "No", and the explanation page not answered yet.
    const partial = await api.request('PATCH', `/api/screening/${clientId}/basic/`, { speaks_english_french: false });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    // Opened at Owner, the wizard has not needed Basic's definition: the server's judgement as loaded flags Basic.
    const definitions: string[] = [];
    const onRequest = (request: { url: () => string }) => {
      const name = /\/assets\/(basic|medical)-[^/]+\.js$/.exec(request.url());
      if (name) definitions.push(name[1]);
    };
    page.on('request', onRequest);
    await openStep(page, h.baseUrl, clientId, 'owner', 'Owner Information');
    const item = (title: string) =>
      page.getByRole('navigation', { name: 'Screening steps' }).getByRole('listitem').filter({ hasText: title });
    await poll(() => item('Basic Information').innerText()).toContain('(incomplete)');
    await poll(() => item('Medical Information').innerText()).toContain('(completed)');
    page.off('request', onRequest);
    expect(definitions).toEqual([]);
  });

  it('lists an incomplete step on the review, opens it, and keeps Continue disabled until it is fixed', async () => {
    const clientId = await createClient(api, { first_name: 'Arjun', last_name: 'Mehta' });
    const secondId = await createClient(api, { first_name: 'Emily', last_name: 'Mehta' });
    const data = withClientIds(example('screening-review', 'full-application'), {
      2087: clientId,
      2088: secondId,
    }) as Json;
    // Every step but Medical is answered (whichever steps steps/flow.json holds); Medical was never answered.
    await seedSteps(
      api,
      clientId,
      data,
      ANSWERED_STEPS.filter((step) => step !== 'medical'),
    );
    await openStep(page, h.baseUrl, clientId, 'screening-review', specText('screening-review.heading'));
    const check = page.getByRole('region', { name: specText('screening-review.incompleteTitle') });
    await check.waitFor();
    expect(await check.innerText()).toContain('Medical Information');
    const steps = page.getByRole('navigation', { name: 'Screening steps' });
    expect(await steps.getByRole('listitem').filter({ hasText: 'Medical Information' }).innerText()).not.toContain(
      '(completed)',
    );
    const proceed = button(page, specText('screening-review.nextLabel'));
    expect(await proceed.isDisabled()).toBe(true);
    await page.getByText(specText('screening-review.incompleteReason')).waitFor();

    await button(check, 'Complete Medical Information').click();
    await waitForStep(page, clientId, 'medical', 'Medical Information');
    const record = data.medical as Json;
    for (const n of [1, 2]) {
      // Each insured's section is titled with the insured's name once known ("Insured 1: Daniel Tremblay").
      const group = page.getByRole('group', { name: new RegExp(`^Insured ${n}: `) });
      const paramedic = (record[`insured_${n}`] as Json).has_paramedic === true ? 'Yes' : 'No';
      await radio(group, specText('medical.medical_data.has_paramedic.title'), paramedic).check();
    }
    await button(page, 'Next').click();
    await waitForStep(page, clientId, 'screening-review', specText('screening-review.heading'));
    await poll(() => check.count()).toBe(0);
    await poll(() => proceed.isEnabled()).toBe(true);

    // Generation is recorded on the client's application: its PDF downloads again later, after a reload.
    await proceed.click();
    await waitForStep(page, clientId, 'pdf-generation', 'Application Generation');
    await page.getByRole('checkbox', { name: 'BMO', exact: true }).check();
    await button(page, 'Generate Application').click();
    await page.getByRole('heading', { name: specText('pdf-generation.result.heading'), level: 1 }).waitFor();
    await page.goto(`${h.baseUrl}/client/profile/${clientId}`);
    await page.reload();
    const applications = page.getByRole('table');
    const again = applications.getByRole('button', { name: 'Download BMO Insurance' });
    await again.waitFor();
    const download = page.waitForEvent('download');
    await again.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync((await file.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // The application shows what the screening holds now.
    expect(await applications.innerText()).toContain('$750,000');
  });
});
