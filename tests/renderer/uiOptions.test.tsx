// @vitest-environment jsdom
/**
 * ui:options the renderer reads for any step, shown here on the client profile's definition, which uses them:
 * errorTitle and liveErrors (the step), htmlRequired, date max "today", ui:autocomplete, readonlyHelp, helpPointer and
 * a multi lookup's chosen values its list lacks (fields).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { renderStep } from './helpers.tsx';
import { ruleMessage } from '../support/definitionText.ts';
import { specText } from '../support/specText.ts';

afterEach(cleanup);

const STEP = 'client-profile';
const BROKERS = [{ name: 'Jane Broker', email: 'jane@brokers.ca' }];
const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

describe('step ui:options', () => {
  it('liveErrors: a changed field shows its error once typing pauses, before it is left; an unchanged one waits', async () => {
    const user = userEvent.setup();
    renderStep(STEP, { [STEP]: {} });
    const first = screen.getByLabelText('First Name');
    await user.type(first, 'A');
    expect(first).toHaveFocus();
    await waitFor(() => expect(first).toHaveAttribute('aria-invalid', 'true'));
    expect(first).toHaveAccessibleDescription(
      expect.stringContaining(specText('client-profile.first_name.errorMessage.type')),
    );
    expect(screen.getByLabelText('Last Name')).not.toHaveAttribute('aria-invalid');
  });

  it('errorTitle heads the alert block after a refused Next', () => {
    const { ref } = renderStep(STEP, { [STEP]: {} });
    act(() => ref.current!.showAllErrors());
    const summary = screen.getByRole('alert');
    expect(summary).toHaveTextContent(specText('client-profile.errorTitle'));
    expect(
      within(summary).getByRole('button', { name: ruleMessage('client-profile', 'gender_sex_at_birth') }),
    ).toBeInTheDocument();
  });
});

describe('field ui:options', () => {
  it('htmlRequired: the input requires a value itself and is marked, though no rule requires it', () => {
    const { ref } = renderStep(STEP, { [STEP]: {} });
    const email = screen.getByLabelText('Email');
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('aria-required', 'true');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(ref.current!.view().errors.map((e) => e.field)).not.toContain('email');
  });

  it('max "today": the date picker stops at the device\'s date', () => {
    renderStep(STEP, { [STEP]: {} });
    expect(screen.getByLabelText(specText('client-profile.date_of_birth.title'))).toHaveAttribute(
      'max',
      iso(new Date()),
    );
  });

  it('helpPointer "fine" marks a mouse-and-keyboard hint; readonlyHelp replaces it while a readonly rule holds', () => {
    renderStep(STEP, { [STEP]: {} }, { lookups: { brokers: BROKERS } });
    expect(screen.getByLabelText('Brokers')).toBeEnabled();
    expect(screen.getByText(specText('client-profile.brokers.help'))).toHaveClass('field-hint-fine-pointer');
    cleanup();
    renderStep(
      STEP,
      { $context: { access: 'broker' }, [STEP]: { brokers: ['jane@brokers.ca'] } },
      { lookups: { brokers: BROKERS } },
    );
    const brokers = screen.getByLabelText('Brokers');
    expect(brokers).toBeDisabled();
    expect(brokers).toHaveAccessibleDescription(specText('client-profile.brokers.readonlyHelp'));
    expect(screen.getByText(/only its adviser/)).not.toHaveClass('field-hint-fine-pointer');
  });

  it('a multiple lookup keeps showing chosen values its list lacks (not loaded yet, or no longer offered)', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes } = renderStep(
      STEP,
      { [STEP]: { brokers: ['gone@brokers.ca'] } },
      { lookups: { brokers: BROKERS } },
    );
    const brokers = screen.getByLabelText('Brokers') as HTMLSelectElement;
    expect(Array.from(brokers.options, (o) => [o.textContent, o.selected])).toEqual([
      ['Jane Broker (jane@brokers.ca)', false],
      ['gone@brokers.ca', true],
    ]);
    await user.selectOptions(brokers, 'Jane Broker (jane@brokers.ca)');
    expect(changes.at(-1)?.record.brokers).toEqual(['jane@brokers.ca', 'gone@brokers.ca']);
  });
});
