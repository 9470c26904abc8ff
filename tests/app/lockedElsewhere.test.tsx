// @vitest-environment jsdom
/**
 * Issue 27, what was left: once an insurer holds the application, the Generation page offers nothing to generate
 * (the documents generated, to download), Start Over says why it is not available, and the client's profile shows
 * the fields that are answers read-only (docs/decisions/app-generation-locked-application.md).
 */
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import full from '../../steps/screening-review/examples/full-application.json';
import generationUi from '../../steps/pdf-generation/ui.json';
import { ANSWERS_LOCKED } from '../../api/lifecycle/lifecyclePlugin.ts';
import wizard from '../../app/i18n/en/wizard.json';
import prompt from '../../app/i18n/en/screeningPage.json';
import clients from '../../app/i18n/en/clients.json';
import { activateLanguage } from '../../app/i18n/language.ts';
import { mockApi, renderRoute, signIn } from './support.tsx';
import { specText } from '../support/specText.ts';

beforeEach(async () => {
  await activateLanguage('en');
  sessionStorage.clear();
  localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

const LOCK = { message: ANSWERS_LOCKED, applicationId: 42 };
const CLIENT = {
  id: 3,
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.com',
  phone_primary: '4165551234',
  date_of_birth: '1980-02-03',
  gender_sex_at_birth: 'female',
  brokers: [],
  access: 'owner',
};
const GENERATION = {
  id: 'g1',
  created_at: '2026-11-28T10:00:00Z',
  populate_forms: ['BMO', 'MANULIFE'],
  files: [
    { insurer: 'BMO', name: 'BMO', filename: 'bmo.pdf', url: '/api/pdf/files/g1/BMO/' },
    { insurer: 'MANULIFE', name: 'Manulife', filename: 'manulife.pdf', url: '/api/pdf/files/g1/MANULIFE/' },
  ],
  combined_url: '/api/pdf/files/g1/',
};

describe('the Generation page of a submitted application', () => {
  it('offers nothing to generate: the notice, and the documents already generated to download', async () => {
    const api = mockApi({
      'GET /api/screening/3/?incomplete=true': () => ({ body: { ...full.data, $locked: LOCK } }),
      'POST /api/insurance/screening-progress/update_progress/': () => ({ body: {} }),
      'GET /api/clients/3/?include=life_applications': () => ({
        body: { ...CLIENT, life_applications: [{ id: 42, generations: [GENERATION] }] },
      }),
      'GET /api/pdf/files/g1/BMO/': () => ({ raw: '%PDF-1.7', headers: { 'content-type': 'application/pdf' } }),
    });
    renderRoute('/client/3/screening/pdf-generation');
    const notice = await screen.findByTestId('answers-locked', {}, { timeout: 20000 });
    expect(notice).toHaveAttribute('role', 'status');
    expect(within(notice).getByText(ANSWERS_LOCKED)).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: wizard['wizard.locked.open'] })).toHaveAttribute(
      'href',
      '/applications/42',
    );
    const documents = await screen.findByRole('region', { name: wizard['wizard.generation.lockedDocuments'] });
    expect(within(documents).getByText(wizard['wizard.generation.lockedHint'])).toBeInTheDocument();
    const bmo = await within(documents).findByRole('button', { name: 'Download BMO' });
    expect(within(documents).getByRole('button', { name: 'Download Manulife' })).toBeInTheDocument();
    expect(within(documents).getByRole('button', { name: 'Download all' })).toBeInTheDocument();
    // Nothing to choose, nothing to generate.
    expect(screen.queryByRole('button', { name: generationUi['ui:options'].nextLabel })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();

    URL.createObjectURL = vi.fn(() => 'blob:pdf');
    URL.revokeObjectURL = vi.fn();
    await userEvent.setup().click(bmo);
    await waitFor(() => expect(api.calls()).toContain('GET /api/pdf/files/g1/BMO/'));
    expect(api.calls().some((c) => c.startsWith('POST /api/pdf/') || c.startsWith('PUT '))).toBe(false);

    await userEvent.setup().click(screen.getByRole('button', { name: generationUi['ui:options'].backLabel }));
    expect(await screen.findByTestId('answers-locked', {}, { timeout: 20000 })).toBeInTheDocument();
  }, 40_000);

  it('not locked: the insurers to choose and Generate Application', async () => {
    mockApi({ 'GET /api/screening/3/?incomplete=true': () => ({ body: { ...full.data, $locked: null } }) });
    renderRoute('/client/3/screening/pdf-generation');
    expect(
      await screen.findByRole('button', { name: generationUi['ui:options'].nextLabel }, { timeout: 20000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox').length).toBeGreaterThan(1);
    expect(screen.queryByTestId('answers-locked')).toBeNull();
  }, 40_000);
});

describe('Start Over on a submitted application', () => {
  const PROGRESS = {
    clientId: 3,
    currentStep: 'owner',
    lastUpdated: '2026-11-28T10:00:00Z',
    isComplete: false,
    stepData: { owner: {} },
  };
  it("says why it is not available, as the button's description, and asks nothing", async () => {
    const api = mockApi({
      'GET /api/insurance/screening-progress/get_progress/3/': () => ({ body: PROGRESS }),
      'GET /api/screening/3/': () => ({ body: { ...full.data, $locked: LOCK } }),
    });
    renderRoute('/client/3/screening/prompt');
    const why = await screen.findByTestId('start-over-locked');
    expect(why).toHaveTextContent(prompt['screeningPage.prompt.startOverLocked']);
    expect(why).toHaveTextContent(ANSWERS_LOCKED);
    expect(within(why).getByRole('link', { name: prompt['screeningPage.prompt.openApplication'] })).toHaveAttribute(
      'href',
      '/applications/42',
    );
    // Focusable and named, with the reason read out with it; pressing it opens nothing and deletes nothing.
    const button = screen.getByRole('button', { name: prompt['screeningPage.prompt.startOver'] });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toBeDisabled();
    expect(button).toHaveAccessibleDescription(expect.stringContaining(ANSWERS_LOCKED));
    await userEvent.setup().click(button);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls().some((c) => c.startsWith('DELETE '))).toBe(false);
  });

  it('not locked: Start Over asks, with no reason shown', async () => {
    mockApi({
      'GET /api/insurance/screening-progress/get_progress/3/': () => ({ body: PROGRESS }),
      'GET /api/screening/3/': () => ({ body: { ...full.data, $locked: null } }),
    });
    renderRoute('/client/3/screening/prompt');
    const button = await screen.findByRole('button', { name: prompt['screeningPage.prompt.startOver'] });
    await waitFor(() => expect(screen.getByTestId('prompt-client')).toBeInTheDocument());
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByTestId('start-over-locked')).toBeNull();
    await userEvent.setup().click(button);
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
  });
});

describe("the client's profile while a submitted application holds its answers", () => {
  const BROKERS = [{ id: 1, name: 'Jane Broker', email: 'jane@brokers.ca' }];
  const FIELDS = ['first_name', 'last_name', 'email', 'phone_primary', 'date_of_birth', 'gender_sex_at_birth'];

  it('shows the fields that are answers read-only with the notice; the brokers can still change', async () => {
    const api = mockApi({
      'GET /api/brokers/': () => ({ body: BROKERS }),
      'GET /api/clients/3/?include=life_applications': () => ({
        body: { ...CLIENT, $locked: { ...LOCK, fields: [...FIELDS, 'occupation'] } },
      }),
      'PATCH /api/clients/3/': ({ body }) => ({ body: { ...CLIENT, ...(body as object) } }),
    });
    renderRoute('/client/profile/3');
    const notice = await screen.findByTestId('profile-locked');
    expect(notice).toHaveAttribute('role', 'status');
    expect(within(notice).getByText(clients['clients.profile.lockedTitle'])).toBeInTheDocument();
    expect(within(notice).getByText(ANSWERS_LOCKED)).toBeInTheDocument();
    expect(within(notice).getByText(clients['clients.profile.lockedFields'])).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: clients['clients.profile.lockedOpen'] })).toHaveAttribute(
      'href',
      '/applications/42',
    );
    // The form takes the fields the lock names once its store has them: a render after the notice, under load.
    await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveAttribute('readonly'));
    for (const label of ['First Name', 'Last Name', 'Email', 'Phone', specText('client-profile.date_of_birth.title')])
      expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: /Gender/ })).toBeDisabled();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('First Name'), 'x');
    expect(screen.getByLabelText('First Name')).toHaveValue('Ann');

    // Brokers are not an answer: they still take a choice, and the save sends the answers as they were.
    const brokers = screen.getByRole('listbox', { name: /Brokers/ });
    expect(brokers).not.toBeDisabled();
    await user.selectOptions(brokers, 'Jane Broker (jane@brokers.ca)');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.calls()).toContain('PATCH /api/clients/3/'));
    expect(api.bodyOf('PATCH /api/clients/3/')).toMatchObject({
      first_name: 'Ann',
      date_of_birth: '1980-02-03',
      brokers: ['jane@brokers.ca'],
    });
  });

  it('not locked: every field takes input, no notice', async () => {
    mockApi({
      'GET /api/brokers/': () => ({ body: BROKERS }),
      'GET /api/clients/3/?include=life_applications': () => ({ body: { ...CLIENT, $locked: null } }),
    });
    renderRoute('/client/profile/3');
    expect(await screen.findByDisplayValue('Ann')).not.toHaveAttribute('readonly');
    expect(screen.queryByTestId('profile-locked')).toBeNull();
  });
});
