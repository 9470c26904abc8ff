// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicationData } from '../../engine/index.ts';
import { renderStep } from './helpers.tsx';

afterEach(cleanup);

const insuredPage = (): ApplicationData => ({
  $context: { clientId: '1' },
  'proposed-insured': { number_of_insureds: 1, insured_1: {} },
});

/** The element the input's aria-describedby points to with the given text. */
function describedText(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe("errors use the spec's messages", () => {
  it('show next to a field once it is touched, tied with aria-describedby', async () => {
    const user = userEvent.setup();
    renderStep('proposed-insured', insuredPage(), { fields: ['insured_1'] });
    const first = screen.getByLabelText('First Name');
    expect(screen.queryByText('This field is required')).toBeNull();
    await user.click(first);
    await user.tab();
    const error = await screen.findByText('This field is required');
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(first)).toContain('This field is required');
    expect(error.closest('[data-path]')?.getAttribute('data-path')).toBe('insured_1.first_name');
    // Untouched fields stay quiet.
    expect(screen.queryByText('Date of birth is required')).toBeNull();
  });

  it('show everywhere and in an alert block after a refused Next or Save', () => {
    renderStep('proposed-insured', insuredPage(), { fields: ['insured_1'], showErrors: true });
    const alert = screen.getAllByRole('alert').find((a) => a.classList.contains('error-summary'))!;
    for (const message of [
      'This field is required',
      'Date of birth is required',
      'Postal code is required',
      'Mobile phone is required',
    ]) {
      expect(within(alert).getAllByText(new RegExp(message)).length).toBeGreaterThan(0);
    }
    const dob = screen.getByLabelText('Date of Birth');
    expect(describedText(dob)).toContain('Date of birth is required');
  });

  it('the alert block moves focus to the field of a message', async () => {
    const user = userEvent.setup();
    renderStep('proposed-insured', insuredPage(), { fields: ['insured_1'], showErrors: true });
    await user.click(screen.getByRole('button', { name: /Postal code is required/ }));
    expect(document.activeElement).toBe(screen.getByLabelText('Postal Code'));
  });

  it('pattern messages come from schema.json (ajv-errors)', async () => {
    const user = userEvent.setup();
    renderStep('proposed-insured', insuredPage(), { fields: ['insured_1'] });
    await user.type(screen.getByLabelText('Postal Code'), '12345');
    await user.tab();
    expect(await screen.findByText('Please enter a valid postal code (e.g., A1A 1A1)')).toBeTruthy();
    await user.type(screen.getByLabelText('Mobile Phone Number'), '555');
    await user.tab();
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
  });

  it('a rule message with a parameter (beneficiary shares)', async () => {
    const user = userEvent.setup();
    renderStep('beneficiary', {
      beneficiary: {
        insured_1: {
          primary_beneficiaries: [
            { full_name: 'A B', relationship: 'spouse', share_percentage: 100, is_revocable: true },
          ],
        },
      },
    });
    const share = screen.getByLabelText('Share (%)');
    await user.clear(share);
    await user.type(share, '90');
    await user.tab();
    expect(
      await screen.findByText('Primary beneficiary shares for Insured 1 must total 100% (currently 90%)'),
    ).toBeTruthy();
    // The live warning note shows too.
    expect(screen.getByText('Primary beneficiary shares must total 100%')).toBeTruthy();
  });

  it("errors the server answered with show with the engine's", () => {
    renderStep('proposed-insured', insuredPage(), {
      fields: ['insured_1'],
      showErrors: true,
      serverErrors: [{ field: 'insured_1.city', message: 'City is not served by this provider' }],
    });
    expect(describedText(screen.getByLabelText('City'))).toContain('City is not served by this provider');
  });

  it('errors of hidden fields are not shown', () => {
    renderStep('proposed-insured', insuredPage(), { fields: ['insured_1', 'insured_2'], showErrors: true });
    // insured_2 is hidden with one insured, so its required fields report nothing.
    expect(screen.getAllByText('Date of birth is required').length).toBe(2); // field + alert, insured 1 only
  });
});
