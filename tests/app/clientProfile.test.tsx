// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locationOf, mockApi, renderRoute, signIn } from './support.tsx';
import { ruleMessage } from '../support/definitionText.ts';
import { specText } from '../support/specText.ts';

const BROKERS = [
  { name: 'Jane Broker', email: 'jane@brokers.ca' },
  { name: 'Sam Agent', email: 'sam@brokers.ca' },
];

beforeEach(() => {
  sessionStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

/** The error message the field's input is described by (its "!" icon is hidden from assistive technology). */
function errorOf(label: string): string | null {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('field-error'));
  if (!error) return null;
  return Array.from(error.childNodes)
    .filter((n) => !(n instanceof HTMLElement && n.getAttribute('aria-hidden') === 'true'))
    .map((n) => n.textContent)
    .join('');
}

describe('client profile: blank form', () => {
  it('shows Basic Information, the gender options and the brokers as "name (email)" with the hint', async () => {
    mockApi({ 'GET /api/brokers/': () => ({ body: BROKERS }) });
    renderRoute('/client/profile');
    expect(await screen.findByRole('heading', { name: 'Client Profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Basic Information' })).toBeInTheDocument();
    for (const label of [
      'First Name',
      'Last Name',
      'Email',
      'Phone',
      specText('client-profile.date_of_birth.title'),
      'Gender',
      'Brokers',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    const gender = screen.getByLabelText('Gender');
    // The spec's options: "Select gender, male, female, other".
    expect(Array.from((gender as HTMLSelectElement).options, (o) => o.textContent)).toEqual([
      'Select gender',
      'male',
      'female',
      'other',
    ]);
    expect(screen.getByRole('option', { name: 'Select gender' })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Jane Broker (jane@brokers.ca)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Brokers')).toHaveAccessibleDescription(specText('client-profile.brokers.help'));
    expect(screen.getByText('No insurance applications found')).toBeInTheDocument();
  });

  it('validates each field live with the spec messages, as typing pauses', async () => {
    mockApi({ 'GET /api/brokers/': () => ({ body: [] }) });
    renderRoute('/client/profile');
    const user = userEvent.setup();
    // No field is left: each error shows once what was typed is committed (a pause in typing).
    await user.type(await screen.findByLabelText('First Name'), 'A');
    await waitFor(() => expect(errorOf('First Name')).toBe(specText('client-profile.first_name.errorMessage.type')));
    expect(screen.getByLabelText('First Name')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('First Name'), 'n');
    await waitFor(() => expect(errorOf('First Name')).toBeNull());

    await user.type(screen.getByLabelText('Last Name'), 'x'.repeat(51));
    await waitFor(() => expect(errorOf('Last Name')).toBe(specText('client-profile.last_name.errorMessage.maxLength')));
    await user.clear(screen.getByLabelText('Last Name'));
    await user.type(screen.getByLabelText('Last Name'), 'B');
    await waitFor(() => expect(errorOf('Last Name')).toBe(specText('client-profile.last_name.errorMessage.type')));

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await waitFor(() => expect(errorOf('Email')).toBe(specText('client-profile.email.errorMessage.type')));

    await user.type(screen.getByLabelText('Phone'), '12345');
    await waitFor(() => expect(errorOf('Phone')).toBe(specText('client-profile.phone_primary.errorMessage.type')));
    await user.type(screen.getByLabelText('Phone'), '67890');
    await waitFor(() => expect(errorOf('Phone')).toBeNull());

    const dob = screen.getByLabelText(specText('client-profile.date_of_birth.title'));
    await user.type(dob, '2999-01-01');
    await waitFor(() =>
      expect(errorOf(specText('client-profile.date_of_birth.title'))).toBe(
        specText('client-profile.validation.date_of_birth.future.message'),
      ),
    );
    await user.clear(dob);
    await user.type(dob, '1899-12-31');
    await waitFor(() =>
      expect(errorOf(specText('client-profile.date_of_birth.title'))).toBe(
        specText('client-profile.validation.date_of_birth.after1900.message'),
      ),
    );
    // A field nobody changed shows nothing before Continue.
    expect(errorOf('Gender')).toBeNull();
  });

  it('names every required field on submit and sends nothing', async () => {
    const api = mockApi({ 'GET /api/brokers/': () => ({ body: [] }) });
    renderRoute('/client/profile');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Email'), 'a@b.ca');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(errorOf('First Name')).toBe(ruleMessage('client-profile', 'first_name'));
    expect(errorOf('Last Name')).toBe(ruleMessage('client-profile', 'last_name'));
    expect(errorOf('Phone')).toBe(ruleMessage('client-profile', 'phone_primary'));
    expect(errorOf(specText('client-profile.date_of_birth.title'))).toBe(
      specText('client-profile.validation.date_of_birth.required.message'),
    );
    expect(errorOf('Gender')).toBe(ruleMessage('client-profile', 'gender_sex_at_birth'));
    const summary = screen.getByRole('alert');
    expect(summary).toHaveTextContent(specText('client-profile.errorTitle'));
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      ruleMessage('client-profile', 'first_name'),
      ruleMessage('client-profile', 'last_name'),
      ruleMessage('client-profile', 'phone_primary'),
      specText('client-profile.validation.date_of_birth.required.message'),
      ruleMessage('client-profile', 'gender_sex_at_birth'),
    ]);
    // The summary takes the focus, and each message moves it to its field.
    await waitFor(() => expect(summary).toHaveFocus());
    await user.click(within(summary).getByRole('button', { name: ruleMessage('client-profile', 'phone_primary') }));
    expect(screen.getByLabelText('Phone')).toHaveFocus();
    expect(api.calls()).toEqual(['GET /api/brokers/']);
    await user.selectOptions(screen.getByLabelText('Gender'), 'female');
    expect(errorOf('Gender')).toBeNull();
  });

  it('creates the client and goes to its screening prompt', async () => {
    const api = mockApi({
      'GET /api/brokers/': () => ({ body: BROKERS }),
      'POST /api/clients/': () => ({ status: 201, body: { id: 42 } }),
      'GET /api/insurance/screening-progress/get_progress/42/': () => ({ status: 404 }),
    });
    const { router } = renderRoute('/client/profile');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('First Name'), 'Ann');
    await user.type(screen.getByLabelText('Last Name'), 'Lee');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Phone'), '416-555-1234');
    await user.type(screen.getByLabelText(specText('client-profile.date_of_birth.title')), '1980-02-03');
    await user.selectOptions(screen.getByLabelText('Gender'), 'female');
    await user.selectOptions(await screen.findByLabelText('Brokers'), [
      'Jane Broker (jane@brokers.ca)',
      'Sam Agent (sam@brokers.ca)',
    ]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(locationOf(router)).toBe('/client/42/screening/prompt'));
    expect(api.bodyOf('POST /api/clients/')).toEqual({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.com',
      phone_primary: '416-555-1234',
      date_of_birth: '1980-02-03',
      gender_sex_at_birth: 'female',
      brokers: ['jane@brokers.ca', 'sam@brokers.ca'],
    });
  });

  it('shows the server error in the alert block and keeps the form', async () => {
    mockApi({
      'GET /api/brokers/': () => ({ body: [] }),
      'GET /api/clients/5/?include=life_applications': () => ({
        body: {
          id: 5,
          first_name: 'Ann',
          last_name: 'Lee',
          email: 'ann@example.com',
          phone_primary: '4165551234',
          date_of_birth: '1980-02-03',
          gender_sex_at_birth: 'female',
          brokers: [],
        },
      }),
      'PATCH /api/clients/5/': () => ({ status: 400, body: { error: 'Email already used by another client' } }),
    });
    renderRoute('/client/profile/5');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByDisplayValue('Ann')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already used by another client');
    expect(screen.getByLabelText('First Name')).toHaveValue('Ann');
  });

  it('falls back to "Error updating client profile"', async () => {
    mockApi({
      'GET /api/brokers/': () => ({ body: [] }),
      'GET /api/clients/5/?include=life_applications': () => ({
        body: {
          id: 5,
          first_name: 'Ann',
          last_name: 'Lee',
          email: 'ann@example.com',
          phone_primary: '4165551234',
          date_of_birth: '1980-02-03',
          gender_sex_at_birth: 'female',
          brokers: [],
        },
      }),
      'PATCH /api/clients/5/': () => ({ status: 500 }),
    });
    renderRoute('/client/profile/5');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error updating client profile');
  });

  it('a broker the client is shared with sees its brokers but cannot change them', async () => {
    mockApi({
      'GET /api/brokers/': () => ({ body: BROKERS }),
      'GET /api/clients/5/?include=life_applications': () => ({
        body: {
          id: 5,
          first_name: 'Ann',
          last_name: 'Lee',
          email: 'ann@example.com',
          phone_primary: '4165551234',
          date_of_birth: '1980-02-03',
          gender_sex_at_birth: 'female',
          brokers: ['jane@brokers.ca'],
          access: 'broker',
        },
      }),
    });
    renderRoute('/client/profile/5');
    await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveValue('Ann'));
    const brokers = screen.getByLabelText('Brokers');
    expect(brokers).toBeDisabled();
    expect(brokers).toHaveAccessibleDescription(specText('client-profile.brokers.readonlyHelp'));
    expect(screen.getByLabelText('First Name')).toBeEnabled();
  });

  it('loads a client as the server answers it, keeps a broker no longer listed, and sends what it shows', async () => {
    const api = mockApi({
      'GET /api/brokers/': () => ({ body: BROKERS }),
      'GET /api/clients/5/?include=life_applications': () => ({
        body: {
          id: 5,
          first_name: 'Ann',
          last_name: 'Lee',
          email: null,
          phone_primary: '416-555-1234',
          phone: '416-555-1234',
          date_of_birth: '1980-02-03T00:00:00Z',
          gender_sex_at_birth: 'female',
          brokers: ['gone@brokers.ca'],
        },
      }),
      'PATCH /api/clients/5/': () => ({ body: { id: 5 } }),
      'GET /api/insurance/screening-progress/get_progress/5/': () => ({ status: 404 }),
    });
    const { router } = renderRoute('/client/profile/5');
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveValue('416-555-1234'));
    expect(screen.getByLabelText(specText('client-profile.date_of_birth.title'))).toHaveValue('1980-02-03');
    const brokers = screen.getByLabelText('Brokers') as HTMLSelectElement;
    expect(Array.from(brokers.selectedOptions, (o) => o.textContent)).toEqual(['gone@brokers.ca']);
    // The rules pass, but the email is required by the input itself: the browser's check stops the save.
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(email.validity.valueMissing).toBe(true);
    expect(api.calls()).not.toContain('PATCH /api/clients/5/');
    await user.type(email, ' ann@example.com ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(locationOf(router)).toBe('/client/5/screening/prompt'));
    expect(api.bodyOf('PATCH /api/clients/5/')).toEqual({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.com',
      phone_primary: '416-555-1234',
      date_of_birth: '1980-02-03',
      gender_sex_at_birth: 'female',
      brokers: ['gone@brokers.ca'],
    });
  });

  it('shows "Loading..." and then a load error', async () => {
    // The client's answer is held back until "Loading..." has been seen, so the check does not race the answer.
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    mockApi({
      'GET /api/brokers/': () => ({ body: [] }),
      'GET /api/clients/9/?include=life_applications': async () => {
        await held;
        return { status: 404, body: { error: 'Client not found' } };
      },
    });
    renderRoute('/client/profile/9');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('alert')).toHaveTextContent('Client not found');
  });
});
