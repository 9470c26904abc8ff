/**
 * Scenarios 2 to 5 (issue 4): the flow's skips and sub-pages, and Edit from review. The steps before the one under
 * test are seeded through the API (PUT /api/screening/{clientId}/{stepId}/) with the definitions' own examples, then
 * the wizard is opened at that step through its URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answerInsuredRest } from './support/answers.ts';
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
  field,
  openStep,
  pathOf,
  poll,
  radio,
  region,
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
  adviser = await createAdviser(h.baseUrl, 'flow');
  api = new Api(h.baseUrl, adviser.token);
  await signIn(page, h.baseUrl, adviser);
});

afterAll(async () => {
  await h?.close();
});

/** Every wizard URL this tab goes to from now on, in order. */
function recordPaths(): { paths: string[]; stop: () => void } {
  const paths: string[] = [];
  const onNavigate = (frame: { url(): string }) => {
    if (frame !== page.mainFrame()) return;
    const path = new URL(frame.url()).pathname;
    if (paths[paths.length - 1] !== path) paths.push(path);
  };
  page.on('framenavigated', onNavigate);
  return { paths, stop: () => page.off('framenavigated', onNavigate) };
}

/** A one-insured client with basic, proposed insured and a universal life plan saved (tax information would apply to an individual owner). */
async function clientWithUniversalLifePlan(): Promise<string> {
  const clientId = await createClient(api, { first_name: 'Daniel', last_name: 'Tremblay' });
  const data = {
    basic: record('basic', 'new-application'),
    'proposed-insured': record('proposed-insured', 'one-insured'),
    'plan-details': record('plan-details', 'universal-life-save-age'),
  };
  await seedSteps(api, clientId, withClientIds(data, { 1024: clientId }) as Json);
  return clientId;
}

/** Two clients (the insureds) and the review step's complete joint application saved for the first. */
async function fullJointApplication(steps?: string[]): Promise<{ clientId: string; data: Json }> {
  const clientId = await createClient(api, { first_name: 'Arjun', last_name: 'Mehta' });
  const secondId = await createClient(api, { first_name: 'Emily', last_name: 'Mehta' });
  const data = withClientIds(example('screening-review', 'full-application'), {
    2087: clientId,
    2088: secondId,
  }) as Json;
  await seedSteps(api, clientId, data, steps);
  return { clientId, data };
}

describe('the screening flow', () => {
  it('skips multi-owner and tax information for a corporation owner', async () => {
    const clientId = await clientWithUniversalLifePlan();
    // The corporation's answers (identity, business, declarations) are saved; the adviser opens Owner and goes on.
    await seedSteps(api, clientId, { owner: record('owner', 'entity') } as Json);
    await openStep(page, h.baseUrl, clientId, 'owner', 'Owner Information');
    expect(await selectedLabel(field(page, specText('owner.owner_type.title')))).toBe('Corporation/Trust/Entity');
    await region(page, 'Corporation/Trust/Entity').waitFor();

    const visited = recordPaths();
    await button(page, 'Next').click();
    await waitForStep(page, clientId, 'beneficiary', 'Beneficiary Designation');
    visited.stop();
    // Straight from owner to beneficiary: neither skipped step was ever opened.
    expect(visited.paths).toEqual([`/client/${clientId}/screening/beneficiary`]);
    const steps = page.getByRole('navigation', { name: 'Screening steps' });
    await steps.getByText('Beneficiary', { exact: true }).waitFor();
    expect(await steps.getByText('Multi-Owner Information').count()).toBe(0);
    expect(await steps.getByText('Tax Information').count()).toBe(0);

    // Back from beneficiary returns to owner, again skipping both.
    await button(page, 'Back').click();
    await waitForStep(page, clientId, 'owner', 'Owner Information');
    expect(await selectedLabel(field(page, specText('owner.owner_type.title')))).toBe('Corporation/Trust/Entity');

    const saved = await savedScreening(api, clientId);
    expect(saved.owner).toMatchObject({
      owner_type: 'entity',
      ownership_type: 'corporation',
      is_corporate: true,
      legal_name: record('owner', 'entity').legal_name,
    });

    // Opening a skipped step by its URL moves on to the next step that applies.
    await page.goto(`${h.baseUrl}/client/${clientId}/screening/tax-information`);
    await waitForStep(page, clientId, 'beneficiary', 'Beneficiary Designation');
  });

  it('shows multi-owner and two owner blocks in tax information for joint insured owners', async () => {
    // Basic, two proposed insureds, a whole life joint plan and the owner "Jointly, same as insured 1 and 2".
    const { clientId } = await fullJointApplication(['basic', 'proposed-insured', 'plan-details', 'owner']);
    await openStep(page, h.baseUrl, clientId, 'owner', 'Owner Information');
    expect(await selectedLabel(field(page, specText('owner.owner_type.title')))).toBe(
      specText('owner.owner_type.enumNames.joint_insureds'),
    );
    await page.getByText(specText('owner.note_owner_joint.title')).waitFor();
    await region(page, specText('owner.sections.identity_second_insured.title')).waitFor();

    await button(page, 'Next').click();
    await waitForStep(page, clientId, 'multi-owner', 'Multi-Owner Information');
    const steps = page.getByRole('navigation', { name: 'Screening steps' });
    await steps.getByText('Multi-Owner Information').waitFor();
    await steps.getByText('Tax Information').waitFor();
    await page.getByRole('checkbox', { name: 'No survivorship' }).check();
    const successor1 = region(page, 'Successor Owner for Arjun Mehta');
    await field(successor1, 'First Name').fill('Emily');
    await field(successor1, 'Last Name').fill('Mehta');
    await field(successor1, 'Relationship').fill('Spouse');
    const successor2 = region(page, 'Successor Owner for Emily Mehta');
    await field(successor2, 'First Name').fill('Arjun');
    await field(successor2, 'Last Name').fill('Mehta');
    await field(successor2, 'Relationship').fill('Spouse');
    await button(page, 'Continue').click();

    // Tax information: one block per owner, each with its SIN in three parts and its FATCA / CRS questions.
    await waitForStep(page, clientId, 'tax-information', 'Tax Information');
    const owners = [
      { name: 'Arjun Mehta', sin: ['046', '454', '286'] },
      { name: 'Emily Mehta', sin: ['130', '692', '544'] },
    ];
    for (const { name, sin } of owners) {
      const sinBlock = region(page, `${name} - Social Insurance Number`);
      const taxBlock = region(page, `${name} - Tax Residency`);
      await sinBlock.waitFor();
      await taxBlock.waitFor();
      // The SIN parts: focus moves to the next part after three digits.
      await field(sinBlock, specText('tax-information.owner1_sin_part1.title')).click();
      await page.keyboard.type(sin.join(''));
      await poll(() => Promise.all([1, 2, 3].map((p) => field(sinBlock, `SIN part ${p}`).inputValue()))).toEqual(sin);
      await radio(taxBlock, specText('tax-information.owner1_fatca_status.title'), 'No').check();
      await radio(taxBlock, specText('tax-information.owner1_crs_status.title'), 'No').check();
    }
    // FATCA "Yes" for owner 2 asks for a TIN in owner 2's block.
    const owner2Tax = region(page, 'Emily Mehta - Tax Residency');
    await radio(owner2Tax, specText('tax-information.owner1_fatca_status.title'), 'Yes').check();
    await field(owner2Tax, specText('tax-information.owner1_tin.title')).fill('123-45-6789');
    expect(
      await field(region(page, 'Arjun Mehta - Tax Residency'), specText('tax-information.owner1_tin.title')).count(),
    ).toBe(0);
    await button(page, 'Continue').click();
    await waitForStep(page, clientId, 'beneficiary', 'Beneficiary Designation');

    const saved = await savedScreening(api, clientId);
    expect(saved['multi-owner']).toMatchObject({
      no_survivorship: true,
      owner1_successor_first_name: 'Emily',
      owner2_successor_first_name: 'Arjun',
    });
    expect(saved['tax-information']).toMatchObject({
      owner1_sin_part1: '046',
      owner1_sin_part2: '454',
      owner1_sin_part3: '286',
      owner1_fatca_status: 'no',
      owner2_sin_part1: '130',
      owner2_sin_part2: '692',
      owner2_sin_part3: '544',
      owner2_fatca_status: 'yes',
      owner2_tin: '123-45-6789',
    });
  });

  it('asks for the second proposed insured after "Next Insured"', async () => {
    const clientId = await createClient(api, { first_name: 'Daniel', last_name: 'Tremblay' });
    await seedSteps(
      api,
      clientId,
      withClientIds({ basic: record('basic', 'new-application') }, { 1024: clientId }) as Json,
    );
    await openStep(page, h.baseUrl, clientId, 'proposed-insured', 'Proposed Insureds');

    await button(page, '2 Insureds').click();
    await page.getByRole('heading', { name: 'Client Information', level: 1 }).waitFor();
    await page.getByText('Completing information for insured 1 of 2').waitFor();
    // With a second insured to come, the first insured's Next reads "Next Insured".
    await button(page, 'Next Insured').waitFor();
    expect(await button(page, 'Next').count()).toBe(0);
    await field(page, 'First Name').fill('Daniel');
    await field(page, 'Last Name').fill('Tremblay');
    await field(page, specText('client-profile.date_of_birth.title')).fill('1986-04-12');
    await field(page, specText('proposed-insured.insured.gender_sex_at_birth.title')).selectOption({ label: 'Male' });
    await answerInsuredRest(page);
    await field(page, 'Postal Code').fill('M5H 1K4');
    await field(page, specText('owner.mobile_phone.title')).fill('416-555-0134');
    await button(page, 'Next Insured').click();

    await page.getByRole('heading', { name: specText('proposed-insured.insured_2.title'), level: 1 }).waitFor();
    await page.getByText('Completing information for insured 2 of 2').waitFor();
    expect(pathOf(page)).toBe(`/client/${clientId}/screening/proposed-insured`);
    // The second insured's form is empty, and its Next is plain "Next".
    expect(await field(page, 'First Name').inputValue()).toBe('');
    expect(await button(page, 'Next Insured').count()).toBe(0);
    await field(page, 'First Name').fill('Sophie');
    await field(page, 'Last Name').fill('Tremblay');
    await field(page, specText('client-profile.date_of_birth.title')).fill('1988-09-02');
    await field(page, specText('proposed-insured.insured.gender_sex_at_birth.title')).selectOption({ label: 'Female' });
    await answerInsuredRest(page);
    await field(page, specText('proposed-insured.insured.relationship_to_proposed_insured_1.title')).fill('Spouse');
    await field(page, 'Postal Code').fill('M5H 1K4');
    await field(page, specText('owner.mobile_phone.title')).fill('416-555-0199');

    // Back returns to the first insured with its answers, then forward again.
    await button(page, 'Back').click();
    await page.getByText('Completing information for insured 1 of 2').waitFor();
    expect(await field(page, 'First Name').inputValue()).toBe('Daniel');
    await button(page, 'Next Insured').click();
    await page.getByText('Completing information for insured 2 of 2').waitFor();
    expect(await field(page, 'First Name').inputValue()).toBe('Sophie');
    await button(page, 'Next').click();

    await waitForStep(page, clientId, 'plan-details', 'Plan Details');
    const saved = (await savedScreening(api, clientId))['proposed-insured'] as Json;
    expect(saved.number_of_insureds).toBe(2);
    expect(saved.insured_1).toMatchObject({ first_name: 'Daniel', last_name: 'Tremblay', postal_code: 'M5H 1K4' });
    expect(saved.insured_2).toMatchObject({
      first_name: 'Sophie',
      last_name: 'Tremblay',
      gender_sex_at_birth: 'female',
      is_second_insured: true,
    });
  });

  it('returns to the review after editing a step from it', async () => {
    // Every step before the review answered, so that Next after an Edit has no unanswered step to stop at first.
    const { clientId } = await fullJointApplication(ANSWERED_STEPS);
    await openStep(page, h.baseUrl, clientId, 'screening-review', specText('screening-review.heading'));
    const review = page.getByRole('region', { name: specText('screening-review.heading') });
    await poll(() => region(review, 'Plan Details').innerText()).toContain('$750,000');

    // Edit a one-page step: Next brings the adviser back to the review, not to the following step (owner).
    await button(review, 'Edit Plan Details').click();
    await waitForStep(page, clientId, 'plan-details', 'Plan Details');
    const plan = page.getByRole('group', { name: 'Joint Plan Option 1' });
    const faceAmount = field(plan, 'Face Amount');
    expect(await faceAmount.inputValue()).toBe('$750,000');
    // The money widget shows the raw amount while focused; replace it then. (Typing right after focusing, as fill()
    // or a keyboard user tabbing in does, appends to the old amount: reported to the lead.)
    await faceAmount.click();
    await poll(() => faceAmount.inputValue()).toBe('750000');
    await faceAmount.fill('1250000');
    await button(page, 'Next').click();
    await waitForStep(page, clientId, 'screening-review', specText('screening-review.heading'));
    await poll(() => region(review, 'Plan Details').innerText()).toContain('$1,250,000');

    // Edit a step with sub-pages: through its pages, then back to the review.
    await button(review, 'Edit Proposed Insured').click();
    await waitForStep(page, clientId, 'proposed-insured', 'Proposed Insureds');
    await button(page, '2 Insureds').click();
    await page.getByText('Completing information for insured 1 of 2').waitFor();
    await button(page, 'Next Insured').click();
    await page.getByText('Completing information for insured 2 of 2').waitFor();
    await field(page, 'First Name').fill('Emilia');
    await button(page, 'Next').click();
    await waitForStep(page, clientId, 'screening-review', specText('screening-review.heading'));
    await poll(() => region(review, 'Proposed Insured').innerText()).toContain('Emilia');

    const saved = await savedScreening(api, clientId);
    expect(((saved['plan-details'] as Json).joint_plan_options as Json[])[0].face_amount).toBe(1250000);
    expect(((saved['proposed-insured'] as Json).insured_2 as Json).first_name).toBe('Emilia');
  });
});
