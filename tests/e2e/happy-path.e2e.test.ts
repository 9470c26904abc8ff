/**
 * Scenario 1 (issues 4 and 5): an adviser signs up, creates a client, walks a one-insured screening with an
 * individual owner through every step and the review, and generates the application PDFs.
 *
 * Every step is driven through the UI here (none is seeded), in steps/flow.json's order: basic, proposed insured,
 * plan details, owner, beneficiary, purpose, financial, insurance history, lifestyle, medical, review and generation,
 * and any step product staff add to the flow, answered from its own example. With a Term 20 plan and a
 * different-individual owner, tax information applies (spec 2: t20) and multi-owner does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness.ts';
import { definitions, engine } from '../support/engine.ts';
import { fillFromExample, type FilledStep } from './support/fillFromExample.ts';
import {
  ANSWERED_STEPS,
  Api,
  createAdviser,
  createClient,
  example,
  savedScreening,
  seedSteps,
  uniqueEmail,
  withClientIds,
} from './support/seed.ts';
import {
  button,
  errorSummary,
  fetchWithSession,
  field,
  openStep,
  pathOf,
  poll,
  radio,
  region,
  sessionToken,
  signIn,
  waitForStep,
} from './support/ui.ts';
import { specText } from '../support/specText.ts';

let h: Harness;
let page: Page;

beforeAll(async () => {
  h = await startHarness();
  page = h.page;
  // Leaving a step with unsaved answers asks first (beforeunload); accept it.
  page.on('dialog', (dialog) => void dialog.accept());
});

afterAll(async () => {
  await h?.close();
});

describe('the happy path, from sign-up to a downloaded application', () => {
  it('signs up, creates a client, completes the screening and generates the PDFs', async () => {
    const { baseUrl } = h;
    const email = uniqueEmail('signup');
    const password = 'a-long-password';

    // Sign up ("Create an account") and land on the empty dashboard.
    await page.goto(`${baseUrl}/`);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await field(page, 'Email address').fill(email);
    await field(page, 'Password').fill(password);
    await field(page, 'Confirm Password').fill(password);
    await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
    await button(page, 'Create Account').click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'No clients found' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('username'))).toBe(email);
    expect(await sessionToken(page)).toBeTruthy();

    // The adviser's profile, entered once from the user menu: name, licence, agency and a code for BMO and Sun Life.
    await page.getByRole('button', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) }).click();
    await page.getByRole('menuitem', { name: 'Adviser profile' }).click();
    await page.getByRole('heading', { name: 'Adviser profile', level: 1 }).waitFor();
    await field(page, 'Full name').fill('Camille Adviser');
    await field(page, 'Licence number').fill('ON-2468013');
    await field(page, 'Agency or MGA').fill('Harbourfront MGA');
    await page.getByRole('checkbox', { name: 'Ontario', exact: true }).check();
    await field(page, 'BMO').fill('BMO-1357');
    await field(page, 'Sun Life').fill('SL-97531');
    await button(page, 'Save profile').click();
    await page.getByText('Your profile is saved').waitFor();
    // The trail is read again after the save: wait for it rather than read it at once.
    await page
      .getByRole('region', { name: 'Changes to your profile' })
      .getByText('Adviser code: Sun Life: — → SL-97531')
      .waitFor();
    await page.getByRole('link', { name: 'Back to clients' }).click();
    await page.getByRole('heading', { name: 'No clients found' }).waitFor();

    // The client profile form.
    await page.getByRole('link', { name: 'Create New Client Profile' }).click();
    await page.getByRole('heading', { name: 'Client Profile', level: 1 }).waitFor();
    await field(page, 'First Name').fill('Daniel');
    await field(page, 'Last Name').fill('Tremblay');
    await field(page, 'Email').fill('daniel.tremblay@example.ca');
    await field(page, 'Phone').fill('416-555-0134');
    await field(page, specText('client-profile.date_of_birth.title')).fill('1986-04-12');
    await field(page, 'Gender').selectOption({ label: 'male' });
    await button(page, 'Continue').click();

    // The screening prompt, then the wizard at /client/{id}/screening/basic.
    await page.waitForURL(/\/client\/\d+\/screening\/prompt$/);
    const clientId = pathOf(page).split('/')[2];
    await page.getByText('Would you like to start the insurance screening?').waitFor();
    await button(page, 'Yes, Start Screening').click();

    // Every step before the review, in steps/flow.json's order, through the UI. The spec's steps are answered by
    // hand, each with what it checks on the way; a step product staff add to the flow (drill B's Occupation) is
    // answered from its own example. Each step waits for its own URL and heading, so the order is the flow's.
    const byHand: Record<string, () => Promise<void>> = {
      basic: async () => {
        // Basic: its counted pages ("Step n of 3", the count from flow.json) and the preferred language in between.
        await waitForStep(page, clientId, 'basic', specText('basic.heading'));
        const counted = (definitions.steps.basic.flow.pages ?? []).filter((p) => p.counted).length;
        await page.getByRole('progressbar', { name: `Step 1 of ${counted}` }).waitFor();
        await radio(page, specText('basic.speaks_english_french.title'), 'Yes').check();
        await button(page, 'Continue').click();
        await page.getByRole('heading', { name: 'Preferred Language', level: 2 }).waitFor();
        await radio(page, 'Preferred Language', 'English').check();
        await button(page, 'Continue').click();
        await page.getByRole('progressbar', { name: `Step 2 of ${counted}` }).waitFor();
        await radio(page, specText('basic.is_canadian_tax_resident.title'), 'Yes').check();
        await button(page, 'Continue').click();
        await page.getByRole('progressbar', { name: `Step 3 of ${counted}` }).waitFor();
        await field(page, 'Application Type').selectOption({ label: 'New Application' });
        await button(page, 'Continue').click();
      },
      'proposed-insured': async () => {
        // Proposed insured: one insured, then the client's information. With one insured, Next is just "Next".
        await waitForStep(page, clientId, 'proposed-insured', 'Proposed Insureds');
        await button(page, '1 Insured').click();
        await page.getByRole('heading', { name: 'Client Information', level: 1 }).waitFor();
        await page.getByText(specText('proposed-insured.pageDescriptions.single')).waitFor();
        expect(await button(page, 'Next Insured').count()).toBe(0);
        await field(page, 'Title').selectOption({ label: 'Mr.' });
        await field(page, 'First Name').fill('Daniel');
        await field(page, 'Last Name').fill('Tremblay');
        await field(page, specText('client-profile.date_of_birth.title')).fill('1986-04-12');
        await field(page, 'Marital Status').selectOption({ label: 'Married' });
        await radio(page, specText('proposed-insured.insured.is_smoker.title'), 'No').check();
        // In good order: residency, birthplace, PEP and PO Box are the adviser's answers, none pre-selected.
        expect(
          await radio(page, specText('proposed-insured.insured.politically_exposed_person.title'), 'No').isChecked(),
        ).toBe(false);
        await field(page, 'Residency Status').selectOption({ label: 'Canadian Citizen' });
        await radio(page, specText('owner.place_of_birth_type.title'), 'Canada').check();
        await field(page, specText('owner.place_of_birth_province.title')).selectOption({ label: 'Ontario' });
        await radio(page, specText('proposed-insured.insured.politically_exposed_person.title'), 'No').check();
        await radio(page, specText('owner.is_po_box.title'), 'No').check();
        await field(page, 'Street Address').fill('220 King Street West');
        await field(page, 'City').fill('Toronto');
        await field(page, 'Province').selectOption({ label: 'Ontario' });
        await field(page, 'Postal Code').fill('m5h 1k4');
        await poll(() => field(page, 'Postal Code').inputValue()).toBe('M5H 1K4');
        await field(page, specText('owner.mobile_phone.title')).fill('(416) 555-0134');
        await button(page, 'Next').click();
      },
      'plan-details': async () => {
        // Plan details: a Term 20 single life plan of $500,000.
        await waitForStep(page, clientId, 'plan-details', 'Plan Details');
        await radio(
          page,
          'Illustration Status',
          specText('plan-details.illustration_status.enumNames.not_completed'),
        ).check();
        await radio(page, 'Policy Date', 'Current Date').check();
        await button(page, specText('plan-details.single_life_options.addLabel')).click();
        const plan = page.getByRole('group', { name: 'Single Life Option 1' });
        await field(plan, 'Product Type').selectOption({ label: 'Term Life' });
        await field(plan, 'Plan').selectOption({ label: 'Term 20' });
        await field(plan, 'Face Amount').fill('500000');
        await field(plan, 'Face Amount').blur();
        await poll(() => field(plan, 'Face Amount').inputValue()).toBe('$500,000');
        await poll(() => field(region(page, 'Product'), 'Product Type').inputValue()).toBe('Term Life');
        // A second plan, with Sun Life: the plans offered are those of the insurers the profile holds a code with,
        // grouped by insurer.
        await button(page, specText('plan-details.single_life_options.addLabel')).click();
        const second = page.getByRole('group', { name: 'Single Life Option 2' });
        await field(second, 'Product Type').selectOption({ label: 'Term Life' });
        const groups = await field(second, 'Plan')
          .locator('optgroup')
          .evaluateAll((list) => list.map((g) => g.getAttribute('label')));
        expect(groups).toEqual(['BMO Insurance', 'Sun Life']);
        await field(second, 'Plan').selectOption({ label: 'SunTerm 20' });
        await field(second, 'Face Amount').fill('250000');
        await field(second, 'Face Amount').blur();
        await button(page, 'Next').click();
      },
      owner: async () => {
        // Owner: a different individual.
        await waitForStep(page, clientId, 'owner', 'Owner Information');
        await field(page, specText('owner.owner_type.title')).selectOption({ label: 'Different Individual' });
        await field(page, specText('owner.relationship_to_insured.title')).selectOption({ label: 'Parent' });
        await field(page, 'First Name').fill('Margaret');
        await field(page, 'Last Name').fill('Leblanc');
        await field(page, specText('client-profile.date_of_birth.title')).fill('1956-11-23');
        await radio(page, 'Sex', 'Female').check();
        await radio(page, 'Smoking Class', 'Non-Smoker').check();
        await field(page, specText('owner.place_of_birth_type.title')).selectOption({ label: 'Canada' });
        await field(page, specText('owner.place_of_birth_province.title')).selectOption({ label: 'Manitoba' });
        await radio(page, specText('owner.is_po_box.title'), 'No').check();
        await field(page, 'Street Address').fill('48 Birchwood Crescent');
        await field(page, 'City').fill('Winnipeg');
        await field(page, 'Province').selectOption({ label: 'Manitoba' });
        await field(page, 'Postal Code').fill('R3T 2N2');
        await field(page, specText('owner.mobile_phone.title')).fill('204-555-0147');
        await button(page, 'Next').click();
      },
      beneficiary: async () => {
        // Term 20 with an individual owner: no multi-owner; tax information was asked (it is in the list).
        await waitForStep(page, clientId, 'beneficiary', 'Beneficiary Designation');
        const steps = page.getByRole('navigation', { name: 'Screening steps' });
        expect(await steps.getByText('Multi-Owner Information').count()).toBe(0);
        expect(await steps.getByText('Tax Information').count()).toBe(1);

        // Beneficiary: the first primary beneficiary row is there with 100%.
        const beneficiary = page.getByRole('group', { name: 'Primary Beneficiary 1' });
        expect(await field(beneficiary, 'Share (%)').inputValue()).toBe('100');
        await field(beneficiary, 'Full Name').fill('Sarah Tremblay');
        await field(beneficiary, specText('owner.relationship_to_insured.title')).fill('spouse');
        // The designation is a declaration: never pre-selected.
        expect(await radio(beneficiary, 'Designation', 'Revocable').isChecked()).toBe(false);
        await radio(beneficiary, 'Designation', 'Revocable').check();
        await button(page, 'Next').click();
      },
      'purpose-of-insurance': async () => {
        // Purpose of insurance.
        await waitForStep(page, clientId, 'purpose-of-insurance', specText('purpose-of-insurance.heading'));
        await radio(page, specText('purpose-of-insurance.purpose_of_insurance.title'), 'Income Replacement').check();
        await page.getByRole('checkbox', { name: 'Employment Income', exact: true }).check();
        await radio(page, specText('purpose-of-insurance.has_third_party_interest.title'), 'No').check();
        await button(page, 'Next').click();
      },
      financial: async () => {
        // Financial: the insured and, since the owner is someone else, the owner.
        await waitForStep(page, clientId, 'financial', 'Financial Information');
        for (const [group, assets, liabilities, income] of [
          ['Insured 1: Daniel Tremblay', '800000', '300000', '120000'],
          [specText('financial.owner_financial_data.title'), '1200000', '100000', '60000'],
        ]) {
          const scope = page.getByRole('group', { name: group, exact: true });
          await radio(scope, specText('financial.financial_data.is_gainfully_employed.title'), 'Yes').check();
          await field(scope, 'Total Assets').fill(assets);
          await field(scope, 'Total Liabilities').fill(liabilities);
          await field(scope, specText('financial.financial_data.annual_earned_income.title')).fill(income);
        }
        await button(page, 'Next').click();
      },
      'insurance-history': async () => {
        // Insurance history, lifestyle and medical: the adviser answers "No" where it is asked.
        await waitForStep(page, clientId, 'insurance-history', 'Insurance History');
        for (const question of [
          specText('insurance-history.insurance_history_data.has_existing_insurance.title'),
          specText('insurance-history.insurance_history_data.is_replacement.title'),
          specText('insurance-history.insurance_history_data.has_declined_insurance.title'),
          specText('insurance-history.insurance_history_data.will_cancel_existing_policy.title'),
        ])
          await radio(page, question, 'No').check();
        await button(page, 'Next').click();
      },
      lifestyle: async () => {
        await waitForStep(page, clientId, 'lifestyle', 'Lifestyle Questionnaire');
        // Nothing is pre-answered: Next on the untouched questionnaire is refused.
        await button(page, 'Next').click();
        expect(await errorSummary(page)).toContain('Please answer whether Proposed Insured 1 drinks alcohol');
        for (const group of await page.getByRole('radiogroup').all())
          await group.getByRole('radio', { name: 'No', exact: true }).check();
        await button(page, 'Next').click();
      },
      medical: async () => {
        await waitForStep(page, clientId, 'medical', 'Medical Information');
        await radio(page, specText('medical.medical_data.has_paramedic.title'), 'No').check();
        await field(page, specText('medical.medical_data.physician_name.title')).fill('Dr. Anne Roy');
        await button(page, 'Next').click();
      },
    };
    // A Term 20 plan with a different-individual owner: the tax step applies (issue 31), multi-owner does not.
    const walked = ANSWERED_STEPS.filter((step) => step !== 'multi-owner');
    // Each step answered by hand is still in the flow (else its answers would silently go unchecked).
    expect(Object.keys(byHand).filter((step) => !walked.includes(step))).toEqual([]);
    const byExample: Record<string, FilledStep> = {};
    for (const step of walked) {
      if (byHand[step]) await byHand[step]();
      else byExample[step] = await fillFromExample(page, clientId, step);
    }

    // Review: a section per step of the flow but those the review leaves out (the spec's 11: tax information has
    // none), in the flow's order, with the answers given above.
    await waitForStep(page, clientId, 'screening-review', specText('screening-review.heading'));
    const review = page.getByRole('region', { name: specText('screening-review.heading') });
    const sections = engine.reviewSections();
    for (const { title } of sections) await region(review, title).waitFor();
    expect(await review.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(sections.map((s) => s.title));
    for (const [step, { chosen }] of Object.entries(byExample)) {
      // A step the review leaves out (tax information) has no section to show its answers in.
      const section = sections.find((s) => s.step === step);
      if (!section) continue;
      const text = await region(review, section.title).innerText();
      for (const label of chosen) expect(text).toContain(label);
    }
    expect(await region(review, 'Proposed Insured').innerText()).toContain('Daniel');
    expect(await region(review, 'Plan Details').innerText()).toContain('$500,000');
    expect(await region(review, 'Owner Information').innerText()).toContain('Margaret');
    expect(await region(review, 'Beneficiary').innerText()).toContain('Sarah Tremblay');
    expect(await region(review, 'Multi-Owner Information').innerText()).toContain(
      'Not applicable to this application.',
    );
    await button(page, specText('screening-review.nextLabel')).click();

    // Generation (issue 5): choose insurers, generate, see the summary cards.
    await waitForStep(page, clientId, 'pdf-generation', 'Application Generation');
    await page.getByRole('checkbox', { name: 'BMO', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Sun Life', exact: true }).check();
    const generated = page.waitForResponse(
      (r) => r.url().endsWith('/api/pdf/generate_pdf/') && r.request().method() === 'POST',
    );
    await button(page, 'Generate Application').click();
    const response = await generated;
    expect(response.status()).toBe(200);
    const s3Url = ((await response.json()) as { data: { s3_url: string } }).data.s3_url;
    expect(s3Url).toBeTruthy();
    await page.getByRole('heading', { name: specText('pdf-generation.result.heading'), level: 1 }).waitFor();
    const result = page.getByRole('region', { name: specText('pdf-generation.result.heading') });
    const cards = await result.innerText();
    for (const text of [
      'BMO, Sun Life',
      'Term Life',
      'Daniel Tremblay',
      'Different Individual',
      'Margaret Leblanc',
      '$500,000',
      'SunTerm 20',
      '$250,000',
    ]) {
      expect(cards).toContain(text);
    }
    await button(result, 'Download PDF').waitFor();
    expect(await button(result, 'Download PDF').isEnabled()).toBe(true);
    await button(result, specText('pdf-generation.result.generateAnotherLabel')).waitFor();
    await button(result, specText('pdf-generation.result.returnHomeLabel')).waitFor();

    // The file behind data.s3_url, fetched in the page with the session's token header: a real PDF.
    const pdf = await fetchWithSession(page, s3Url);
    expect(pdf.status).toBe(200);
    expect(pdf.contentType).toContain('application/pdf');
    expect(pdf.head).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);

    // What the server kept: every step answered above (those from an example as the example has them), and the
    // chosen insurers.
    const api = new Api(baseUrl, (await sessionToken(page)) ?? undefined);
    const saved = await savedScreening(api, clientId);
    expect(
      Object.keys(saved)
        .filter((k) => !k.startsWith('$'))
        .sort(),
    ).toEqual([...walked, 'pdf-generation'].sort());
    for (const [step, { record }] of Object.entries(byExample)) expect(saved[step], step).toMatchObject(record);
    expect(saved.owner).toMatchObject({
      owner_type: 'individual',
      ownership_type: 'other_individual',
      first_name: 'Margaret',
      last_name: 'Leblanc',
    });
    expect(saved['pdf-generation']).toMatchObject({ populate_forms: ['BMO', 'SUNLIFE'] });

    // Return to Home goes back to the dashboard, where the client is listed.
    await button(result, specText('pdf-generation.result.returnHomeLabel')).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: 'Daniel Tremblay' }).waitFor();
  });
});

describe('Download PDF', () => {
  let result: Locator;

  // The setup is a hook, so that only the download itself can be the expected failure below.
  beforeAll(async () => {
    const { baseUrl } = h;
    const adviser = await createAdviser(baseUrl, 'download');
    const api = new Api(baseUrl, adviser.token);
    const clientId = await createClient(api, { first_name: 'Arjun', last_name: 'Mehta' });
    const secondId = await createClient(api, { first_name: 'Emily', last_name: 'Mehta' });
    // A complete two-insured application, seeded through the API: this test is about the last click only.
    await seedSteps(
      api,
      clientId,
      withClientIds(example('screening-review', 'full-application'), { 2087: clientId, 2088: secondId }) as Record<
        string,
        unknown
      >,
    );
    await signIn(page, baseUrl, adviser);
    await openStep(page, baseUrl, clientId, 'pdf-generation', 'Application Generation');
    await button(page, 'Generate Application').click();
    result = page.getByRole('region', { name: specText('pdf-generation.result.heading') });
    await button(result, 'Download PDF').waitFor();
  });

  it('opens the generated PDF in a new tab (spec: "opens the file link in a new tab"), fetched with the token', async () => {
    // The file is served only with the adviser's token: the app fetches it and shows it in a new tab as an object URL.
    const answer = h.context.waitForEvent('response', (r) => r.url().includes('/api/pdf/files/'));
    const opened = h.context.waitForEvent('page');
    let downloads = 0;
    const countDownload = () => (downloads += 1);
    page.on('download', countDownload);
    await button(result, 'Download PDF').click();
    const file = await answer;
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    const tab = await opened;
    await tab.waitForURL(/^blob:/);
    expect(tab.url().startsWith(`blob:${h.baseUrl}/`)).toBe(true);
    // The new tab shows that file as a PDF document (Chromium's viewer).
    await tab.waitForLoadState();
    expect(await tab.evaluate(() => document.contentType)).toBe('application/pdf');
    // The app's tab stays on the result, and nothing was saved as a download.
    await button(result, 'Download PDF').waitFor();
    page.off('download', countDownload);
    expect(downloads).toBe(0);
    await tab.close();
  });

  it('ran every page under the Content-Security-Policy without one refusal', () => {
    expect(h.cspViolations).toEqual([]);
  });

  it("draws a page with the app's styles from the page itself: no style sheet is requested (issue 32)", async () => {
    const tab = await h.context.newPage();
    const styleRequests: string[] = [];
    const refusals: string[] = [];
    tab.on('request', (request) => {
      if (request.resourceType() === 'stylesheet' || /\.css(\?|$)/.test(request.url()))
        styleRequests.push(request.url());
    });
    tab.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
    });
    await tab.goto(`${h.baseUrl}/dashboard`);
    await tab.getByRole('heading', { level: 1 }).first().waitFor();
    // The theme's page background (#f4f6fb): the app's style sheet at work.
    expect(await tab.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(244, 246, 251)');
    expect(styleRequests).toEqual([]);
    expect(refusals).toEqual([]);
    await tab.close();
  });
});
