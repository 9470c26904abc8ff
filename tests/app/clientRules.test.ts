import { beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_FORM } from '../../app/clientRules.ts';
import { loadSteps, screeningRuntime } from '../../app/screening/definitions.ts';
import { formatCad, formatDate, formatDateTime, formatPhone, slug } from '../../app/format.ts';
import { isProgressAbsent } from '../../app/screening.ts';
import { ruleMessage } from '../support/definitionText.ts';
import { specText } from '../support/specText.ts';

const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const TODAY = iso(new Date());
const TOMORROW = iso(new Date(Date.now() + 36 * 3600 * 1000));

const FORM = PROFILE_FORM[0];

/** The engine's first message for one field of a profile record holding only that value (as the page asks it). */
function errorOf(field: string, value: string): string | undefined {
  const record = value === '' ? {} : { [field]: value };
  return screeningRuntime()
    .engine.evaluateStep(FORM, { [FORM]: record }, { fields: [field] })
    .errors.find((e) => e.field === field)?.message;
}

describe('client profile rules, from the client-profile definition', () => {
  // The browser's checks: precompiled at build time and loaded with the form.
  beforeAll(() => loadSteps(PROFILE_FORM));

  it('is the form flow.json marks as the client record', () => {
    expect(FORM).toBe('client-profile');
  });

  it('checks name lengths: 2 to 50 characters', () => {
    expect(errorOf('first_name', 'A')).toBe(specText('client-profile.first_name.errorMessage.type'));
    expect(errorOf('first_name', 'Al')).toBeUndefined();
    expect(errorOf('first_name', 'x'.repeat(50))).toBeUndefined();
    expect(errorOf('last_name', 'x'.repeat(51))).toBe(specText('client-profile.last_name.errorMessage.maxLength'));
  });

  it('checks email and phone shapes only when given', () => {
    expect(errorOf('email', 'a@b')).toBe(specText('client-profile.email.errorMessage.type'));
    expect(errorOf('email', 'a@b.ca')).toBeUndefined();
    expect(errorOf('email', '')).toBeUndefined();
    expect(errorOf('phone_primary', '+1 416-555-1234')).toBeUndefined();
    expect(errorOf('phone_primary', '416-555')).toBe(specText('client-profile.phone_primary.errorMessage.type'));
    expect(errorOf('phone_primary', '416 555 12')).toBeUndefined(); // 10 digits, spaces or hyphens
    expect(errorOf('phone_primary', '(416) 555-1234')).toBe(specText('client-profile.phone_primary.errorMessage.type'));
  });

  it('checks the date of birth against today and 1900', () => {
    expect(errorOf('date_of_birth', TOMORROW)).toBe(specText('client-profile.validation.date_of_birth.future.message'));
    expect(errorOf('date_of_birth', TODAY)).toBeUndefined();
    expect(errorOf('date_of_birth', '1900-12-31')).toBe(
      specText('client-profile.validation.date_of_birth.after1900.message'),
    );
    expect(errorOf('date_of_birth', '1901-01-01')).toBeUndefined();
  });

  it('requires first name, last name, phone, date of birth and gender, not email', () => {
    const { errors } = screeningRuntime().engine.evaluateStep(FORM, { [FORM]: { first_name: ' ' } });
    expect(Object.fromEntries(errors.map((e) => [e.field, e.message]))).toEqual({
      first_name: ruleMessage('client-profile', 'first_name'),
      last_name: ruleMessage('client-profile', 'last_name'),
      phone_primary: ruleMessage('client-profile', 'phone_primary'),
      date_of_birth: specText('client-profile.validation.date_of_birth.required.message'),
      gender_sex_at_birth: ruleMessage('client-profile', 'gender_sex_at_birth'),
    });
  });

  it('makes the brokers read-only for a client shared with the user as a broker, and only then', () => {
    const { engine } = screeningRuntime();
    expect(engine.evaluateStep(FORM, { $context: { access: 'broker' }, [FORM]: {} }).readonly).toEqual(['brokers']);
    expect(engine.evaluateStep(FORM, { $context: { access: 'owner' }, [FORM]: {} }).readonly).toEqual([]);
  });
});

describe('display formats', () => {
  it('formats phones, dates, CAD and badges', () => {
    expect(formatPhone('416.555.1234')).toBe('(416) 555-1234');
    expect(formatPhone('+1 416 555 1234')).toBe('(416) 555-1234');
    expect(formatPhone(null)).toBe('-');
    expect(formatDate('2024-02-29')).toBe('2024-02-29');
    expect(formatDateTime('2024-02-29T09:05:00')).toBe('2024-02-29 09:05');
    expect(formatDateTime(null)).toBe('-');
    expect(formatDate('')).toBe('-');
    expect(formatCad(1234567.89)).toBe('$1,234,568');
    expect(formatCad(null)).toBeNull();
  });

  it('turns names into file-name parts', () => {
    expect(slug('Hélène Côté-Roy')).toBe('helene-cote-roy');
    expect(slug('  Arjun  MEHTA ')).toBe('arjun-mehta');
    expect(slug("O'Brien & Sons Ltd.")).toBe('o-brien-sons-ltd');
    expect(slug('---')).toBe('');
  });

  it('treats progress as absent per the spec', () => {
    expect(isProgressAbsent(null)).toBe(true);
    expect(
      isProgressAbsent({ clientId: 1, currentStep: 'owner', lastUpdated: null, isComplete: false, stepData: { a: 1 } }),
    ).toBe(true);
    expect(
      isProgressAbsent({ clientId: 1, currentStep: 'basic', lastUpdated: 'x', isComplete: false, stepData: {} }),
    ).toBe(true);
    expect(
      isProgressAbsent({ clientId: 1, currentStep: 'owner', lastUpdated: 'x', isComplete: false, stepData: {} }),
    ).toBe(false);
  });
});
