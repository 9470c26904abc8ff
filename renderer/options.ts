import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { ENGLISH_WORDS, type Words } from '../engine/index.ts';

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
 * The locale numbers and money are written in: the page's `<html lang>` (the app sets en-CA or fr-CA as its language
 * changes), en-CA when it says neither. One source, so a step and a list never disagree.
 */
export function formatLocale(): 'en-CA' | 'fr-CA' {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return lang.toLowerCase().startsWith('fr') ? 'fr-CA' : 'en-CA';
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached(formats: Map<string, Intl.NumberFormat>, locale: string, options: Intl.NumberFormatOptions) {
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/** A number as Canadian dollars in the page's locale: "$1,250,000" (en-CA), "1 250 000 $" (fr-CA). */
export function formatMoney(value: unknown, locale: string = formatLocale()): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  const options = { style: 'currency', currency: 'CAD', maximumFractionDigits: 2, minimumFractionDigits: 0 } as const;
  return cached(moneyFormats, locale, options).format(value);
}

/** A number in the page's locale: "1,234,567" (en-CA), "1 234 567" (fr-CA). */
export function formatNumber(value: number, locale: string = formatLocale()): string {
  return cached(numberFormats, locale, {}).format(value);
}

/**
 * Reads a typed amount: "$1,250.50" gives 1250.5 (in French, "1 250,50 $" does); blank gives null; anything else is
 * kept as typed so the engine reports the definition's type message.
 */
export function parseMoney(text: string, locale: string = formatLocale()): number | string | null {
  const t = text.trim();
  if (t === '') return null;
  // French writes the decimals after a comma and groups thousands with (narrow) spaces, which \s matches.
  const french = locale.startsWith('fr');
  const cleaned = (french ? t.replace(/[$\s]/g, '').replace(',', '.') : t.replace(/[$\s,]/g, '')).replace(/^CA/i, '');
  if (/^-?\d+(\.\d+)?$/.test(cleaned)) return Number(cleaned);
  return text;
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
