// @vitest-environment jsdom
/**
 * Issue 27: a submitted application's answers are locked (docs/decisions/data-answers-locked-after-submission.md).
 * The wizard is told when it loads ($locked on GET /api/screening/{id}/) and shows the steps read-only with the
 * server's message; a submission made after the page loaded is still refused on save, saying why.
 */
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import full from '../../steps/screening-review/examples/full-application.json';
import purposeUi from '../../steps/purpose-of-insurance/ui.json';
import reviewUi from '../../steps/screening-review/ui.json';
import { ANSWERS_LOCKED } from '../../api/lifecycle/lifecyclePlugin.ts';
import en from '../../app/i18n/en/wizard.json';
import fr from '../../app/i18n/fr/wizard.json';
import serverFr from '../../api/texts/i18n/fr.json';
import { activateLanguage } from '../../app/i18n/language.ts';
import { locationOf, mockApi, renderRoute, signIn } from './support.tsx';

beforeEach(async () => {
  await activateLanguage('en');
  sessionStorage.clear();
  localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

const LOCK = { message: ANSWERS_LOCKED, applicationId: 42 };

/** The API of a submitted application: the screening says it is locked; every call is counted. */
function lockedApi() {
  return mockApi({
    'GET /api/screening/3/?incomplete=true': () => ({ body: { ...full.data, $locked: LOCK } }),
    'POST /api/insurance/screening-progress/update_progress/': () => ({ body: {} }),
    'PUT /api/screening/3/purpose-of-insurance/': () => ({ status: 500, body: { error: 'must not be called' } }),
  });
}

/** Every control of the step's form: each must take no input. */
function controlsOf(container: HTMLElement): HTMLElement[] {
  const form = container.querySelector<HTMLElement>('.step-form');
  if (!form) throw new Error('no step form');
  return [...form.querySelectorAll<HTMLElement>('input, textarea, select, button')];
}

describe('a submitted application: the wizard says so before anyone types', () => {
  it("shows the step read-only with the server's message and a link to the application, and saves nothing", async () => {
    const api = lockedApi();
    const { container, router } = renderRoute('/client/3/screening/purpose-of-insurance');
    const notice = await screen.findByTestId('answers-locked', {}, { timeout: 10000 });
    expect(notice).toHaveAttribute('role', 'status');
    expect(within(notice).getByText(ANSWERS_LOCKED)).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: en['wizard.locked.open'] })).toHaveAttribute(
      'href',
      '/applications/42',
    );

    // The saved answers are shown, and no control takes input.
    expect(await screen.findByDisplayValue(/Estate preservation/)).toBeInTheDocument();
    const controls = controlsOf(container);
    expect(controls.length).toBeGreaterThan(3);
    for (const control of controls) {
      const locked =
        control.hasAttribute('disabled') || control.hasAttribute('readonly') || control.closest('fieldset:disabled');
      expect(locked, control.outerHTML).toBeTruthy();
    }
    // No Save; Next reads on to the next step.
    expect(screen.queryByRole('button', { name: purposeUi['ui:options'].saveLabel })).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByDisplayValue(/Estate preservation/), 'x');
    expect(screen.getByDisplayValue(/Estate preservation/)).not.toHaveValue(
      `${String(full.data['purpose-of-insurance'].purpose_of_insurance_other)}x`,
    );
    await user.click(screen.getByRole('button', { name: en['wizard.next'] }));
    await waitFor(() => expect(locationOf(router)).toBe('/client/3/screening/financial'));
    expect(await screen.findByTestId('answers-locked', {}, { timeout: 10000 })).toBeInTheDocument();

    // Back the other way: no "unsaved changes" question, and not one answer sent anywhere.
    // (By text: a role query over the whole wizard is slow in jsdom.)
    await user.click(await screen.findByText(en['wizard.back'], { selector: 'button' }, { timeout: 10000 }));
    await waitFor(() => expect(locationOf(router)).toBe('/client/3/screening/purpose-of-insurance'));
    expect(screen.queryByRole('dialog')).toBeNull();
    const writes = api.calls().filter((c) => !c.startsWith('GET '));
    expect(writes.every((c) => c === 'POST /api/insurance/screening-progress/update_progress/')).toBe(true);
    const progress = api.fetch.mock.calls
      .filter(([input]) => String(input) === '/api/insurance/screening-progress/update_progress/')
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as { stepData: unknown });
    for (const p of progress) expect(p.stepData).toEqual({});
    expect(localStorage.length).toBe(0);
  }, 30_000);

  it('the review says so too, and its buttons open the steps to view, not to edit', async () => {
    lockedApi();
    renderRoute('/client/3/screening/screening-review');
    const notice = await screen.findByTestId('answers-locked', {}, { timeout: 20000 });
    expect(within(notice).getByText(ANSWERS_LOCKED)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: new RegExp(`^${en['wizard.review.view']} `) }).length).toBeGreaterThan(
      3,
    );
    const edit = reviewUi['ui:options'].editLabel ?? en['wizard.review.edit'];
    expect(screen.queryAllByRole('button', { name: new RegExp(`^${edit} `) })).toEqual([]);
  }, 30_000);

  it("a switch of language asks the server's words again: the notice in French", async () => {
    const frenchLock = { ...LOCK, message: serverFr['texts.json#/messages/answersLocked'].fr };
    mockApi({
      'GET /api/screening/3/?incomplete=true': () => ({ body: { ...full.data, $locked: LOCK } }),
      'GET /api/screening/3/': ({ headers }) => ({
        body: { ...full.data, $locked: headers.get('accept-language')?.startsWith('fr') ? frenchLock : LOCK },
      }),
      'PATCH /api/clients/user_info/': () => ({ body: {} }),
    });
    renderRoute('/client/3/screening/purpose-of-insurance');
    await screen.findByTestId('answers-locked', {}, { timeout: 10000 });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Français');
    // Compared as written: the French keeps its no-break spaces, which the text matchers fold.
    await waitFor(() => expect(screen.getByTestId('answers-locked').textContent).toContain(frenchLock.message), {
      timeout: 20000,
    });
    expect(screen.getByTestId('answers-locked').textContent).toContain(fr['wizard.locked.title'].fr);
    expect(screen.queryByText(ANSWERS_LOCKED)).toBeNull();
  }, 30_000);

  it('not locked ($locked null): the step takes input and Save is there', async () => {
    mockApi({ 'GET /api/screening/3/?incomplete=true': () => ({ body: { ...full.data, $locked: null } }) });
    renderRoute('/client/3/screening/purpose-of-insurance');
    expect(
      await screen.findByRole('button', { name: purposeUi['ui:options'].saveLabel }, { timeout: 10000 }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('answers-locked')).toBeNull();
    expect(await screen.findByDisplayValue(/Estate preservation/)).not.toHaveAttribute('readonly');
  }, 30_000);
});

describe('a submission made after the page loaded: a save is refused with the reason', () => {
  it("shows the server's message in the step", async () => {
    let puts = 0;
    mockApi({
      'GET /api/screening/3/?incomplete=true': () => ({ body: full.data }),
      'PUT /api/screening/3/purpose-of-insurance/': () => {
        puts += 1;
        return {
          status: 400,
          body: { error: ANSWERS_LOCKED, errors: [{ field: 'application', message: ANSWERS_LOCKED }] },
        };
      },
    });
    renderRoute('/client/3/screening/purpose-of-insurance');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: purposeUi['ui:options'].saveLabel }, { timeout: 10000 }),
    );
    await waitFor(() => expect(puts).toBe(1));
    expect(await screen.findByText(ANSWERS_LOCKED)).toBeInTheDocument();
  });
});
