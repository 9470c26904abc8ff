import jsonLogic from 'json-logic-js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

function todayIso(): string {
  const now = new Date();
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Patterns come from the definitions, a handful per step: each is compiled once, not on every keystroke. */
const regexes = new Map<string, RegExp>();

/**
 * The regular expression of a pattern and its flags, compiled once. A pattern or flags that do not compile throw, as
 * `new RegExp` does (applyLogic answers null, and steps:check names the rule).
 */
function regexOf(pattern: string, flags: string): RegExp {
  const key = `${flags}/${pattern}`;
  let regex = regexes.get(key);
  if (!regex) {
    regex = new RegExp(pattern, flags);
    if (regexes.size > 1000) regexes.clear();
    regexes.set(key, regex);
  }
  return regex;
}

/** The Luhn check digit test (a Canadian SIN passes it): digits only, at least two of them. */
function passesLuhn(value: unknown): boolean {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^[0-9]{2,}$/.test(text)) return false;
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    let digit = Number(text[text.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function ageInYears(dob: unknown): number | null {
  if (!isRealDate(dob)) return null;
  const [y, m, d] = dob.split('-').map(Number);
  const [ty, tm, td] = todayIso().split('-').map(Number);
  let age = ty - y;
  if (tm < m || (tm === m && td < d)) age -= 1;
  return age;
}

/**
 * A value of a row of a table (a list of flow.json `lists`, read as `$lists.<name>`), found by its `id`: the row's
 * `field`, or `fallback` (null when not given) when no row has that id or the row has no such field. For a list of
 * ids, the list of their values, in order.
 * @example lookup([{ id: 'term_20', product_code: 't20' }], 'term_20', 'product_code') // 't20'
 * @example lookup(plans, 'term_20', 'requires.tax_step') // a field of an object of the row, by a dotted path
 */
function lookup(table: unknown, keys: unknown, field: unknown, fallback?: unknown): unknown {
  const rows = Array.isArray(table) ? table : [];
  const otherwise = fallback === undefined ? null : fallback;
  const one = (key: unknown): unknown => {
    if (key === null || key === undefined || typeof field !== 'string') return otherwise;
    const row = rows.find((r) => r !== null && typeof r === 'object' && (r as Record<string, unknown>).id === key);
    let value: unknown = row;
    for (const part of field.split('.'))
      value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    return value === undefined ? otherwise : value;
  };
  return Array.isArray(keys) ? keys.map(one) : one(keys);
}

/**
 * A person's name as every output prints it, "First M. Last": the middle name (an initial, as the steps ask it) gets a
 * period, blank parts are left out, and null when every part is blank. The one place a name is formatted: the payload
 * and summary documents both call it.
 * @example fullName('Mary', 'J', 'Smith') // 'Mary J. Smith'
 */
function fullName(first: unknown, middle: unknown, last: unknown): string | null {
  const text = (v: unknown): string | null => (typeof v === 'string' && !isBlank(v) ? v : null);
  const middleName = text(middle);
  const parts = [text(first), middleName === null ? null : `${middleName}.`, text(last)].filter((p) => p !== null);
  return parts.length ? parts.join(' ') : null;
}

/**
 * The custom JSON-Logic operations definitions may use, by name.
 * Documented for product staff in docs/definition-format.md.
 */
export const customOperations: Record<string, (...args: unknown[]) => unknown> = {
  today: () => todayIso(),
  age: (dob: unknown) => ageInYears(dob),
  isBlank: (value: unknown) => isBlank(value),
  isNumber: (value: unknown) => typeof value === 'number' && Number.isFinite(value),
  isDate: (value: unknown) => isRealDate(value),
  sum: (rows: unknown, field: unknown) => {
    if (!Array.isArray(rows)) return 0;
    let total = 0;
    for (const row of rows) {
      const v =
        typeof field === 'string' && row !== null && typeof row === 'object'
          ? (row as Record<string, unknown>)[field]
          : row;
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0;
      if (Number.isFinite(n)) total += n;
    }
    return Math.round(total * 1e6) / 1e6;
  },
  count: (rows: unknown) => (Array.isArray(rows) ? rows.length : 0),
  round: (value: unknown, digits: unknown) => {
    if (typeof value !== 'number') return value;
    const f = 10 ** (typeof digits === 'number' ? digits : 0);
    return Math.round(value * f) / f;
  },
  luhn: (value: unknown) => passesLuhn(value),
  join: (parts: unknown, separator: unknown) => {
    const list = (Array.isArray(parts) ? parts : [parts]).filter(
      (p) => !isBlank(p) && (typeof p === 'string' || typeof p === 'number'),
    );
    return list.length ? list.map(String).join(typeof separator === 'string' ? separator : ' ') : null;
  },
  fullName: (first: unknown, middle: unknown, last: unknown) => fullName(first, middle, last),
  splitList: (value: unknown, separator: unknown) =>
    typeof value === 'string'
      ? value
          .split(typeof separator === 'string' ? separator : ',')
          .map((s) => s.trim())
          .filter(Boolean)
      : value,
  lookup: (table: unknown, keys: unknown, field: unknown, fallback: unknown) => lookup(table, keys, field, fallback),
  matches: (value: unknown, pattern: unknown, flags: unknown) => {
    if (typeof value !== 'string' || typeof pattern !== 'string') return false;
    return regexOf(pattern, typeof flags === 'string' ? flags : '').test(value);
  },
};

let registered = false;

/** Registers the custom operations with json-logic-js once; later calls do nothing. */
export function registerOperations(): void {
  if (registered) return;
  for (const [name, fn] of Object.entries(customOperations)) jsonLogic.add_operation(name, fn);
  registered = true;
}

/** True once registerOperations has run: json-logic-js knows our operations only from then on. */
export function operationsRegistered(): boolean {
  return registered;
}

/** Names of every JSON-Logic operation a definition may use: the built-in ones and ours. */
export const knownOperations = new Set<string>([
  'var',
  'missing',
  'missing_some',
  'if',
  '?:',
  '==',
  '===',
  '!=',
  '!==',
  '!',
  '!!',
  'or',
  'and',
  '>',
  '>=',
  '<',
  '<=',
  'max',
  'min',
  '+',
  '-',
  '*',
  '/',
  '%',
  'map',
  'reduce',
  'filter',
  'all',
  'none',
  'some',
  'merge',
  'in',
  'cat',
  'substr',
  ...Object.keys(customOperations),
]);

export { isBlank, isRealDate };
