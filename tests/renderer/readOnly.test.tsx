// @vitest-environment jsdom
/**
 * StepForm's generic `readOnly` (a locked application, issue 27): every control of any step takes no input, lists
 * lose Add and Remove, and no change is reported.
 */
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { example } from '../support/engine.ts';
import { renderStep } from './helpers.tsx';
import { specTextPattern } from '../support/specText.ts';

afterEach(cleanup);

describe('a read-only step form', () => {
  it('draws the answers with no control that takes input, no Add or Remove, and reports no change', async () => {
    const { container, changes } = renderStep('beneficiary', example('beneficiary', 'one-beneficiary'), {
      readOnly: true,
    });
    expect(container.querySelector('.step-form.is-readonly')).not.toBeNull();
    const controls = [...container.querySelectorAll<HTMLElement>('input, textarea, select, button')];
    expect(controls.length).toBeGreaterThan(3);
    for (const c of controls) expect(c.hasAttribute('disabled') || c.hasAttribute('readonly'), c.outerHTML).toBe(true);
    expect(
      screen.queryByRole('button', {
        name: specTextPattern('beneficiary.insured_beneficiaries.primary_beneficiaries.addLabel'),
      }),
    ).toBeNull();
    const text = container.querySelector<HTMLInputElement>('input[type=text]:not([type=hidden])');
    if (text) await userEvent.setup().type(text, 'x');
    expect(changes).toEqual([]);
  });

  it('the same step without it takes input (the check above can fail)', () => {
    const { container } = renderStep('beneficiary', example('beneficiary', 'one-beneficiary'));
    const add = screen.getByRole('button', {
      name: specTextPattern('beneficiary.insured_beneficiaries.primary_beneficiaries.addLabel'),
    });
    expect(add.hasAttribute('disabled')).toBe(false);
    expect(container.querySelector('.step-form.is-readonly')).toBeNull();
  });
});
