/**
 * Validation rules of the client profile form (spec 1, section 5), in one place.
 * The form calls validateClientField on every change (live) and validateClientProfile on submit.
 * The server keeps its own copy for now; this module has no React or DOM so the engine can take it over.
 */

export interface ClientProfileValues {
  first_name: string;
  last_name: string;
  email: string;
  phone_primary: string;
  date_of_birth: string;
  gender_sex_at_birth: string;
  brokers: string[];
}

export type ClientProfileField = Exclude<keyof ClientProfileValues, 'brokers'>;

export type ClientProfileErrors = Partial<Record<ClientProfileField, string>>;

export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 50;
/** Birth dates must be after this year. */
export const EARLIEST_BIRTH_YEAR = 1900;

export const CLIENT_MESSAGES = {
  firstNameShort: 'First name must be at least 2 characters',
  firstNameLong: 'First name must be less than 50 characters',
  lastNameShort: 'Last name must be at least 2 characters',
  lastNameLong: 'Last name must be less than 50 characters',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  dobFuture: 'Date of birth cannot be in the future',
  dobTooEarly: 'Date of birth must be after 1900',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone number is required',
  dobRequired: 'Date of birth is required',
  genderRequired: 'Gender is required',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Optional plus, then 10 or more digits, spaces or hyphens. */
const PHONE = /^\+?[\d\s-]{10,}$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today as YYYY-MM-DD in local time. */
function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function nameError(value: string, short: string, long: string): string | undefined {
  const length = value.trim().length;
  if (length === 0) return undefined;
  if (length < NAME_MIN_LENGTH) return short;
  // "2 to 50 characters": 50 is allowed, 51 is not.
  if (length > NAME_MAX_LENGTH) return long;
  return undefined;
}

/**
 * The live rule of one field. Blank values pass: requiredness is checked on submit.
 * @param field - the form field.
 * @param value - its current text.
 * @param today - the current date (for tests).
 * @returns - the spec's message, or undefined when the value is fine.
 * @example validateClientField('first_name', 'A') // "First name must be at least 2 characters"
 */
export function validateClientField(field: ClientProfileField, value: string, today: Date = new Date()): string | undefined {
  const v = value ?? '';
  switch (field) {
    case 'first_name':
      return nameError(v, CLIENT_MESSAGES.firstNameShort, CLIENT_MESSAGES.firstNameLong);
    case 'last_name':
      return nameError(v, CLIENT_MESSAGES.lastNameShort, CLIENT_MESSAGES.lastNameLong);
    case 'email':
      return v.trim() && !EMAIL.test(v.trim()) ? CLIENT_MESSAGES.email : undefined;
    case 'phone_primary':
      return v.trim() && !PHONE.test(v.trim()) ? CLIENT_MESSAGES.phone : undefined;
    case 'date_of_birth': {
      if (!v) return undefined;
      const match = ISO_DATE.exec(v);
      if (!match) return undefined;
      if (v > isoDay(today)) return CLIENT_MESSAGES.dobFuture;
      if (Number(match[1]) <= EARLIEST_BIRTH_YEAR) return CLIENT_MESSAGES.dobTooEarly;
      return undefined;
    }
    case 'gender_sex_at_birth':
      return undefined;
  }
}

const REQUIRED: Array<[ClientProfileField, string]> = [
  ['first_name', CLIENT_MESSAGES.firstNameRequired],
  ['last_name', CLIENT_MESSAGES.lastNameRequired],
  ['phone_primary', CLIENT_MESSAGES.phoneRequired],
  ['date_of_birth', CLIENT_MESSAGES.dobRequired],
  ['gender_sex_at_birth', CLIENT_MESSAGES.genderRequired],
];

/**
 * The required-on-submit message of one field, if it is blank. Email is required only by the input itself.
 * @returns - the message, or undefined.
 */
export function requiredError(field: ClientProfileField, value: string): string | undefined {
  const rule = REQUIRED.find(([name]) => name === field);
  return rule && !(value ?? '').trim() ? rule[1] : undefined;
}

/**
 * All errors of the form at submit: the required rules, then the live rules.
 * @returns - one message per failing field; empty when the form can be sent.
 */
export function validateClientProfile(values: ClientProfileValues, today: Date = new Date()): ClientProfileErrors {
  const errors: ClientProfileErrors = {};
  const fields: ClientProfileField[] = ['first_name', 'last_name', 'email', 'phone_primary', 'date_of_birth', 'gender_sex_at_birth'];
  for (const field of fields) {
    const message = requiredError(field, values[field]) ?? validateClientField(field, values[field], today);
    if (message) errors[field] = message;
  }
  return errors;
}
