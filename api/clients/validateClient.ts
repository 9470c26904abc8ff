import { normalizeEmail } from '../auth/identity.ts';
import type { FieldError, JsonObject } from '../types.ts';

export interface ValidatedClient {
  /** The known fields given, trimmed (blank text becomes null). */
  fields: JsonObject;
  /** Broker emails, lower-cased, when given. */
  brokers?: string[];
  errors: FieldError[];
}

/** How a client body is checked: both are the engine's checks over definitions (see clientRules). */
export interface ClientChecks {
  /** The client profile form's fields (steps/<form>/schema.json), checked with its rules. */
  profileFields: string[];
  /** Errors of the client profile form for a record, limited to some fields. */
  checkProfile(record: JsonObject, fields: string[]): FieldError[];
  /** The fields a client record holds as a proposed insured (the step object bound to client records). */
  insuredFields: string[];
  /** Errors of the proposed-insured rules for a whole client record, limited to some fields. */
  checkInsured(record: JsonObject, fields: string[]): FieldError[];
}

function trimmed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const t = value.trim();
  return t === '' ? null : t;
}

/**
 * Checks a client body: the fields of the client profile form with its rules, and every other field of a proposed
 * insured with the proposed-insured rules (so a PATCH refuses a postal code the step refuses, in the step's words).
 * Only the fields given are reported on a PATCH; a create also requires what the profile form requires.
 * @param body - the parsed JSON body
 * @param stored - the client as stored (PATCH), so rules that read other fields see the whole record
 * @param options - partial: a PATCH; checks: the engine's checks; brokers: known broker emails
 * @returns the fields to store, the brokers, and the errors in the form's field order
 */
export function validateClient(
  body: JsonObject,
  stored: JsonObject | undefined,
  options: { partial: boolean; checks: ClientChecks; brokers: Set<string> },
): ValidatedClient {
  const { checks, partial } = options;
  const out: ValidatedClient = { fields: {}, errors: [] };
  // The list view calls the number "phone"; the profile calls it phone_primary.
  const source: JsonObject =
    'phone_primary' in body || !('phone' in body) ? body : { ...body, phone_primary: body.phone };
  const known = new Set([...checks.profileFields, ...checks.insuredFields]);
  known.delete('brokers');
  const given = Object.keys(source).filter((f) => known.has(f));
  for (const field of given) out.fields[field] = trimmed(source[field]);

  const profileRecord: JsonObject = {};
  for (const field of checks.profileFields) {
    const value = field in out.fields ? out.fields[field] : stored?.[field];
    if (value !== null && value !== undefined) profileRecord[field] = value;
  }
  const profileGiven = given.filter((f) => checks.profileFields.includes(f));
  const profileErrors = checks.checkProfile(
    profileRecord,
    partial ? profileGiven : checks.profileFields.filter((f) => f !== 'brokers'),
  );
  // The profile form's own fields keep its rules (its phone and name rules differ from the step's); every other
  // field of a proposed insured is checked as the step checks it.
  const insuredGiven = given.filter((f) => checks.insuredFields.includes(f) && !checks.profileFields.includes(f));
  const insuredRecord: JsonObject = {
    ...pick(stored, checks.insuredFields),
    ...pick(out.fields, checks.insuredFields),
  };
  for (const [k, v] of Object.entries(insuredRecord)) if (v === null) delete insuredRecord[k];
  const insuredErrors = insuredGiven.length ? checks.checkInsured(insuredRecord, insuredGiven) : [];
  const reported = new Set<string>();
  const phoneField = source === body ? 'phone_primary' : 'phone';
  for (const e of [...profileErrors, ...insuredErrors]) {
    const top = e.field.split('.')[0];
    if (reported.has(top)) continue;
    reported.add(top);
    out.errors.push(top === 'phone_primary' ? { ...e, field: phoneField } : e);
  }

  if ('brokers' in body && body.brokers !== null) {
    const list = body.brokers;
    if (
      !Array.isArray(list) ||
      list.length > 50 ||
      list.some((b) => typeof b !== 'string' || !options.brokers.has(normalizeEmail(b)))
    ) {
      out.errors.push({ field: 'brokers', message: 'Please select valid brokers' });
    } else out.brokers = [...new Set(list.map((b) => normalizeEmail(b as string)))];
  } else if (!partial) out.brokers = [];
  return out;
}

function pick(record: JsonObject | undefined, fields: string[]): JsonObject {
  const out: JsonObject = {};
  if (record) for (const f of fields) if (f in record) out[f] = record[f];
  return out;
}
