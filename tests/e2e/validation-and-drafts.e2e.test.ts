/**
 * Scenarios 6 and 7 (issue 4): the spec's validation messages, next to their fields (aria-describedby) and in the
 * alert block, and answers typed but not saved surviving a reload. Earlier steps are seeded through the API with
 * the definitions' examples.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answerInsuredRest, answerOwnerRest } from './support/answers.ts';
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
import {
  button,
  errorSummary,
  expectFieldError,
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
  // Reloading a step with unsaved answers asks first (beforeunload); accept it.
  page.on('dialog', (dialog) => void dialog.accept());
  adviser = await createAdviser(h.baseUrl, 'forms');
  api = new Api(h.baseUrl, adviser.token);
  await signIn(page, h.baseUrl, adviser);
});

afterAll(async () => {
  await h?.close();
});

/** A new client with the given steps saved from their examples (one insured, term life, owned by the insured). */
async function clientWith(steps: string[]): Promise<string> {
  const clientId = await createClient(api, { first_name: 'Daniel', last_name: 'Tremblay' });
  const all: Json = {
    basic: record('basic', 'new-application'),
    'proposed-insured': record('proposed-insured', 'one-insured'),
    'plan-details': record('plan-details', 'single-life-term'),
    owner: record('owner', 'insured-1'),
  };
  const data = Object.fromEntries(steps.map((s) => [s, all[s]]));
  await seedSteps(api, clientId, withClientIds(data, { 1024: clientId, 1042: clientId }) as Json);
  return clientId;
}

describe("the spec's validation messages", () => {
  it('checks the client profile as the adviser types', async () => {
    await page.goto(`${h.baseUrl}/client/profile`);
    await page.getByRole('heading', { name: 'Client Profile', level: 1 }).waitFor();
    await field(page, 'First Name').fill('A');
    await expectFieldError(field(page, 'First Name'), specText('client-profile.first_name.errorMessage.type'));
    await field(page, 'Phone').fill('12');
    await expectFieldError(field(page, 'Phone'), specText('client-profile.phone_primary.errorMessage.type'));
    await field(page, 'First Name').fill('Anna');
    await poll(() => field(page, 'First Name').getAttribute('aria-invalid')).toBeNull();

    // Submitting lists the remaining problems in the alert block and stays on the form.
    await button(page, 'Continue').click();
    const alert = page.getByRole('alert').filter({ hasText: specText('client-profile.errorTitle') });
    await alert.waitFor();
    const items = await alert.getByRole('listitem').allInnerTexts();
    expect(items).toEqual([
      specText('client-profile.validation.last_name.required.message'),
      specText('client-profile.phone_primary.errorMessage.type'),
      specText('client-profile.validation.date_of_birth.required.message'),
      specText('client-profile.validation.gender_sex_at_birth.required.message'),
    ]);
    expect(pathOf(page)).toBe('/client/profile');
  });

  it('rejects a bad postal code on the proposed insured', async () => {
    const clientId = await clientWith(['basic']);
    await openStep(page, h.baseUrl, clientId, 'proposed-insured', 'Proposed Insureds');
    await button(page, '1 Insured').click();
    await page.getByRole('heading', { name: 'Client Information', level: 1 }).waitFor();
    await field(page, 'First Name').fill('Daniel');
    await field(page, 'Last Name').fill('Tremblay');
    await field(page, specText('client-profile.date_of_birth.title')).fill('1986-04-12');
    await field(page, specText('owner.mobile_phone.title')).fill('416-555-0134');
    const postalCode = field(page, 'Postal Code');
    await postalCode.fill('12345');
    await postalCode.blur();
    // Next to the field, as soon as it is left.
    await expectFieldError(postalCode, specText('owner.postal_code.errorMessage.pattern'));

    // Next is refused: the alert block names it, and the wizard stays on the page.
    await button(page, 'Next').click();
    expect(await errorSummary(page)).toContain(specText('owner.postal_code.errorMessage.pattern'));
    expect(pathOf(page)).toBe(`/client/${clientId}/screening/proposed-insured`);
    // The error's link takes the focus to the field.
    await page.getByRole('button', { name: specText('owner.postal_code.errorMessage.pattern') }).click();
    await poll(() => postalCode.evaluate((el) => el === document.activeElement)).toBe(true);

    await postalCode.fill('K2P 1L4');
    await field(page, specText('proposed-insured.insured.gender_sex_at_birth.title')).selectOption({ label: 'Male' });
    await answerInsuredRest(page);
    await button(page, 'Next').click();
    await waitForStep(page, clientId, 'plan-details', 'Plan Details');
  });

  it('asks for the illustration status and policy date on plan details', async () => {
    const clientId = await clientWith(['basic', 'proposed-insured']);
    await openStep(page, h.baseUrl, clientId, 'plan-details', 'Plan Details');
    await button(page, 'Next').click();
    const messages = await errorSummary(page);
    expect(messages).toContain(specText('plan-details.validation.illustration_status.required.message'));
    expect(messages).toContain(specText('plan-details.validation.policy_date_type.required.message'));
    expect(pathOf(page)).toBe(`/client/${clientId}/screening/plan-details`);
    // Each message also sits under its question (the radio group), tied to it with aria-describedby.
    await expectFieldError(
      page.getByRole('radiogroup', { name: 'Illustration Status' }),
      specText('plan-details.validation.illustration_status.required.message'),
    );
    await expectFieldError(
      page.getByRole('radiogroup', { name: 'Policy Date' }),
      specText('plan-details.validation.policy_date_type.required.message'),
    );

    await radio(page, 'Illustration Status', 'Illustration attached').check();
    await poll(() =>
      page.getByText(specText('plan-details.validation.illustration_status.required.message')).count(),
    ).toBe(0);
    await radio(page, 'Policy Date', 'Save Age').check();
    // Save Age asks which insured: none ticked is refused with the spec's message.
    await button(page, 'Next').click();
    expect(await errorSummary(page)).toEqual([
      specText('plan-details.validation.save_age_insured_1.message'),
      specText('plan-details.validation.single_life_options.message'),
    ]);
  });

  it("offers a joint plan only its product type's coverage types", async () => {
    // The schema narrows the coverage types by product type with `allOf` (if/then/else); the build loads the form's
    // merge of it with this step only (scripts/rjsfBasePlugin.ts), so this walk fails if the step came without it.
    const clientId = await createClient(api, { first_name: 'Daniel', last_name: 'Tremblay' });
    await seedSteps(api, clientId, {
      basic: record('basic', 'new-application'),
      'proposed-insured': record('proposed-insured', 'two-insureds'),
      'plan-details': record('plan-details', 'joint-whole-life'),
    });
    await openStep(page, h.baseUrl, clientId, 'plan-details', 'Plan Details');
    const plan = page.getByRole('group', { name: 'Joint Plan Option 1', exact: true });
    const coverage = field(plan, 'Coverage Type');
    // The types offered, whatever their order.
    const offered = () =>
      coverage.evaluate((el) =>
        [...(el as HTMLSelectElement).options]
          .filter((o) => o.value !== '')
          .map((o) => o.text)
          .sort(),
      );
    expect(await selectedLabel(coverage)).toBe('Joint Last-to-Die');
    expect(await offered()).toEqual(['Joint First-to-Die', 'Joint Last-to-Die', 'Multi Coverage']);

    await field(plan, 'Product Type').selectOption({ label: 'Term Life' });
    await poll(offered).toEqual(['Combined', 'Joint']);
  });

  it('requires primary beneficiary shares to total 100%', async () => {
    const clientId = await clientWith(['basic', 'proposed-insured', 'plan-details', 'owner']);
    await openStep(page, h.baseUrl, clientId, 'beneficiary', 'Beneficiary Designation');
    const first = page.getByRole('group', { name: 'Primary Beneficiary 1' });
    await field(first, 'Full Name').fill('Sarah Tremblay');
    await field(first, specText('owner.relationship_to_insured.title')).fill('spouse');
    await radio(first, 'Designation', 'Irrevocable').check();
    await field(first, 'Share (%)').fill('90');
    await field(first, 'Share (%)').blur();
    // The warning note shows while the shares do not add up.
    await page
      .getByText(specText('beneficiary.insured_beneficiaries.primary_share_warning.title'), { exact: true })
      .waitFor();

    await button(page, 'Next').click();
    expect(await errorSummary(page)).toContain(
      'Primary beneficiary shares for Insured 1 must total 100% (currently 90%)',
    );
    expect(pathOf(page)).toBe(`/client/${clientId}/screening/beneficiary`);

    // A second beneficiary splits the shares evenly (50/50), which totals 100%.
    await button(page, specText('beneficiary.insured_beneficiaries.primary_beneficiaries.addLabel')).click();
    const second = page.getByRole('group', { name: 'Primary Beneficiary 2' });
    await poll(() => field(second, 'Share (%)').inputValue()).toBe('50');
    expect(await field(first, 'Share (%)').inputValue()).toBe('50');
    await poll(() =>
      page
        .getByText(specText('beneficiary.insured_beneficiaries.primary_share_warning.title'), { exact: true })
        .count(),
    ).toBe(0);
    await field(second, 'Full Name').fill('Leo Tremblay');
    await field(second, specText('owner.relationship_to_insured.title')).fill('child');
    await radio(second, 'Designation', 'Revocable').check();
    await button(page, 'Next').click();
    await waitForStep(page, clientId, 'purpose-of-insurance', specText('purpose-of-insurance.heading'));
  });
});

describe('a reload in the middle of a step', () => {
  it('restores what was typed on the owner step', async () => {
    const clientId = await clientWith(['basic', 'proposed-insured', 'plan-details']);
    await openStep(page, h.baseUrl, clientId, 'owner', 'Owner Information');
    await field(page, specText('owner.owner_type.title')).selectOption({ label: 'Different Individual' });
    await field(page, 'First Name').fill('Margaret');
    await field(page, 'Last Name').fill('Leblanc');
    await field(page, 'City').fill('Winnipeg');
    // The last field is still focused: its text is not committed to the form yet when the page unloads.
    await field(page, 'Email Address').fill('margaret.leblanc@example.ca');

    await page.reload();
    await waitForStep(page, clientId, 'owner', 'Owner Information');
    await page.getByRole('status').filter({ hasText: 'We restored answers you had not saved yet' }).waitFor();
    expect(await selectedLabel(field(page, specText('owner.owner_type.title')))).toBe('Different Individual');
    expect(await field(page, 'First Name').inputValue()).toBe('Margaret');
    expect(await field(page, 'Last Name').inputValue()).toBe('Leblanc');
    expect(await field(page, 'City').inputValue()).toBe('Winnipeg');
    expect(await field(page, 'Email Address').inputValue()).toBe('margaret.leblanc@example.ca');
    // Nothing was saved on the server: the answers came back from this device.
    expect((await savedScreening(api, clientId)).owner).toBeUndefined();

    // Next saves them (with the owner's other answers), and the draft is gone: a later visit shows the saved answers without the notice.
    await answerOwnerRest(page);
    await button(page, 'Next').click();
    // The Term 20 plan with an individual owner asks the tax information next (spec 2: t20).
    await waitForStep(page, clientId, 'tax-information', 'Tax Information');
    expect((await savedScreening(api, clientId)).owner).toMatchObject({
      owner_type: 'individual',
      first_name: 'Margaret',
      last_name: 'Leblanc',
      city: 'Winnipeg',
    });
    await openStep(page, h.baseUrl, clientId, 'owner', 'Owner Information');
    expect(await field(page, 'First Name').inputValue()).toBe('Margaret');
    expect(await page.getByText('We restored answers you had not saved yet').count()).toBe(0);
  });

  it('restores what was typed on a sub-page of the proposed insured', async () => {
    const clientId = await clientWith(['basic']);
    await openStep(page, h.baseUrl, clientId, 'proposed-insured', 'Proposed Insureds');
    await button(page, '2 Insureds').click();
    await page.getByText('Completing information for insured 1 of 2').waitFor();
    await field(page, 'First Name').fill('Daniel');
    await field(page, 'Last Name').fill('Tremblay');
    await field(page, 'Postal Code').fill('m5h 1k4');

    // The page is in the URL, so a reload reopens it rather than the step's first page.
    expect(new URL(page.url()).searchParams.get('page')).toBe('insured-1');
    await page.reload();
    await waitForStep(page, clientId, 'proposed-insured');
    await page.getByRole('status').filter({ hasText: 'We restored answers you had not saved yet' }).waitFor();
    expect(await page.locator('.wizard-main').getAttribute('data-current-page')).toBe('insured-1');
    await page.getByText('Completing information for insured 1 of 2').waitFor();
    expect(await field(page, 'First Name').inputValue()).toBe('Daniel');
    expect(await field(page, 'Last Name').inputValue()).toBe('Tremblay');
    expect(await field(page, 'Postal Code').inputValue()).toBe('M5H 1K4');
  });
});
