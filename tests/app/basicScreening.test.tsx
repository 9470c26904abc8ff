// @vitest-environment jsdom
/** The basic screening page's spec rows that only the app shows (issue 31). */
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import basicRules from '../../steps/basic/rules.json';
import basicUi from '../../steps/basic/ui.json';
import { locationOf, mockApi, renderRoute, signIn } from './support.tsx';
import { specTextPattern } from '../support/specText.ts';

const POLICY_NUMBER_REQUIRED = basicRules.validation.find((r) => r.field === 'existing_policy_number')!.message;
const CONTINUE = basicUi['ui:options'].nextLabel;
const TYPES = basicUi.application_type['ui:enumNames'];

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

describe('Application Type: Continue is disabled until the policy number is filled', () => {
  it('disables Continue, saying why, while a non-NEW type has no policy number; enables it once typed', async () => {
    mockApi({
      'GET /api/screening/3/?incomplete=true': () => ({
        body: { basic: { speaks_english_french: true, preferred_language: 'english', is_canadian_tax_resident: true } },
      }),
    });
    renderRoute('/client/3/screening/basic?page=application-type');
    const user = userEvent.setup({ delay: null });
    const type = await screen.findByRole('combobox', { name: /Application Type/ }, { timeout: 10000 });
    const next = screen.getByRole('button', { name: CONTINUE });
    expect(next).toBeEnabled();

    await user.selectOptions(type, TYPES.REPLACEMENT);
    const number = await screen.findByRole('textbox', { name: specTextPattern('basic.texts.REPLACEMENT.text') });
    await waitFor(() => expect(next).toBeDisabled());
    expect(next).toHaveAccessibleDescription(POLICY_NUMBER_REQUIRED);

    await user.type(number, 'LP-20931');
    await user.tab();
    await waitFor(() => expect(next).toBeEnabled());
    expect(screen.queryByText(POLICY_NUMBER_REQUIRED)).not.toBeInTheDocument();

    // Back to NEW: the number is cleared and not needed, so Continue stays enabled.
    await user.selectOptions(type, TYPES.NEW);
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Policy Number/ })).not.toBeInTheDocument());
    expect(next).toBeEnabled();
  });
});

const clientIdUi = basicUi.client_id['ui:options'];
const NO_CLIENT = basicRules.validation.find((r) => r.field === 'client_id')!.message;
const CLIENTS = [
  { id: 5, first_name: 'Ann', last_name: 'Lee', date_of_birth: '1980-04-02' },
  { id: 6, first_name: 'Bo', last_name: 'Chen', date_of_birth: '1975-11-30' },
];

describe('Select Client (basic sub-step 0): "New Insurance Application" without a client in the route', () => {
  it('offers "Create New Client" first, then the clients by name and date of birth, and no "Step n of 3"', async () => {
    mockApi({ 'GET /api/clients/': () => ({ body: { results: CLIENTS, count: 2 } }) });
    renderRoute('/applications/new');
    expect(await screen.findByRole('heading', { name: basicUi['ui:options'].heading }, { timeout: 10000 }));
    const select = await screen.findByRole('combobox', { name: /Select Client/ });
    // After the select's own empty choice (nothing chosen yet).
    const [empty, ...options] = within(select)
      .getAllByRole('option')
      .map((o) => [(o as HTMLOptionElement).value, o.textContent]);
    expect(empty[0]).toBe('');
    expect(options.map(([, label]) => label)).toEqual([
      clientIdUi.firstOption.label,
      'Ann Lee (1980-04-02)',
      'Bo Chen (1975-11-30)',
    ]);
    expect(screen.queryByText(/Step \d of \d/)).not.toBeInTheDocument();
  });

  it('refuses Continue without a client, with the spec message', async () => {
    const api = mockApi({ 'GET /api/clients/': () => ({ body: { results: CLIENTS, count: 2 } }) });
    renderRoute('/applications/new');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('combobox', { name: /Select Client/ }, { timeout: 10000 });
    await user.click(screen.getByRole('button', { name: CONTINUE }));
    expect((await screen.findAllByText(NO_CLIENT)).length).toBeGreaterThan(0);
    expect(api.calls()).not.toContain('POST /api/applications/create_new_application/');
  });

  it('creates the application for the chosen client and opens its basic screening with ?application_id=', async () => {
    const api = mockApi({
      'GET /api/clients/': () => ({ body: { results: CLIENTS, count: 2 } }),
      'POST /api/applications/create_new_application/': () => ({ status: 201, body: { id: 77 } }),
    });
    const { router } = renderRoute('/applications/new');
    const user = userEvent.setup({ delay: null });
    const select = await screen.findByRole('combobox', { name: /Select Client/ }, { timeout: 10000 });
    await user.selectOptions(select, 'Bo Chen (1975-11-30)');
    await user.click(screen.getByRole('button', { name: CONTINUE }));
    await waitFor(() => expect(locationOf(router)).toBe('/client/6/screening/basic?application_id=77'));
    expect(api.bodyOf('POST /api/applications/create_new_application/')).toEqual({ client_id: '6' });
  });

  it('"Create New Client" leads to the blank client profile', async () => {
    const api = mockApi({ 'GET /api/clients/': () => ({ body: { results: CLIENTS, count: 2 } }) });
    const { router } = renderRoute('/applications/new');
    const user = userEvent.setup({ delay: null });
    const select = await screen.findByRole('combobox', { name: /Select Client/ }, { timeout: 10000 });
    await user.selectOptions(select, clientIdUi.firstOption.label);
    await user.click(screen.getByRole('button', { name: CONTINUE }));
    await waitFor(() => expect(locationOf(router)).toBe(clientIdUi.firstOption.to));
    expect(api.calls()).not.toContain('POST /api/applications/create_new_application/');
  });

  it('says so when the clients cannot be loaded, and still offers to create one', async () => {
    mockApi({ 'GET /api/clients/': () => ({ status: 500, body: {} }) });
    renderRoute('/applications/new');
    expect(await screen.findByText(clientIdUi.loadErrorMessage, {}, { timeout: 10000 })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: /Select Client/ });
    expect(within(select).getByRole('option', { name: clientIdUi.firstOption.label })).toBeInTheDocument();
  });

  it('shows the create error in the page', async () => {
    mockApi({
      'GET /api/clients/': () => ({ body: { results: CLIENTS, count: 2 } }),
      'POST /api/applications/create_new_application/': () => ({ status: 400, body: { error: 'Client not found' } }),
    });
    renderRoute('/applications/new');
    const user = userEvent.setup({ delay: null });
    const select = await screen.findByRole('combobox', { name: /Select Client/ }, { timeout: 10000 });
    await user.selectOptions(select, 'Ann Lee (1980-04-02)');
    await user.click(screen.getByRole('button', { name: CONTINUE }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Client not found');
  });
});
