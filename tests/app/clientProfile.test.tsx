// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locationOf, mockApi, renderRoute, signIn } from './support.tsx';

const BROKERS = [
  { name: 'Jane Broker', email: 'jane@brokers.ca' },
  { name: 'Sam Agent', email: 'sam@brokers.ca' },
];

beforeEach(() => {
  sessionStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

function errorOf(label: string): string | null {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('client profile: blank form', () => {
  it('shows Basic Information, the gender options and the brokers as "name (email)" with the hint', async () => {
    mockApi({ 'GET /api/brokers/': () => ({ body: BROKERS }) });
    renderRoute('/client/profile');
    expect(await screen.findByRole('heading', { name: 'Client Profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Basic Information' })).toBeInTheDocument();
    for (const label of ['First Name', 'Last Name', 'Email', 'Phone', 'Date of Birth', 'Gender', 'Brokers']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    const gender = screen.getByLabelText('Gender');
    expect(Array.from((gender as HTMLSelectElement).options, (o) => o.value)).toEqual(['', 'male', 'female', 'other']);
    expect(screen.getByRole('option', { name: 'Select gender' })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Jane Broker (jane@brokers.ca)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Brokers')).toHaveAccessibleDescription('Hold Ctrl/Cmd to select multiple brokers');
    expect(screen.getByText('No insurance applications found')).toBeInTheDocument();
  });

  it('validates each field live with the spec messages', async () => {
    mockApi({ 'GET /api/brokers/': () => ({ body: [] }) });
    renderRoute('/client/profile');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('First Name'), 'A');
    expect(errorOf('First Name')).toBe('First name must be at least 2 characters');
    expect(screen.getByLabelText('First Name')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('First Name'), 'n');
    expect(errorOf('First Name')).toBeNull();

    await user.type(screen.getByLabelText('Last Name'), 'x'.repeat(51));
    expect(errorOf('Last Name')).toBe('Last name must be less than 50 characters');
    await user.clear(screen.getByLabelText('Last Name'));
    await user.type(screen.getByLabelText('Last Name'), 'B');
    expect(errorOf('Last Name')).toBe('Last name must be at least 2 characters');

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(errorOf('Email')).toBe('Please enter a valid email address');

    await user.type(screen.getByLabelText('Phone'), '12345');
    expect(errorOf('Phone')).toBe('Please enter a valid phone number');
    await user.type(screen.getByLabelText('Phone'), '67890');
    expect(errorOf('Phone')).toBeNull();

    const dob = screen.getByLabelText('Date of Birth');
    await user.type(dob, '2999-01-01');
    expect(errorOf('Date of Birth')).toBe('Date of birth cannot be in the future');
    await user.clear(dob);
    await user.type(dob, '1899-12-31');
    expect(errorOf('Date of Birth')).toBe('Date of birth must be after 1900');
  });

  it('names every required field on submit and sends nothing', async () => {
    const api = mockApi({ 'GET /api/brokers/': () => ({ body: [] }) });
    renderRoute('/client/profile');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'a@b.ca');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(errorOf('First Name')).toBe('First name is required');
    expect(errorOf('Last Name')).toBe('Last name is required');
    expect(errorOf('Phone')).toBe('Phone number is required');
    expect(errorOf('Date of Birth')).toBe('Date of birth is required');
    expect(errorOf('Gender')).toBe('Gender is required');
    expect(screen.getByRole('alert')).toHaveTextContent('Gender is required');
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
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('First Name'), 'Ann');
    await user.type(screen.getByLabelText('Last Name'), 'Lee');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Phone'), '416-555-1234');
    await user.type(screen.getByLabelText('Date of Birth'), '1980-02-03');
    await user.selectOptions(screen.getByLabelText('Gender'), 'female');
    await user.selectOptions(await screen.findByLabelText('Brokers'), ['jane@brokers.ca', 'sam@brokers.ca']);
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
        body: { id: 5, first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', phone_primary: '4165551234', date_of_birth: '1980-02-03', gender_sex_at_birth: 'female', brokers: [] },
      }),
      'PATCH /api/clients/5/': () => ({ status: 400, body: { error: 'Email already used by another client' } }),
    });
    renderRoute('/client/profile/5');
    const user = userEvent.setup();
    expect(await screen.findByDisplayValue('Ann')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already used by another client');
    expect(screen.getByLabelText('First Name')).toHaveValue('Ann');
  });

  it('falls back to "Error updating client profile"', async () => {
    mockApi({
      'GET /api/brokers/': () => ({ body: [] }),
      'GET /api/clients/5/?include=life_applications': () => ({
        body: { id: 5, first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', phone_primary: '4165551234', date_of_birth: '1980-02-03', gender_sex_at_birth: 'female', brokers: [] },
      }),
      'PATCH /api/clients/5/': () => ({ status: 500 }),
    });
    renderRoute('/client/profile/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error updating client profile');
  });

  it('a broker the client is shared with sees its brokers but cannot change them', async () => {
    mockApi({
      'GET /api/brokers/': () => ({ body: BROKERS }),
      'GET /api/clients/5/?include=life_applications': () => ({
        body: { id: 5, first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', phone_primary: '4165551234', date_of_birth: '1980-02-03', gender_sex_at_birth: 'female', brokers: ['jane@brokers.ca'], access: 'broker' },
      }),
    });
    renderRoute('/client/profile/5');
    await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveValue('Ann'));
    const brokers = screen.getByLabelText('Brokers');
    expect(brokers).toBeDisabled();
    expect(brokers).toHaveAccessibleDescription('This client is shared with you as a broker: only its adviser can change its brokers');
    expect(screen.getByLabelText('First Name')).toBeEnabled();
  });

  it('shows "Loading..." and then a load error', async () => {
    // The client's answer is held back until "Loading..." has been seen, so the check does not race the answer.
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => { answer = resolve; });
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
