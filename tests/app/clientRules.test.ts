import { beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_FORM, validateClientField, validateClientProfile } from '../../app/clientRules.ts';
import { loadSteps } from '../../app/screening/definitions.ts';
import { formatCad, formatDate, formatDateTime, formatPhone, productTypeLabel, slug, statusBadgeClass } from '../../app/format.ts';
import { isProgressAbsent } from '../../app/screening.ts';

const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const TODAY = iso(new Date());
const TOMORROW = iso(new Date(Date.now() + 36 * 3600 * 1000));

describe('client profile rules', () => {
  // The browser's checks: precompiled at build time and loaded with the form.
  beforeAll(() => loadSteps(PROFILE_FORM));

  it('checks name lengths: 2 to 50 characters', () => {
    expect(validateClientField('first_name', 'A')).toBe('First name must be at least 2 characters');
    expect(validateClientField('first_name', 'Al')).toBeUndefined();
    expect(validateClientField('first_name', 'x'.repeat(50))).toBeUndefined();
    expect(validateClientField('last_name', 'x'.repeat(51))).toBe('Last name must be less than 50 characters');
    expect(validateClientField('last_name', '')).toBeUndefined();
  });

  it('checks email and phone shapes only when given', () => {
    expect(validateClientField('email', 'a@b')).toBe('Please enter a valid email address');
    expect(validateClientField('email', 'a@b.ca')).toBeUndefined();
    expect(validateClientField('phone_primary', '+1 416-555-1234')).toBeUndefined();
    expect(validateClientField('phone_primary', '416-555')).toBe('Please enter a valid phone number');
    expect(validateClientField('phone_primary', '416 555 12')).toBeUndefined(); // 10 digits, spaces or hyphens
    expect(validateClientField('phone_primary', '(416) 555-1234')).toBe('Please enter a valid phone number');
    expect(validateClientField('phone_primary', '')).toBeUndefined();
  });

  it('checks the date of birth against today and 1900', () => {
    expect(validateClientField('date_of_birth', TOMORROW)).toBe('Date of birth cannot be in the future');
    expect(validateClientField('date_of_birth', TODAY)).toBeUndefined();
    expect(validateClientField('date_of_birth', '1900-12-31')).toBe('Date of birth must be after 1900');
    expect(validateClientField('date_of_birth', '1901-01-01')).toBeUndefined();
  });

  it('requires first name, last name, phone, date of birth and gender on submit, not email', () => {
    const errors = validateClientProfile({ first_name: ' ', last_name: '', email: '', phone_primary: '', date_of_birth: '', gender_sex_at_birth: '', brokers: [] });
    expect(errors).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      phone_primary: 'Phone number is required',
      date_of_birth: 'Date of birth is required',
      gender_sex_at_birth: 'Gender is required',
    });
  });
});

describe('display formats', () => {
  it('formats phones, dates, CAD, products and badges', () => {
    expect(formatPhone('416.555.1234')).toBe('(416) 555-1234');
    expect(formatPhone('+1 416 555 1234')).toBe('(416) 555-1234');
    expect(formatPhone(null)).toBe('-');
    expect(formatDate('2024-02-29')).toBe('2024-02-29');
    expect(formatDateTime('2024-02-29T09:05:00')).toBe('2024-02-29 09:05');
    expect(formatDateTime(null)).toBe('-');
    expect(formatDate('')).toBe('-');
    expect(formatCad(1234567.89)).toBe('$1,234,568');
    expect(formatCad(null)).toBeNull();
    expect(productTypeLabel('joint_last_to_die')).toBe('Joint Last To Die');
    expect(statusBadgeClass('WITHDRAWN')).toContain('badge-red');
  });

  it('turns names into file-name parts', () => {
    expect(slug('Hélène Côté-Roy')).toBe('helene-cote-roy');
    expect(slug('  Arjun  MEHTA ')).toBe('arjun-mehta');
    expect(slug('O\'Brien & Sons Ltd.')).toBe('o-brien-sons-ltd');
    expect(slug('---')).toBe('');
  });

  it('treats progress as absent per the spec', () => {
    expect(isProgressAbsent(null)).toBe(true);
    expect(isProgressAbsent({ clientId: 1, currentStep: 'owner', lastUpdated: null, isComplete: false, stepData: { a: 1 } })).toBe(true);
    expect(isProgressAbsent({ clientId: 1, currentStep: 'basic', lastUpdated: 'x', isComplete: false, stepData: {} })).toBe(true);
    expect(isProgressAbsent({ clientId: 1, currentStep: 'owner', lastUpdated: 'x', isComplete: false, stepData: {} })).toBe(false);
  });
});
