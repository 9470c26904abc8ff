// @vitest-environment jsdom
/**
 * The client profile page is drawn from steps/client-profile: an edit of its definition (a new field, a changed
 * label, option, message or order) reaches the page with no change of code. The definition served to the app is
 * edited here as product staff would edit the files.
 */
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StepModule } from 'virtual:steps';
import { createAjv } from '../../engine/index.ts';
import { locationOf, mockApi, renderRoute, signIn } from './support.tsx';
import { specText } from '../support/specText.ts';

vi.mock('virtual:steps/client-profile', async (importOriginal) => {
  const original = await importOriginal<StepModule>();
  const schema = structuredClone(original.schema) as { properties: Record<string, unknown> };
  schema.properties.preferred_name = {
    type: 'string',
    maxLength: 30,
    errorMessage: {
      maxLength: 'Preferred name must be less than 30 characters',
      type: 'Preferred name must be less than 30 characters',
    },
  };
  const ui = structuredClone(original.ui) as Record<string, Record<string, unknown>> & {
    'ui:sections': { fields: string[] }[];
  };
  ui.first_name['ui:title'] = 'Given Name';
  ui.preferred_name = { 'ui:title': 'Preferred Name', 'ui:help': 'How the client likes to be called' };
  // The new field after the last name, and the email moved after the phone.
  ui['ui:sections'][0].fields = [
    'first_name',
    'last_name',
    'preferred_name',
    'phone_primary',
    'email',
    'date_of_birth',
    'gender_sex_at_birth',
    'brokers',
  ];
  (ui.gender_sex_at_birth['ui:enumNames'] as Record<string, string>).female = 'Female (at birth)';
  const rules = structuredClone(original.rules) as { validation: { field: string; message: string }[] };
  for (const rule of rules.validation) if (rule.field === 'last_name') rule.message = 'Please give the family name';
  return { ...original, schema, ui, rules, record: createAjv().compile(schema) };
});

beforeEach(() => {
  sessionStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

describe('client profile: drawn from its definition', () => {
  it('shows an edited label, option, message and order, and a new field whose answer is sent', async () => {
    const api = mockApi({
      'GET /api/brokers/': () => ({ body: [] }),
      'POST /api/clients/': () => ({ status: 201, body: { id: 7 } }),
      'GET /api/insurance/screening-progress/get_progress/7/': () => ({ status: 404 }),
    });
    const { router } = renderRoute('/client/profile');
    const user = userEvent.setup({ delay: null });
    const given = await screen.findByLabelText('Given Name');
    expect(screen.queryByLabelText('First Name')).toBeNull();
    const section = screen.getByRole('region', { name: 'Basic Information' });
    const labels = Array.from(section.querySelectorAll('label'), (l) => l.textContent);
    expect(labels).toEqual([
      'Given Name',
      'Last Name',
      'Preferred Name',
      'Phone',
      'Email',
      specText('client-profile.date_of_birth.title'),
      'Gender',
      'Brokers',
    ]);
    expect(screen.getByLabelText('Preferred Name')).toHaveAccessibleDescription('How the client likes to be called');
    expect(
      within(screen.getByLabelText('Gender')).getByRole('option', { name: 'Female (at birth)' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      within(screen.getByRole('alert')).getByRole('button', { name: 'Please give the family name' }),
    ).toBeInTheDocument();

    await user.type(given, 'Ann');
    await user.type(screen.getByLabelText('Last Name'), 'Lee');
    await user.type(screen.getByLabelText('Preferred Name'), '  Annie ');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Phone'), '416-555-1234');
    await user.type(screen.getByLabelText(specText('client-profile.date_of_birth.title')), '1980-02-03');
    await user.selectOptions(screen.getByLabelText('Gender'), 'Female (at birth)');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(locationOf(router)).toBe('/client/7/screening/prompt'));
    expect(api.bodyOf('POST /api/clients/')).toEqual({
      first_name: 'Ann',
      last_name: 'Lee',
      preferred_name: 'Annie',
      email: 'ann@example.com',
      phone_primary: '416-555-1234',
      date_of_birth: '1980-02-03',
      gender_sex_at_birth: 'female',
      brokers: [],
    });
  });
});
