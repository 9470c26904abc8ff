// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicationData } from '../../engine/index.ts';
import { renderStep } from './helpers.tsx';
import { specText, specTextPattern } from '../support/specText.ts';

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
    const user = userEvent.setup({ delay: null });
    renderStep('proposed-insured', insuredPage(), { fields: ['insured_1'] });
    const first = screen.getByLabelText('First Name');
    expect(
      screen.queryByText(specText('proposed-insured.groups.insured_1.validation.last_name.required.message')),
    ).toBeNull();
    await user.click(first);
    await user.tab();
    const error = await screen.findByText(
      specText('proposed-insured.groups.insured_1.validation.last_name.required.message'),
    );
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(first)).toContain(
      specText('proposed-insured.groups.insured_1.validation.last_name.required.message'),
    );
    expect(error.closest('[data-path]')?.getAttribute('data-path')).toBe('insured_1.first_name');
    // Untouched fields stay quiet.
    expect(screen.queryByText(specText('client-profile.validation.date_of_birth.required.message'))).toBeNull();
  });

  it('show everywhere and in an alert block after a refused Next or Save', () => {
    renderStep('proposed-insured', insuredPage(), { fields: ['insured_1'], showErrors: true });
    const alert = screen.getAllByRole('alert').find((a) => a.classList.contains('error-summary'))!;
    for (const message of [
      specText('proposed-insured.groups.insured_1.validation.last_name.required.message'),
      specText('client-profile.validation.date_of_birth.required.message'),
      specText('owner.validation.postal_code.required.message'),
      specText('proposed-insured.groups.insured_1.validation.phone_primary.required.message'),
    ]) {
      expect(within(alert).getAllByText(new RegExp(message)).length).toBeGreaterThan(0);
    }
    const dob = screen.getByLabelText(specText('client-profile.date_of_birth.title'));
    expect(describedText(dob)).toContain(specText('client-profile.validation.date_of_birth.required.message'));
  });

  it('the alert block moves focus to the field of a message', async () => {
    const user = userEvent.setup({ delay: null });
    renderStep('proposed-insured', insuredPage(), { fields: ['insured_1'], showErrors: true });
    await user.click(
      screen.getByRole('button', { name: specTextPattern('owner.validation.postal_code.required.message') }),
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Postal Code'));
  });

  it('pattern messages come from schema.json (ajv-errors)', async () => {
    const user = userEvent.setup({ delay: null });
    renderStep('proposed-insured', insuredPage(), { fields: ['insured_1'] });
    await user.type(screen.getByLabelText('Postal Code'), '12345');
    await user.tab();
    expect(await screen.findByText(specText('owner.postal_code.errorMessage.pattern'))).toBeTruthy();
    await user.type(screen.getByLabelText(specText('owner.mobile_phone.title')), '555');
    await user.tab();
    expect(await screen.findByText(specText('client-profile.phone_primary.errorMessage.type'))).toBeTruthy();
  });

  it('a rule message with a parameter (beneficiary shares)', async () => {
    const user = userEvent.setup({ delay: null });
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
    expect(screen.getByText(specText('beneficiary.insured_beneficiaries.primary_share_warning.title'))).toBeTruthy();
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
    expect(screen.getAllByText(specText('client-profile.validation.date_of_birth.required.message')).length).toBe(2); // field + alert, insured 1 only
  });
});
