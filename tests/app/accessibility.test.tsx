// @vitest-environment jsdom
/**
 * Issue 16's focus and naming rules in the app: a title per route and per step, the user menu's focus, required
 * marks on the profile, and focus on the error summary after a refused Next or Continue.
 */
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../app/i18n/language.ts';
import frenchWizard from '../../app/i18n/fr/wizard.json';
import { wizardTitle } from '../../app/screening/useStepAnnouncement.ts';
import { deferred, mockApi, renderRoute, signIn } from './support.tsx';
import { specText } from '../support/specText.ts';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const CLIENTS = {
  results: [
    {
      id: 3,
      first_name: 'Olivia',
      last_name: 'Bennett',
      email: 'o@example.ca',
      phone: null,
      created_at: null,
      updated_at: null,
    },
  ],
  count: 1,
};
const EMPTY_LIST = { 'GET /api/clients/': () => ({ body: CLIENTS }), 'GET /api/brokers/': () => ({ body: [] }) };

describe('document titles', () => {
  it('names each route', async () => {
    mockApi(EMPTY_LIST);
    renderRoute('/');
    await screen.findByRole('heading', { name: 'Welcome back' });
    await waitFor(() => expect(document.title).toBe('Sign in | Insure Wizard'));
  });

  it('names the dashboard and the support page', async () => {
    signIn();
    mockApi(EMPTY_LIST);
    const { router } = renderRoute('/dashboard');
    await screen.findByRole('heading', { name: 'Clients', level: 1 });
    await waitFor(() => expect(document.title).toBe('Clients | Insure Wizard'));
    await router.navigate('/reports');
    await screen.findByRole('heading', { name: 'Support', level: 1 });
    await waitFor(() => expect(document.title).toBe('Support | Insure Wizard'));
  });

  it('names a step from the definitions: step, position and client', () => {
    expect(wizardTitle({ step: 'Owner Information', n: 4, total: 12, client: 'Olivia Bennett' })).toBe(
      'Owner Information: Step 4 of 12, Olivia Bennett | Insure Wizard',
    );
    expect(wizardTitle({ step: 'Basic Information', page: 'Language Check', n: 1, total: 14 })).toBe(
      'Basic Information – Language Check: Step 1 of 14 | Insure Wizard',
    );
  });

  it("names a step in French with the progress bar's words, not English ones", async () => {
    await activateLanguage('fr');
    try {
      const title = wizardTitle({ step: 'Une étape', n: 1, total: 12, client: 'Jeanne Roy' });
      const stepOf = frenchWizard['wizard.stepOf'].fr.replace('{n}', '1').replace('{total}', '12');
      expect(title).toContain(`Une étape: ${stepOf}, Jeanne Roy`);
      expect(title).not.toContain('Step');
    } finally {
      await activateLanguage('en');
    }
  });

  it('titles a wizard step with its flow title and the client, and focuses its heading', async () => {
    signIn();
    mockApi({ ...EMPTY_LIST, 'GET /api/screening/3/?incomplete=true': () => ({ body: {} }) });
    renderRoute('/client/3/screening/plan-details');
    // The first wizard of the file loads the screening chunk and the step's definitions: allow for a cold start.
    const heading = await screen.findByRole('heading', { name: 'Plan Details', level: 1 }, { timeout: 20_000 });
    await waitFor(() =>
      expect(document.title).toMatch(/^Plan Details: Step \d+ of \d+, Olivia Bennett \| Insure Wizard$/),
    );
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
  });
});

describe('focus after a refusal', () => {
  it('a refused Next moves focus to the error summary, which is the only alert', async () => {
    signIn();
    mockApi({ ...EMPTY_LIST, 'GET /api/screening/3/?incomplete=true': () => ({ body: {} }) });
    renderRoute('/client/3/screening/plan-details');
    await screen.findByRole('heading', { name: 'Plan Details', level: 1 });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /^Next/ }));
    const summary = await screen.findByText('Please correct the following:');
    const block = summary.closest('.error-summary');
    await waitFor(() => expect(block).toHaveFocus());
    expect(screen.getAllByRole('alert')).toEqual([block]);
  });

  it('the profile marks required fields with aria-required, and a refused Continue focuses its summary', async () => {
    signIn();
    mockApi(EMPTY_LIST);
    renderRoute('/client/profile');
    const first = await screen.findByLabelText('First Name');
    expect(first).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-required', 'true');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = (await screen.findByText(specText('client-profile.errorTitle'))).closest('[role=alert]');
    await waitFor(() => expect(summary).toHaveFocus());
  });
});

describe('the user menu', () => {
  it('opens with Enter or Space on its first item, and Escape brings focus back to its button', async () => {
    signIn('jordan@example.ca');
    mockApi(EMPTY_LIST);
    renderRoute('/dashboard');
    await screen.findByRole('heading', { name: 'Clients', level: 1 });
    const user = userEvent.setup({ delay: null });
    const button = screen.getByRole('button', { name: /jordan@example.ca/ });
    button.focus();
    await user.keyboard('{Enter}');
    // The first item: the adviser's profile, then Logout.
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Adviser profile' })).toHaveFocus());
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Adviser profile' })).toHaveFocus());
  });
});

describe('a step that is still loading', () => {
  it('leaves the user menu open when its heading appears after the menu was opened', async () => {
    signIn('jordan@example.ca');
    const held = deferred<{ body: object }>();
    mockApi({ ...EMPTY_LIST, 'GET /api/screening/3/?incomplete=true': () => held.promise });
    renderRoute('/client/3/screening/plan-details');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /jordan@example.ca/ }));
    const first = await screen.findByRole('menuitem', { name: 'Adviser profile' });
    await waitFor(() => expect(first).toHaveFocus());
    held.resolve({ body: {} });
    await screen.findByRole('heading', { name: 'Plan Details', level: 1 }, { timeout: 20_000 });
    // The heading would have taken focus a frame or more later: give it those frames.
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.getByRole('menuitem', { name: 'Adviser profile' })).toHaveFocus();
  });
});
