// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicationData } from '../../engine/index.ts';
import { engine } from '../support/engine.ts';
import { renderStep } from './helpers.tsx';
import { specText } from '../support/specText.ts';

afterEach(cleanup);

const insuredPage = (): ApplicationData => ({
  $context: { clientId: '1' },
  'proposed-insured': { number_of_insureds: 1, insured_1: {} },
});

describe('required fields are marked from the rules', () => {
  it('lists the fields a step requires with required: true, array rows as *', () => {
    const required = engine.requiredFields('proposed-insured');
    expect(required).toContain('insured_1.first_name');
    expect(required).not.toContain('insured_1.middle_initial');
    expect(engine.requiredFields('beneficiary').some((p) => p.includes('.*.'))).toBe(true);
  });

  it('marks a required input with aria-required and the visible asterisk; an optional one with neither', () => {
    renderStep('proposed-insured', insuredPage(), { fields: ['insured_1'] });
    const first = screen.getByLabelText('First Name');
    expect(first).toHaveAttribute('aria-required', 'true');
    // The asterisk is seen, not read: the field's name stays "First Name".
    expect(
      document.getElementById(`${first.id}__label`)?.querySelector('.field-required[aria-hidden=true]'),
    ).not.toBeNull();
    expect(screen.getByRole('textbox', { name: 'First Name' })).toBe(first);
    const middle = screen.getByLabelText('Middle Initial');
    expect(middle).not.toHaveAttribute('aria-required');
    expect(document.getElementById(`${middle.id}__label`)?.querySelector('.field-required')).toBeNull();
  });

  it('marks a required choice on its radiogroup or select', () => {
    renderStep('proposed-insured', insuredPage(), { fields: ['insured_1'] });
    expect(
      screen.getByRole('radiogroup', { name: specText('proposed-insured.insured.is_smoker.title') }),
    ).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText(specText('proposed-insured.insured.gender_sex_at_birth.title'))).toHaveAttribute(
      'aria-required',
      'true',
    );
  });

  it('after a refused Next, the summary is the one alert: field errors describe their fields', () => {
    renderStep('proposed-insured', insuredPage(), { fields: ['insured_1'], showErrors: true });
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toHaveClass('error-summary');
    expect(document.querySelectorAll('.field-error').length).toBeGreaterThan(3);
  });
});

describe('errors follow the answer after a refused Next', () => {
  it("a field's error and its summary line go as soon as its value is valid, before Next is pressed again", async () => {
    const user = userEvent.setup({ delay: null });
    renderStep('proposed-insured', insuredPage(), { fields: ['insured_1'], showErrors: true });
    const first = screen.getByLabelText('First Name');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    const summary = screen.getByRole('alert');
    const before = summary.querySelectorAll('li').length;
    await user.type(first, 'Olivia');
    // No blur and no Next: the pause after typing commits the value.
    await waitFor(() => expect(first).not.toHaveAttribute('aria-invalid'));
    expect(summary.querySelectorAll('li').length).toBe(before - 1);
  });
});
