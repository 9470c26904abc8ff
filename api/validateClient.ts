import type { FieldError, JsonObject } from './types.ts';

/** The columns of a client, validated by the spec's client profile rules. */
export interface ClientCore {
  first_name?: string;
  last_name?: string;
  email?: string | null;
  phone_primary?: string | null;
  date_of_birth?: string | null;
  gender_sex_at_birth?: string | null;
}

export interface ValidatedClient {
  core: ClientCore;
  /** Profile fields given in the body (only known ones). */
  profile: JsonObject;
  /** Broker emails, lower-cased, when given. */
  brokers?: string[];
  errors: FieldError[];
}

/** The proposed-insured profile fields a client may carry besides its columns (spec doc 1, entities). */
export const PROFILE_FIELDS = [
  'title', 'middle_name', 'maiden_name', 'name_at_birth', 'marital_status', 'is_smoker', 'smoking_details',
  'citizenship', 'residency_status', 'other_residency_status', 'date_of_entry', 'place_of_birth_type',
  'place_of_birth_province', 'place_of_birth_state', 'place_of_birth_country', 'primary_id_type',
  'primary_id_number', 'primary_id_expiry', 'politically_exposed_person', 'address_line1', 'address_line2',
  'city', 'province', 'postal_code', 'is_po_box', 'physical_residence', 'years_at_address', 'phone_alternate',
  'email_consent', 'occupation', 'type_of_business', 'years_with_employer', 'employer_first_name',
  'employer_middle_name', 'employer_last_name', 'employer_address_line1', 'employer_address_line2',
  'employer_city', 'employer_province', 'employer_postal_code', 'is_second_insured', 'is_client_insured',
  'original_client_id', 'relationship_to_owner', 'relationship_to_proposed_insured_1', 'is_canadian_tax_resident',
] as const;

const GENDERS = ['male', 'female', 'other'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9\s-]{10,}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function isRealDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

function checkName(body: JsonObject, field: 'first_name' | 'last_name', label: string, partial: boolean, out: ValidatedClient): void {
  if (partial && !(field in body)) return;
  const value = text(body[field]);
  if (value === undefined) out.errors.push({ field, message: `${label} is required` });
  else if (value.length < 2) out.errors.push({ field, message: `${label} must be at least 2 characters` });
  else if (value.length > 50) out.errors.push({ field, message: `${label} must be less than 50 characters` });
  else out.core[field] = value;
}

/**
 * Checks a client body with the spec's client profile rules (doc 1, section 5) and picks the known fields.
 * Pure, with no Node imports, so the web app could share it.
 * @param body - the parsed JSON body
 * @param options - partial: a PATCH (only given fields are checked); today: YYYY-MM-DD; brokers: known broker emails
 * @returns - the values to store and the errors, in the form's field order
 */
export function validateClient(body: JsonObject, options: { partial: boolean; today: string; brokers: Set<string> }): ValidatedClient {
  const { partial, today } = options;
  const out: ValidatedClient = { core: {}, profile: {}, errors: [] };
  checkName(body, 'first_name', 'First name', partial, out);
  checkName(body, 'last_name', 'Last name', partial, out);

  if ('email' in body) {
    const email = text(body.email);
    if (body.email !== null && body.email !== undefined && typeof body.email !== 'string') {
      out.errors.push({ field: 'email', message: 'Please enter a valid email address' });
    } else if (email !== undefined && (email.length > 254 || !EMAIL.test(email))) {
      out.errors.push({ field: 'email', message: 'Please enter a valid email address' });
    } else out.core.email = email ?? null;
  }

  const phoneField = 'phone_primary' in body || !('phone' in body) ? 'phone_primary' : 'phone';
  if (!partial || phoneField in body) {
    const phone = text(body[phoneField]);
    if (phone === undefined) out.errors.push({ field: phoneField, message: 'Phone number is required' });
    else if (phone.length > 30 || !PHONE.test(phone)) out.errors.push({ field: phoneField, message: 'Please enter a valid phone number' });
    else out.core.phone_primary = phone;
  }

  if (!partial || 'date_of_birth' in body) {
    const dob = text(body.date_of_birth);
    if (dob === undefined) out.errors.push({ field: 'date_of_birth', message: 'Date of birth is required' });
    else if (!isRealDate(dob)) out.errors.push({ field: 'date_of_birth', message: 'Please enter a valid date of birth' });
    else if (dob > today) out.errors.push({ field: 'date_of_birth', message: 'Date of birth cannot be in the future' });
    else if (dob < '1901-01-01') out.errors.push({ field: 'date_of_birth', message: 'Date of birth must be after 1900' });
    else out.core.date_of_birth = dob;
  }

  if (!partial || 'gender_sex_at_birth' in body) {
    const gender = text(body.gender_sex_at_birth);
    if (gender === undefined) out.errors.push({ field: 'gender_sex_at_birth', message: 'Gender is required' });
    else if (!GENDERS.includes(gender)) out.errors.push({ field: 'gender_sex_at_birth', message: 'Please select a valid gender' });
    else out.core.gender_sex_at_birth = gender;
  }

  if ('brokers' in body && body.brokers !== null) {
    const list = body.brokers;
    if (!Array.isArray(list) || list.length > 50 || list.some((b) => typeof b !== 'string' || !options.brokers.has(b.trim().toLowerCase()))) {
      out.errors.push({ field: 'brokers', message: 'Please select valid brokers' });
    } else out.brokers = [...new Set(list.map((b) => (b as string).trim().toLowerCase()))];
  } else if (!partial) out.brokers = [];

  for (const field of PROFILE_FIELDS) {
    if (!(field in body)) continue;
    const value = body[field];
    const ok =
      value === null ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      (typeof value === 'string' && value.length <= 1000);
    if (ok) out.profile[field] = value;
    else out.errors.push({ field, message: 'Please enter a valid value' });
  }
  return out;
}
