/**
 * Issues 24 and 31 in Chromium: answers stay with the person they are about.
 * - A field a rule reveals shows what the client record holds (the email, once consent is ticked), and the page
 *   saves it instead of writing null over the client's email.
 * - Switching the owner from Insured 1 to a different individual does not carry the insured's passport over to the
 *   new owner; switching away from answers typed asks first, and "Keep them" keeps them.
 * - An application whose insured 2 is copied from a previous insured is complete on the review and generates; the
 *   application that person came from still generates too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness.ts';
import { answerInsuredRest, answerOwnerRest } from './support/answers.ts';
import {
  ANSWERED_STEPS,
  Api,
  createAdviser,
  createClient,
  example,
  savedScreening,
  seedSteps,
  withClientIds,
} from './support/seed.ts';
import { button, field, openStep, poll, radio, signIn, waitForStep } from './support/ui.ts';
import { specText } from '../support/specText.ts';

type Json = Record<string, unknown>;

let h: Harness;
let page: Page;
let api: Api;

beforeAll(async () => {
  h = await startHarness();
  page = h.page;
  const adviser = await createAdviser(h.baseUrl, 'people');
  api = new Api(h.baseUrl, adviser.token);
  await signIn(page, h.baseUrl, adviser);
});

afterAll(async () => {
  await h?.close();
});

describe('answers stay with the person they are about', () => {
  it("ticking the email consent shows the client's email, and finishing the page keeps it (issue 24)", async () => {
    const email = 'ryan.obrien@example.ca';
    const clientId = await createClient(api, { first_name: 'Ryan', last_name: "O'Brien", email });
    await seedSteps(
      api,
      clientId,
      withClientIds({ basic: example('basic', 'new-application').basic }, { 1024: clientId }) as Json,
    );
    await openStep(page, h.baseUrl, clientId, 'proposed-insured', 'Proposed Insureds');
    await button(page, '1 Insured').click();
    await page.getByRole('heading', { name: 'Client Information', level: 1 }).waitFor();
    expect(await field(page, 'Email Address').count()).toBe(0);
    await page.getByLabel(specText('proposed-insured.insured.email_consent.title')).check();
    await poll(() => field(page, 'Email Address').inputValue()).toBe(email);

    await answerInsuredRest(page);
    await field(page, 'Postal Code').fill('M5H 1K4');
    await button(page, 'Next').click();
    await waitForStep(page, clientId, 'plan-details', 'Plan Details');
    const client = await api.ok<Json>('GET', `/api/clients/${clientId}/`);
    expect(client.email).toBe(email);
    expect(client.email_consent).toBe(true);
  });

  it("switching the owner from Insured 1 to a different individual leaves the insured's passport behind (issue 31)", async () => {
    // Arjun Mehta, insured 1, holds passport AB123456 expiring 2031-02-28; a whole life plan asks for the owner's ID.
    const clientId = await createClient(api, { first_name: 'Arjun', last_name: 'Mehta' });
    const secondId = await createClient(api, { first_name: 'Emily', last_name: 'Mehta' });
    const data = withClientIds(example('screening-review', 'full-application'), {
      2087: clientId,
      2088: secondId,
    }) as Json;
    await seedSteps(api, clientId, data, ['basic', 'proposed-insured', 'plan-details']);
    await openStep(page, h.baseUrl, clientId, 'owner', 'Owner Information');

    const ownerType = field(page, specText('owner.owner_type.title'));
    await ownerType.selectOption({ label: specText('owner.owner_type.enumNames.insured_1') });
    await poll(() => field(page, 'ID Number').inputValue()).toBe('AB123456');
    expect(await field(page, specText('owner.primary_id_expiry.title')).inputValue()).toBe('2031-02-28');
    expect(await field(page, 'ID Number').isEditable()).toBe(false);

    // Nothing typed yet: the insured's copies go without a question, and nothing of them stays.
    await ownerType.selectOption({ label: 'Different Individual' });
    await field(page, 'First Name').waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await field(page, 'ID Number').inputValue()).toBe('');
    expect(await field(page, specText('owner.primary_id_expiry.title')).inputValue()).toBe('');
    expect(await field(page, 'ID Number').isEditable()).toBe(true);

    await field(page, 'First Name').fill('Olga');
    await field(page, 'Last Name').fill('Stranger');
    await field(page, 'City').fill('Winnipeg');
    await answerOwnerRest(page);
    for (const question of [
      specText('owner.has_third_party_instructions.title'),
      specText('owner.has_third_party_funds.title'),
      specText('owner.suspect_third_party.title'),
    ])
      await radio(page, question, 'No').check();
    await field(page, 'ID Type').selectOption({ label: 'Passport' });
    await field(page, 'ID Number').fill('OS445566');
    await field(page, specText('owner.primary_id_expiry.title')).fill('2032-05-31');
    await field(page, specText('owner.primary_id_country_of_issue.title')).fill('Canada');
    await radio(page, specText('owner.is_physically_present.title'), 'Yes').check();
    await radio(page, specText('owner.is_intermediary.title'), 'No').check();

    // What was typed for Olga would go with a switch to an entity: asked first, and kept.
    await ownerType.selectOption({ label: 'Corporation/Trust/Entity' });
    const dialog = page.getByRole('alertdialog', { name: 'Replace these answers?' });
    await dialog.waitFor();
    const lost = await dialog.getByRole('listitem').allInnerTexts();
    expect(lost).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Personal Information: First Name, .*Last Name/),
        expect.stringMatching(/^Identity Verification: .*ID Number/),
      ]),
    );
    await button(dialog, 'Keep them').click();
    await poll(() => page.getByRole('alertdialog').count()).toBe(0);
    expect(await field(page, 'First Name').inputValue()).toBe('Olga');
    expect(await field(page, 'ID Number').inputValue()).toBe('OS445566');

    await button(page, 'Next').click();
    // A different individual on a universal life plan: the tax information comes next.
    await waitForStep(page, clientId, 'tax-information');
    const owner = (await savedScreening(api, clientId)).owner as Json;
    expect(owner).toMatchObject({
      owner_type: 'individual',
      first_name: 'Olga',
      last_name: 'Stranger',
      primary_id_type: 'passport',
      primary_id_number: 'OS445566',
      primary_id_expiry: '2032-05-31',
    });
    expect(JSON.stringify(owner)).not.toContain('AB123456');
  });

  it('a second insured copied from a previous insured is complete on the review and generates, and so does the application it came from (issue 31)', async () => {
    const full = example('screening-review', 'full-application');
    // The first application: its insured 2 (Emily Mehta) is a client of the adviser.
    const firstId = await createClient(api, { first_name: 'Arjun', last_name: 'Mehta' });
    const emilyId = await createClient(api, { first_name: 'Emily', last_name: 'Mehta' });
    await seedSteps(api, firstId, withClientIds(full, { 2087: firstId, 2088: emilyId }) as Json, ANSWERED_STEPS);
    const emilyBefore = await api.ok<Json>('GET', `/api/clients/${emilyId}/`);

    // The second application: one insured so far; the adviser adds Emily from the previous insureds.
    const secondId = await createClient(api, { first_name: 'Arjun', last_name: 'Mehta' });
    const one = withClientIds(full, { 2087: secondId }) as Json;
    Object.assign(one.basic as Json, { number_of_insureds: 1, proposed_insured_2: null });
    Object.assign(one['proposed-insured'] as Json, { number_of_insureds: 1, insured_2: undefined });
    await seedSteps(api, secondId, one, ['basic', 'proposed-insured']);
    await page.goto(`${h.baseUrl}/client/${secondId}/screening/proposed-insured?page=count`);
    await waitForStep(page, secondId, 'proposed-insured', 'Proposed Insureds');
    await button(page, '2 Insureds').click();
    await button(page, 'Next Insured').click();
    await page.getByRole('heading', { name: specText('proposed-insured.insured_2.title'), level: 1 }).waitFor();
    const picker = field(page, specText('proposed-insured.insured.previous_insured_id.title'));
    await picker.selectOption({ label: 'Emily Mehta (1982-01-27)' });
    await poll(() => field(page, 'First Name').inputValue()).toBe('Emily');
    expect(await field(page, 'Maiden Name').inputValue()).toBe('Clarke');
    await button(page, 'Next').click();
    await waitForStep(page, secondId, 'plan-details', 'Plan Details');

    // A copy of Emily for this application: its own client record, and hers as it was.
    const copyId = (await savedScreening(api, secondId)).basic as Json;
    expect(copyId.proposed_insured_2).not.toBe(Number(emilyId));
    const emilyAfter = await api.ok<Json>('GET', `/api/clients/${emilyId}/`);
    expect(emilyAfter).toEqual(emilyBefore);
    const rest = withClientIds(full, { 2087: secondId, 2088: String(copyId.proposed_insured_2) }) as Json;
    await seedSteps(
      api,
      secondId,
      rest,
      ANSWERED_STEPS.filter((s) => s !== 'basic' && s !== 'proposed-insured'),
    );

    await openStep(page, h.baseUrl, secondId, 'screening-review', specText('screening-review.heading'));
    const proceed = button(page, specText('screening-review.nextLabel'));
    await poll(() => proceed.isEnabled()).toBe(true);
    expect(await page.getByRole('region', { name: specText('screening-review.incompleteTitle') }).count()).toBe(0);
    await proceed.click();
    await waitForStep(page, secondId, 'pdf-generation', 'Application Generation');
    await page.getByRole('checkbox', { name: 'BMO', exact: true }).check();
    await button(page, 'Generate Application').click();
    await page.getByRole('heading', { name: specText('pdf-generation.result.heading'), level: 1 }).waitFor();

    // The application Emily came from is complete and generates as before.
    const first = await api.request('POST', '/api/pdf/generate_pdf/', {
      client_id: Number(firstId),
      populate_forms: ['BMO'],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
  });
});
