/**
 * The client profile form's rules (spec 1, section 5). They live in steps/client-profile, the same definition the
 * server checks every client with, and are evaluated by the engine: nothing here restates a rule.
 * The form calls validateClientField on every change (live) and validateClientProfile on submit.
 */
import { flow } from 'virtual:steps';
import { screeningRuntime } from './screening/definitions.ts';

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

/** The id of the client profile's definition: the form flow.json marks `"record": "client"`. */
const FORM = flow.forms?.find((f) => f.record === 'client')?.id ?? '';

/** What the profile form must load before it validates (see StepsGate). */
export const PROFILE_FORM = [FORM];
const FIELDS: ClientProfileField[] = ['first_name', 'last_name', 'email', 'phone_primary', 'date_of_birth', 'gender_sex_at_birth'];

function blank(value: string | undefined): boolean {
  return (value ?? '').trim() === '';
}

/** The engine's first message for one field of a profile record holding only that field's value. */
function firstError(field: ClientProfileField, value: string): string | undefined {
  const trimmed = (value ?? '').trim();
  const record = trimmed === '' ? {} : { [field]: trimmed };
  const { engine } = screeningRuntime();
  return engine.evaluateStep(FORM, { [FORM]: record }, { fields: [field] }).errors.find((e) => e.field === field)?.message;
}

/**
 * The live rule of one field. Blank values pass: requiredness is checked on submit.
 * @param field - the form field.
 * @param value - its current text.
 * @returns - the spec's message, or undefined when the value is fine.
 * @example validateClientField('first_name', 'A') // "First name must be at least 2 characters"
 */
export function validateClientField(field: ClientProfileField, value: string): string | undefined {
  return blank(value) ? undefined : firstError(field, value);
}

/**
 * The required-on-submit message of one field, if it is blank. Email is required only by the input itself.
 * @returns - the message, or undefined.
 */
export function requiredError(field: ClientProfileField, value: string): string | undefined {
  return blank(value) ? firstError(field, '') : undefined;
}

/**
 * All errors of the form at submit: one message per failing field; empty when the form can be sent.
 */
export function validateClientProfile(values: ClientProfileValues): ClientProfileErrors {
  const errors: ClientProfileErrors = {};
  for (const field of FIELDS) {
    const message = firstError(field, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}
