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

/** The id of the client profile's definition (steps/client-profile), whose rules the web app checks too. */
export const CLIENT_FORM = 'client-profile';
const CORE_FIELDS = ['first_name', 'last_name', 'email', 'phone_primary', 'date_of_birth', 'gender_sex_at_birth'] as const;

function trimmed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const t = value.trim();
  return t === '' ? undefined : t;
}

/**
 * Checks a client body with the spec's client profile rules (doc 1, section 5), which live in
 * steps/client-profile and are evaluated by the engine, and picks the known fields.
 * @param body - the parsed JSON body
 * @param options - partial: a PATCH (only given fields are checked); check: the engine's check of the profile
 *   record (optionally limited to some fields); brokers: known broker emails
 * @returns - the values to store and the errors, in the form's field order
 */
export function validateClient(
  body: JsonObject,
  options: { partial: boolean; check: (record: JsonObject, fields?: string[]) => FieldError[]; brokers: Set<string> },
): ValidatedClient {
  const { partial } = options;
  const out: ValidatedClient = { core: {}, profile: {}, errors: [] };
  // The list view calls the number "phone"; the profile calls it phone_primary.
  const source: JsonObject = 'phone_primary' in body || !('phone' in body) ? body : { ...body, phone_primary: body.phone };
  const record: JsonObject = {};
  for (const field of CORE_FIELDS) if (field in source) record[field] = trimmed(source[field]);
  const given = CORE_FIELDS.filter((f) => f in source);
  const errors = options.check(record, partial ? given : [...CORE_FIELDS]);
  const phoneField = source === body ? 'phone_primary' : 'phone';
  out.errors.push(...errors.map((e) => (e.field === 'phone_primary' ? { ...e, field: phoneField } : e)));
  if (errors.length === 0) {
    for (const field of given) {
      const value = record[field];
      (out.core as JsonObject)[field] = value === undefined ? null : value;
    }
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
