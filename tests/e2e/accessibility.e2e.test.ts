/**
 * Issue 16: axe-core (WCAG 2.2 A and AA rules, every impact) on every screen and state of the app, at 1280 and
 * 390 px, and no page wider than a 390 px screen (issue 11). One browser profile and one login for the whole file;
 * the wizard's steps and pages are not listed here: the test follows the app's own Next from the first step to the
 * review, so a step added to steps/ is audited without touching this file. On each page it audits the page as
 * loaded, then blanks the fields marked required and presses Next, and audits the refusal.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findProblems, settle } from './support/axe.ts';
import { startHarness, type Harness } from './support/harness.ts';
import {
  Api,
  createAdviser,
  createClient,
  example,
  seedSteps,
  STEP_ORDER,
  withClientIds,
  type Adviser,
} from './support/seed.ts';
import { button, field, poll, signIn } from './support/ui.ts';
import { specText } from '../support/specText.ts';

const WIDTHS = [1280, 390];
const FLOW = JSON.parse(readFileSync('steps/flow.json', 'utf8')) as {
  review: string;
  steps: { id: string; final?: boolean }[];
};
const FINAL = FLOW.steps.find((s) => s.final)?.id ?? 'pdf-generation';

interface Finding {
  state: string;
  width: number;
  problems: string[];
}

let h: Harness;
let page: Page;
let adviser: Adviser;
let clientId: string;
const audited: { state: string; width: number; violations: number }[] = [];

beforeAll(async () => {
  h = await startHarness();
  page = h.page;
  page.on('dialog', (dialog) => void dialog.accept());
  adviser = await createAdviser(h.baseUrl, 'a11y');
  const api = new Api(h.baseUrl, adviser.token);
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
  const total = audited.reduce((n, a) => n + a.violations, 0);
  console.log(
    `axe-core: ${audited.length} audits (${new Set(audited.map((a) => a.state)).size} states x ${WIDTHS.join(' and ')} px), ${total} violation node(s)`,
  );
  await h?.close();
});

/** Audits the current state at both widths (returning to 1280 px) and returns what is wrong. */
async function audit(state: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    const problems = await findProblems(page);
    audited.push({ state, width, violations: problems.length });
    if (problems.length) findings.push({ state, width, problems });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await settle(page);
  return findings;
}

/** One login for the file: signs in unless this tab already has a session (a test run alone with -t). */
async function ensureSignedIn(): Promise<void> {
  const token = page.url().startsWith(h.baseUrl)
    ? await page.evaluate(() => sessionStorage.getItem('authToken'))
    : null;
  if (!token) await signIn(page, h.baseUrl, adviser);
}

function report(findings: Finding[]): string {
  return findings.map((f) => `${f.state} at ${f.width} px:\n    ${f.problems.join('\n    ')}`).join('\n');
}

/** Fails with every finding printed. */
function expectNone(findings: Finding[]): void {
  if (findings.length) console.log(report(findings));
  expect(report(findings)).toBe('');
}

/** WCAG's contrast ratio of two CSS colours "rgb(r, g, b)". */
function contrast(a: string, b: string): number {
  const lum = (css: string) => {
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('axe-core and a 390 px screen on every screen', () => {
  it('login and sign-up, as shown and with errors', async () => {
    const findings: Finding[] = [];
    await page.goto(`${h.baseUrl}/`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    findings.push(...(await audit('login')));
    await page.getByLabel('Username').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').first().waitFor();
    findings.push(...(await audit('login refused')));
    await page.goto(`${h.baseUrl}/signup`);
    await button(page, 'Create Account').waitFor();
    findings.push(...(await audit('sign-up')));
    await field(page, 'Email address').fill('someone@example.com');
    await field(page, 'Password').fill('one-password-1');
    await field(page, 'Confirm Password').fill('another-password-2');
    await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
    await button(page, 'Create Account').click();
    await page.getByText('Passwords do not match').first().waitFor();
    findings.push(...(await audit('sign-up with errors')));
    expectNone(findings);
  });

  it('forgot password, check your email, the reset link and change password, as shown and with errors', async () => {
    const findings: Finding[] = [];
    await page.goto(`${h.baseUrl}/forgot-password`);
    await button(page, 'Send reset link').waitFor();
    findings.push(...(await audit('forgot password')));
    await field(page, 'Email address').fill('not-an-email');
    await button(page, 'Send reset link').click();
    await page.getByText(specText('client-profile.email.errorMessage.type')).waitFor();
    findings.push(...(await audit('forgot password with an error')));
    await field(page, 'Email address').fill(adviser.email);
    await button(page, 'Send reset link').click();
    await page.getByRole('heading', { name: 'Check your email', level: 1 }).waitFor();
    findings.push(...(await audit('check your email')));
    await page.goto(`${h.baseUrl}/reset-password?token=${'0'.repeat(64)}`);
    await button(page, 'Set new password').waitFor();
    findings.push(...(await audit('reset password')));
    await page.getByLabel('New password', { exact: true }).fill('a quiet harbour at dusk 42');
    await field(page, 'Confirm new password').fill('a quiet harbour at dusk 43');
    await button(page, 'Set new password').click();
    await page.getByText('Passwords do not match').waitFor();
    findings.push(...(await audit('reset password with an error')));
    await field(page, 'Confirm new password').fill('a quiet harbour at dusk 42');
    await button(page, 'Set new password').click();
    await page.getByRole('heading', { name: 'This link cannot be used', level: 1 }).waitFor();
    findings.push(...(await audit('reset link refused')));
    await ensureSignedIn();
    await page.goto(`${h.baseUrl}/account/password`);
    await button(page, 'Change password').waitFor();
    findings.push(...(await audit('change password')));
    await field(page, 'Current password').fill('not my password at all');
    await page.getByLabel('New password', { exact: true }).fill('a quiet harbour at dusk 42');
    await field(page, 'Confirm new password').fill('a quiet harbour at dusk 42');
    await button(page, 'Change password').click();
    await page.getByText('Your current password is incorrect').waitFor();
    findings.push(...(await audit('change password with an error')));
    expectNone(findings);
  });

  it('dashboard, its menus and dialog, profile, applications, support and prompt', async () => {
    const findings: Finding[] = [];
    await ensureSignedIn();
    await page.goto(`${h.baseUrl}/dashboard`);
    await page.getByRole('link', { name: 'Arjun Mehta' }).waitFor();
    findings.push(...(await audit('dashboard')));
    await page.getByRole('button', { name: 'Actions for Arjun Mehta' }).click();
    await page.getByRole('menuitem').first().waitFor();
    findings.push(...(await audit('dashboard row menu')));
    await page.keyboard.press('Escape');
    await page.locator('.user-button').click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    findings.push(...(await audit('user menu')));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Actions for Emily Mehta' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').waitFor();
    findings.push(...(await audit('delete dialog')));
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`${h.baseUrl}/client/profile`);
    await page.getByRole('heading', { name: 'Client Profile', level: 1 }).waitFor();
    await button(page, 'Continue').click();
    await page
      .getByRole('alert')
      .filter({ hasText: specText('client-profile.errorTitle') })
      .waitFor();
    findings.push(...(await audit('new profile with errors')));
    await page.goto(`${h.baseUrl}/client/profile/${clientId}`);
    await page.getByRole('heading', { name: 'Client Profile', level: 1 }).waitFor();
    await poll(() => field(page, 'First Name').inputValue()).not.toBe('');
    findings.push(...(await audit('profile of a client with applications')));

    // Loaded whole, as a reload or a bookmark does: /applications is also an API route without /api, for browsers the page.
    await page.goto(`${h.baseUrl}/applications`);
    await page.getByRole('heading', { name: 'Applications', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'All applications' }).waitFor();
    await page.waitForLoadState('networkidle');
    findings.push(...(await audit('applications')));
    await page.getByRole('link', { name: 'Support', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Support', level: 1 }).waitFor();
    findings.push(...(await audit('support')));
    await page.goto(`${h.baseUrl}/client/${clientId}/screening/prompt`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    findings.push(...(await audit('screening prompt')));
    expectNone(findings);
  });

  it('every step and page of the wizard, as loaded and refused, the leave dialog and the review', async () => {
    const findings: Finding[] = [];
    const main = page.locator('.wizard-main');
    await ensureSignedIn();
    const position = async () =>
      `${await main.getAttribute('data-current-step')}${(await main.getAttribute('data-current-page')) ? `/${await main.getAttribute('data-current-page')}` : ''}`;
    await page.goto(`${h.baseUrl}/client/${clientId}/screening/${STEP_ORDER[0]}`);
    await page.locator('#step-heading').waitFor();
    const seen = new Set<string>();
    for (let guard = 0; guard < 80; guard += 1) {
      await page.waitForLoadState('networkidle');
      const at = await position();
      if (at.startsWith(FLOW.review)) break;
      expect(seen.has(at), `the wizard came back to ${at}`).toBe(false);
      seen.add(at);
      findings.push(...(await audit(at)));

      // Refused: every text field marked required made blank, then Next. (Money fields are left: a blank amount
      // may be one the rules compute.)
      const required = page.locator(
        '.wizard-main :is(input, textarea)[aria-required="true"]:not([type=radio]):not([type=checkbox]):not([data-widget=money]):not([readonly]):visible',
      );
      if (await required.count()) {
        for (const input of await required.all()) await input.fill('');
        await page.locator('.wizard-actions .btn-primary').click();
        await page
          .locator('.wizard-main .error-summary')
          .waitFor({ timeout: 10_000 })
          .catch(async (error: unknown) => {
            if (process.env.A11Y_SHOTS)
              await page.screenshot({ path: `${process.env.A11Y_SHOTS}/unrefused.png`, fullPage: true });
            throw new Error(`Blank required fields on ${at} were not refused (now at ${await position()})`, {
              cause: error,
            });
          });
        findings.push(...(await audit(`${at} refused`)));
        // Back to the saved answers: the blanked ones are kept as this device's draft, which the page offers to discard.
        await page.reload();
        await page.locator('#step-heading').waitFor();
        await button(page, 'Discard them').click();
        await page.waitForLoadState('networkidle');
        expect(await position()).toBe(at);
      }
      await page.locator('.wizard-actions .btn-primary').click();
      await page
        .waitForFunction(
          (before) => {
            const m = document.querySelector('.wizard-main');
            const now = `${m?.getAttribute('data-current-step')}${m?.getAttribute('data-current-page') ? `/${m.getAttribute('data-current-page')}` : ''}`;
            return now !== before;
          },
          at,
          { timeout: 15_000 },
        )
        .catch(async (error: unknown) => {
          const shown = await page.locator('.wizard-main [role=alert], .wizard-main .field-error').allInnerTexts();
          if (process.env.A11Y_SHOTS)
            await page.screenshot({ path: `${process.env.A11Y_SHOTS}/stuck.png`, fullPage: true });
          throw new Error(`Next did not leave ${at}; the page shows: ${shown.join(' | ') || 'no alert'}`, {
            cause: error,
          });
        });
    }
    expect(seen.size).toBeGreaterThan(STEP_ORDER.length - 3);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    findings.push(...(await audit('review')));

    // The leave dialog: a change not saved, then Back out of a step.
    await page.goto(`${h.baseUrl}/client/${clientId}/screening/${STEP_ORDER[STEP_ORDER.indexOf(FLOW.review) - 1]}`);
    await page.locator('#step-heading').waitFor();
    await page.locator('.wizard-main :is(input[type=text], textarea):visible:not([readonly])').first().fill('changed');
    await button(page, 'Back').click();
    await page.getByRole('alertdialog').waitFor();
    findings.push(...(await audit('leave dialog')));
    await page.getByRole('alertdialog').getByRole('button', { name: 'Stay' }).click();
    expectNone(findings);
  });

  it('the generation page and its result', async () => {
    const findings: Finding[] = [];
    await ensureSignedIn();
    await page.goto(`${h.baseUrl}/client/${clientId}/screening/${FINAL}`);
    await button(page, 'Generate Application').waitFor();
    findings.push(...(await audit('generation')));
    await button(page, 'Generate Application').click();
    await page.getByRole('region', { name: specText('pdf-generation.result.heading') }).waitFor({ timeout: 60_000 });
    findings.push(...(await audit('generation result')));
    // The applications now list download buttons, the widest content of a phone's row cards.
    await page.goto(`${h.baseUrl}/applications`);
    await page.getByRole('button', { name: 'Download all' }).first().waitFor();
    findings.push(...(await audit('applications with their PDFs')));
    expectNone(findings);
  });

  it('draws focus rings, input borders and placeholders with enough contrast, read from the rendered styles', async () => {
    await ensureSignedIn();
    await page.goto(`${h.baseUrl}/client/profile`);
    await page.getByRole('heading', { name: 'Client Profile', level: 1 }).waitFor();
    const input = field(page, 'First Name');
    const styles = await input.evaluate((el) => {
      const s = getComputedStyle(el);
      const placeholder = getComputedStyle(el, '::placeholder');
      return { border: s.borderTopColor, background: s.backgroundColor, placeholder: placeholder.color };
    });
    expect(contrast(styles.border, styles.background)).toBeGreaterThanOrEqual(3);
    expect(contrast(styles.placeholder, styles.background)).toBeGreaterThanOrEqual(4.5);
    // A button focused by keyboard: its ring (outline or the outer box-shadow) against the card behind it.
    await input.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const s = getComputedStyle(el);
      const shadow = s.boxShadow.match(/rgba?\([^)]*\)/g) ?? [];
      const color =
        s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2
          ? s.outlineColor
          : (shadow[shadow.length - 1] ?? '');
      let bg = 'rgba(0, 0, 0, 0)';
      for (
        let node: HTMLElement | null = el.parentElement;
        node && /rgba\(.*, 0\)$|transparent/.test(bg);
        node = node.parentElement
      )
        bg = getComputedStyle(node).backgroundColor;
      return { tag: el.tagName, color, bg };
    });
    expect(ring.color, `focused ${ring.tag} has a ring`).not.toBe('');
    expect(contrast(ring.color, ring.bg)).toBeGreaterThanOrEqual(3);
  });

  it('puts focus on the summary after a refused Next, and on the new heading with a new title after Next', async () => {
    await ensureSignedIn();
    const api = new Api(h.baseUrl, adviser.token);
    const fresh = await createClient(api, { first_name: 'Nadia', last_name: 'Roy' });
    await page.goto(`${h.baseUrl}/client/${fresh}/screening/${STEP_ORDER[0]}`);
    await page.locator('#step-heading').waitFor();
    // The page's heading has focus, and the title names the step and the client.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('step-heading');
    const firstTitle = await page.title();
    expect(firstTitle).toMatch(/^Basic Information.*Step 1 of \d+, Nadia Roy \| Insure Wizard$/);
    // Next clicked with nothing answered: refused, the summary in view with focus (issue 11).
    await page.locator('.wizard-actions .btn-primary').click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary')))
      .toBe(true);
    const box = await page.locator('.wizard-main .error-summary').boundingBox();
    expect(box && box.y >= 0 && box.y < 900).toBe(true);
    // And by keyboard.
    await page.locator('.wizard-actions .btn-primary').focus();
    await page.keyboard.press('Enter');
    await page.locator('.wizard-main .error-summary').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary')))
      .toBe(true);
    // Only the summary is an alert; the field errors are descriptions of their fields.
    expect(await page.locator('.wizard-main .field-error[role=alert]').count()).toBe(0);
    // Answered with arrows and Space, then Next: the next page's heading has focus and the title changed.
    const group = page.locator('.wizard-main [role=radiogroup]').first();
    await group.locator('input[type=radio]').first().focus();
    await page.keyboard.press('Space');
    await page.locator('.wizard-actions .btn-primary').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.title(), { timeout: 10_000 }).not.toBe(firstTitle);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('step-heading');
  });

  it('completes the owner step with the keyboard alone: Tab, arrows, typing and Enter', async () => {
    await ensureSignedIn();
    const api = new Api(h.baseUrl, adviser.token);
    const id = await createClient(api, { first_name: 'Daniel', last_name: 'Tremblay' });
    const second = await createClient(api, { first_name: 'Claire', last_name: 'Tremblay' });
    const data = withClientIds(example('screening-review', 'full-application'), { 2087: id, 2088: second }) as Record<
      string,
      unknown
    >;
    await seedSteps(api, id, data, ['basic', 'proposed-insured', 'plan-details']);
    await page.goto(`${h.baseUrl}/client/${id}/screening/owner`);
    await page.locator('#step-heading').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('step-heading');
    // Through the form in tab order: a select with nothing chosen takes its first choice (ArrowDown), a radio group
    // with nothing chosen its second ("No": ArrowRight from the first, which Tab lands on); Next is pressed with Enter.
    for (let presses = 0; presses < 200; presses += 1) {
      await page.keyboard.press('Tab');
      const el = await page.evaluate(() => {
        const a = document.activeElement as HTMLInputElement | HTMLSelectElement | null;
        if (!a) return { kind: 'none' };
        const group =
          a instanceof HTMLInputElement && a.type === 'radio'
            ? document.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${a.name}"]`)
            : null;
        return {
          kind:
            a instanceof HTMLSelectElement
              ? 'select'
              : a instanceof HTMLInputElement && a.type === 'radio'
                ? 'radio'
                : a.classList.contains('btn-primary') && a.closest('.wizard-actions')
                  ? 'next'
                  : a instanceof HTMLInputElement &&
                      a.type === 'text' &&
                      a.getAttribute('aria-required') === 'true' &&
                      a.value === ''
                    ? 'blank'
                    : 'other',
          label: a.labels?.[0]?.textContent ?? '',
          empty: a instanceof HTMLSelectElement ? a.value === '' : group ? ![...group].some((r) => r.checked) : false,
        };
      });
      if (el.kind === 'select' && el.empty) await page.keyboard.press('ArrowDown');
      if (el.kind === 'radio' && el.empty) await page.keyboard.press('ArrowRight');
      // The one answer the seeded application leaves to type (the owner's ID's country of issue).
      if (el.kind === 'blank' && /country/i.test(el.label ?? '')) await page.keyboard.type('Canada');
      if (el.kind === 'next') {
        await page.keyboard.press('Enter');
        break;
      }
    }
    await page
      .waitForURL((url) => !url.pathname.endsWith('/owner'), { timeout: 15_000 })
      .catch(async (error: unknown) => {
        const shown = await page.locator('.wizard-main .error-summary li').allInnerTexts();
        throw new Error(`The owner step was not completed by keyboard: ${shown.join(' | ')}`, { cause: error });
      });
    const saved = await api.ok<Record<string, unknown>>('GET', `/api/screening/${id}/`);
    expect(saved.owner).toBeTruthy();
  });

  it('completes the beneficiary step with the keyboard alone: Add with Enter and Space (the focus goes to the new row), Shift+Tab back, typing and arrows', async () => {
    const started = Date.now();
    await ensureSignedIn();
    const api = new Api(h.baseUrl, adviser.token);
    const id = await createClient(api, { first_name: 'Maya', last_name: 'Tremblay' });
    const second = await createClient(api, { first_name: 'Luc', last_name: 'Tremblay' });
    const data = withClientIds(example('screening-review', 'full-application'), { 2087: id, 2088: second }) as Record<
      string,
      unknown
    >;
    // Every step before the beneficiary step that the example holds (multi-owner and tax-information apply to it).
    await seedSteps(api, id, data, STEP_ORDER.slice(0, STEP_ORDER.indexOf('beneficiary')));

    // From the step's definitions: the insureds' groups (rules.json), the primary list's Add label, the row's labels
    // and the designation's choices (ui.json), the total the shares must reach (the list's share effect).
    type UiNode = {
      'ui:title'?: string;
      'ui:options'?: { addLabel?: string };
      'ui:enumNames'?: Record<string, string>;
    };
    const ui = JSON.parse(readFileSync('steps/beneficiary/ui.json', 'utf8')) as {
      'ui:definitions': Record<string, Record<string, UiNode>>;
    };
    const rules = JSON.parse(readFileSync('steps/beneficiary/rules.json', 'utf8')) as {
      groups: { each: { path: string }[]; effects: { on: string; op: string; params: { total?: number } }[] }[];
    };
    const LIST = 'primary_beneficiaries';
    const groupUi = ui['ui:definitions']['#/definitions/insured_beneficiaries'];
    const rowUi = ui['ui:definitions']['#/definitions/beneficiary'];
    const addLabel = String(groupUi[LIST]['ui:options']?.addLabel);
    const keyOfLabel = new Map(
      Object.entries(rowUi)
        .filter(([, v]) => typeof v?.['ui:title'] === 'string')
        .map(([k, v]) => [String(v['ui:title']), k]),
    );
    const choices = rowUi.is_revocable['ui:enumNames'] ?? {};
    const valueOfChoice = new Map(Object.entries(choices).map(([k, label]) => [label, JSON.parse(k) as unknown]));
    const [choiceA, choiceB] = Object.values(choices);
    const group = rules.groups.find((g) => g.effects.some((e) => e.on === LIST && e.op === 'splitEvenly'));
    const total = group?.effects.find((e) => e.on === LIST && e.op === 'splitEvenly')?.params.total ?? 100;
    const insureds = (group?.each ?? []).map((e) => e.path);
    expect(insureds.length).toBeGreaterThan(0);
    const count = Number((data['proposed-insured'] as Record<string, unknown>).number_of_insureds);

    // What is typed and chosen: two primary beneficiaries per insured, shares of 60/40 and 70/30 of the total.
    type Row = { full_name: string; relationship: string; share_percentage: string; is_revocable: string };
    const people = [
      ['Claire', 'spouse'],
      ['Noah', 'child'],
      ['Daniel', 'spouse'],
      ['Lea', 'parent'],
    ];
    const plan = new Map<string, Row[]>(
      insureds.slice(0, count).map((insured, i) => {
        const first = (total * (6 + i)) / 10;
        return [
          insured,
          [
            {
              full_name: `${people[2 * i][0]} Tremblay`,
              relationship: people[2 * i][1],
              share_percentage: String(first),
              is_revocable: choiceA,
            },
            {
              full_name: `${people[2 * i + 1][0]} Tremblay`,
              relationship: people[2 * i + 1][1],
              share_percentage: String(total - first),
              is_revocable: choiceB,
            },
          ],
        ];
      }),
    );
    /** What the plan wants of a field (by its id and label, or its radio group's name), or undefined. */
    const wanted = (fieldId: string, label: string): string | undefined => {
      for (const [insured, rows] of plan) {
        const m = new RegExp(`^root_${insured}_${LIST}_(\\d+)_`).exec(fieldId);
        const key = keyOfLabel.get(label);
        if (m && key && key in rows[0]) return rows[Number(m[1])]?.[key as keyof Row];
      }
      return undefined;
    };

    await page.goto(`${h.baseUrl}/client/${id}/screening/beneficiary`);
    await page.locator('#step-heading').waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('step-heading');

    /** Every input of the form in DOM order: its id, label (a radio's: its group's name), value (a radio's: the chosen label). */
    const fields = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLInputElement>('.wizard-main input')].map((a) => {
          const radios = a.type === 'radio' ? a.closest('[role=radiogroup]') : null;
          return radios
            ? {
                id: a.id,
                radio: true,
                label: document.getElementById(radios.getAttribute('aria-labelledby') ?? '')?.textContent ?? '',
                value:
                  [...radios.querySelectorAll<HTMLInputElement>('input')].find((r) => r.checked)?.labels?.[0]
                    ?.textContent ?? '',
              }
            : { id: a.id, radio: false, label: a.labels?.[0]?.textContent ?? '', value: a.value };
        }),
      );
    /** The first field whose value is not yet the planned one. */
    const firstUnfinished = async () =>
      (await fields()).find((f) => {
        const w = wanted(f.id, f.label);
        return w !== undefined && w !== f.value;
      });
    const focused = () =>
      page.evaluate((add) => {
        const a = document.activeElement as HTMLInputElement | null;
        if (!a || a === document.body) return { kind: 'none', id: '', label: '', value: '', rows: 0, list: '' };
        const radios = a.type === 'radio' ? a.closest('[role=radiogroup]') : null;
        const list = a.closest('.array-field');
        const isAdd = a.tagName === 'BUTTON' && a.textContent?.includes(add);
        const isTitle = a.classList.contains('array-item-title');
        const rowsOf = list?.querySelectorAll(':scope > .array-items > .array-item');
        return {
          kind: radios
            ? 'radio'
            : isAdd
              ? 'add'
              : isTitle
                ? 'title'
                : a.tagName === 'BUTTON' && a.closest('.wizard-actions') && a.classList.contains('btn-primary')
                  ? 'next'
                  : a.tagName === 'INPUT' && (a.type === 'text' || a.type === 'number') && !a.readOnly
                    ? 'text'
                    : 'other',
          id: a.id,
          label: radios
            ? (document.getElementById(radios.getAttribute('aria-labelledby') ?? '')?.textContent ?? '')
            : (a.labels?.[0]?.textContent ?? ''),
          value: radios
            ? ([...radios.querySelectorAll<HTMLInputElement>('input')].find((r) => r.checked)?.labels?.[0]
                ?.textContent ?? '')
            : a.value,
          own: radios ? (a.labels?.[0]?.textContent ?? '') : '',
          rows: isAdd || isTitle ? (rowsOf?.length ?? 0) : 0,
          // A row's title: whether it is the list's last row (the one Add just made).
          last: isTitle && rowsOf ? (rowsOf[rowsOf.length - 1]?.contains(a) ?? false) : false,
          list: isAdd ? (list?.querySelector('input')?.id ?? '') : '',
        };
      }, addLabel);

    let adds = 0;
    let backs = 0;
    let done = false;
    for (let presses = 0; presses < 300 && !done; presses += 1) {
      await page.keyboard.press('Tab');
      const el = await focused();
      const want = wanted(el.id, el.label);
      if (el.kind === 'text' && want !== undefined && el.value !== want) {
        // Select what the field holds (a share the split filled in) and type over it.
        await page.keyboard.press('End');
        await page.keyboard.press('Shift+Home');
        await page.keyboard.type(want);
        expect((await focused()).value, `typed into ${el.id}`).toBe(want);
      } else if (el.kind === 'radio' && want !== undefined && el.value !== want) {
        // Nothing chosen: Space takes the focused choice if it is the one, else the arrows move to it.
        if (el.own === want) await page.keyboard.press('Space');
        for (let i = 0; i < 5 && (await focused()).value !== want; i += 1) await page.keyboard.press('ArrowRight');
        expect((await focused()).value, `chose in ${el.id}`).toBe(want);
      } else if (el.kind === 'add') {
        const insured = [...plan.keys()].find((p) => el.list.startsWith(`root_${p}_${LIST}_`));
        if (insured && el.rows < (plan.get(insured)?.length ?? 0)) {
          // One list added with Enter, the other with Space; the focus goes to the new row's title, above its fields.
          await page.keyboard.press(adds % 2 === 0 ? 'Enter' : 'Space');
          adds += 1;
          await poll(async () => {
            const at = await focused();
            return at.kind === 'title' && at.last ? at.rows : 0;
          }).toBe(el.rows + 1);
          // The first answer not yet as planned: a share the split changed is above, back with Shift+Tab; the new
          // row's own fields are below, where the loop's Tab goes next.
          const unfinished = await firstUnfinished();
          const above =
            unfinished &&
            (await page.evaluate((fieldId) => {
              const field = document.getElementById(fieldId);
              return Boolean(
                field &&
                document.activeElement &&
                field.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING,
              );
            }, unfinished.id));
          const target = above ? unfinished : undefined;
          for (let i = 0; i < 40 && target; i += 1) {
            await page.keyboard.press('Shift+Tab');
            backs += 1;
            const at = await focused();
            if (
              at.id === target.id ||
              (target.radio &&
                at.kind === 'radio' &&
                at.label === target.label &&
                at.id.split('-')[0] === target.id.split('-')[0])
            )
              break;
          }
          // The loop's Tab moves on from the field Shift+Tab reached: step back once more so that it lands on it.
          if (target) {
            await page.keyboard.press('Shift+Tab');
            backs += 1;
          }
        }
      } else if (el.kind === 'next') {
        const left = await firstUnfinished();
        expect(left, `a field left unfinished before Next: ${JSON.stringify(left)}`).toBeUndefined();
        await page.keyboard.press('Enter');
        done = true;
      }
    }
    expect(done, 'Tab reached Next').toBe(true);
    expect(adds).toBe(plan.size);
    expect(backs).toBeGreaterThan(0);
    await page
      .waitForURL((url) => !url.pathname.endsWith('/beneficiary'), { timeout: 15_000 })
      .catch(async (error: unknown) => {
        const shown = await page.locator('.wizard-main .error-summary li').allInnerTexts();
        throw new Error(`The beneficiary step was not completed by keyboard: ${shown.join(' | ')}`, { cause: error });
      });
    const saved = await api.ok<Record<string, Record<string, Record<string, Record<string, unknown>[]>>>>(
      'GET',
      `/api/screening/${id}/`,
    );
    for (const [insured, rows] of plan) {
      const list = saved.beneficiary?.[insured]?.[LIST] ?? [];
      expect(
        list.map((b) => ({
          full_name: b.full_name,
          relationship: b.relationship,
          share_percentage: b.share_percentage,
          is_revocable: b.is_revocable,
        })),
      ).toEqual(
        rows.map((r) => ({
          full_name: r.full_name,
          relationship: r.relationship,
          share_percentage: Number(r.share_percentage),
          is_revocable: valueOfChoice.get(r.is_revocable),
        })),
      );
      expect(list.reduce((sum, b) => sum + Number(b.share_percentage), 0)).toBe(total);
    }
    console.log(
      `beneficiary by keyboard: ${adds} rows added, ${backs} Shift+Tab, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });
});
