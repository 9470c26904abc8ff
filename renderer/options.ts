import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { ENGLISH_WORDS, type Words } from '../engine/index.ts';

// The number formats live apart so the app's lists (app/format.ts) get them without the engine the choices need.
export { formatMoney, parseMoney } from './numberFormats.ts';

/** One choice of a select, radio group or checkbox group. */
export interface Choice {
  value: unknown;
  label: string;
  /** The group a select shows the choice under (optgroup), when its options are grouped. */
  group?: string;
}

type UiMap = UiSchema | Record<string, unknown> | undefined;

/**
 * The label of a value from `ui:enumNames` (a map from the value, as a string, to its label; an array is accepted too).
 * @param ui - the field's ui schema
 * @param value - the value
 * @param index - the value's index in the enum, for the array form
 */
export function enumLabel(ui: UiMap, value: unknown, index = -1): string | undefined {
  const names =
    (ui as Record<string, unknown> | undefined)?.['ui:enumNames'] ??
    (ui as Record<string, Record<string, unknown>> | undefined)?.['ui:options']?.enumNames;
  if (Array.isArray(names)) return index >= 0 ? (names[index] as string | undefined) : undefined;
  if (names && typeof names === 'object') return (names as Record<string, string>)[String(value)];
  return undefined;
}

function schemaType(schema: RJSFSchema): string[] {
  const t = schema.type;
  return Array.isArray(t) ? (t as string[]) : t ? [t as string] : [];
}

/** True when the schema accepts null (so an emptied input stores null rather than removing the answer). */
export function acceptsNull(schema: RJSFSchema): boolean {
  return schemaType(schema).includes('null') || (Array.isArray(schema.enum) && schema.enum.includes(null));
}

/** True for number and integer schemas. */
export function isNumeric(schema: RJSFSchema): boolean {
  const types = schemaType(schema);
  return types.includes('number') || types.includes('integer');
}

/** True for boolean schemas. */
export function isBoolean(schema: RJSFSchema): boolean {
  return schemaType(schema).includes('boolean');
}

/**
 * The choices of a field, null left out: the enum values (or true/false for booleans), labelled by `ui:enumNames`,
 * else flow.json's words (yes, no) for booleans, else the value itself.
 */
export function choicesOf(schema: RJSFSchema, ui: UiMap, words: Words = ENGLISH_WORDS): Choice[] {
  const values: unknown[] = Array.isArray(schema.enum)
    ? schema.enum
    : Array.isArray((schema.items as RJSFSchema | undefined)?.enum)
      ? ((schema.items as RJSFSchema).enum as unknown[])
      : isBoolean(schema)
        ? [true, false]
        : [];
  const out: Choice[] = [];
  values.forEach((value, i) => {
    if (value === null) return;
    const label =
      enumLabel(ui, value, i) ?? (typeof value === 'boolean' ? (value ? words.yes : words.no) : String(value));
    out.push({ value, label });
  });
  return out;
}

/** What an emptied input stores: null when the schema allows it, else undefined (the answer is removed). */
export function emptyValue(schema: RJSFSchema): null | undefined {
  return acceptsNull(schema) ? null : undefined;
}

/**
 * Reads a typed number. Blank gives null (or 0 when the schema does not accept null); anything that is not a number
 * is kept as typed, so the engine reports the definition's message ("Please enter a valid number of years").
 */
export function parseNumber(text: string, schema: RJSFSchema): number | string | null | undefined {
  const t = text.trim();
  if (t === '') return acceptsNull(schema) ? null : 0;
  if (/^-?\d+(\.\d+)?$/.test(t) || /^-?\.\d+$/.test(t)) return Number(t);
  return text;
}

/**
 * Fills `{name}` placeholders from a row of data (`"{first_name} {last_name}"`).
 * @param template - the text with placeholders
 * @param values - the values by name
 */
export function fillTemplate(template: string, values: Record<string, unknown>): string {
  return template
    .replace(/\{(\w+)\}/g, (_, name: string) =>
      values[name] === undefined || values[name] === null ? '' : String(values[name]),
    )
    .replace(/\s+/g, ' ')
    .replace(/\(\s*\)/g, '')
    .trim();
}
