/**
 * The app's display formats, one formatter per kind, in the language shown (its locale, LOCALES: en-CA or fr-CA, is
 * `<html lang>`): money and numbers through Intl ("$530,000" / "530 000 $"); dates stay ISO "2026-11-26" and phones
 * "(514) 555-0142" in both, as Canadian forms write them. The forms draw money and numbers with the renderer's
 * formatters, which these reuse, so an amount reads the same in a list and in a step.
 */
import { formatMoney, formatNumber } from '../renderer/numberFormats.ts';

export { formatNumber };

const EMPTY = '-';

/**
 * A 10-digit phone as (xxx) xxx-xxxx, the North American way; other values as typed; a missing phone as "-".
 * @example formatPhone('4165551234') // "(416) 555-1234"
 */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone || !phone.trim()) return EMPTY;
  const digits = phone.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (ten.length === 10) return `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
  return phone.trim();
}

function toDate(value: string): Date | null {
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  // A bare date is a calendar day, not midnight UTC: build it locally so it never shifts a day.
  const date = dateOnly ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * A date or timestamp as en-CA's numeric date, "2024-01-05": the format of the forms' date fields in an en-CA
 * browser, and never read day-first or month-first by mistake. Missing or unreadable as "-".
 * @param value - "YYYY-MM-DD" or an ISO timestamp (shown as the local day).
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return EMPTY;
  const date = toDate(value);
  return date ? `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` : EMPTY;
}

/**
 * A timestamp's local time of day, "14:05" (24 h, in both languages); missing or unreadable as "-".
 * @param value - an ISO timestamp
 */
export function formatTime(value: string | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? `${pad(date.getHours())}:${pad(date.getMinutes())}` : EMPTY;
}

/**
 * A timestamp as "2024-01-05 14:05" (local time, 24 h); missing or unreadable as "-".
 * @param value - an ISO timestamp
 */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return EMPTY;
  const date = toDate(value);
  return date ? `${formatDate(value)} ${formatTime(value)}` : EMPTY;
}

/**
 * Canadian dollars in whole dollars (the forms' money format, renderer's formatMoney) in the language shown, or null
 * when there is no amount (shown as "Not set").
 * @example formatCad(500000) // "$500,000" in English, "500 000 $" in French
 */
export function formatCad(amount: number | string | null | undefined): string | null {
  if (amount === null || amount === undefined || amount === '') return null;
  // The API sends amounts as numbers or plain decimal strings ("530000.00"), never in a locale's format.
  const n = typeof amount === 'number' ? amount : Number(String(amount).replace(/[$,\s]/g, ''));
  return Number.isFinite(n) ? formatMoney(Math.round(n)) : null;
}

/**
 * Text as a file-name part: lower case, accents dropped, anything else between words as one dash.
 * @example slug('Hélène Côté-Roy') // "helene-cote-roy"
 */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Empty values as "-". */
export function orDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY;
  const text = String(value).trim();
  return text ? text : EMPTY;
}

/** snake_case to Title Case: "critical_illness" -> "Critical Illness". */
export function titleCase(value: string): string {
  return value
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** "First Last", trimmed. */
export function fullName(person: { first_name?: string | null; last_name?: string | null }): string {
  return [person.first_name, person.last_name]
    .filter((part) => part && part.trim())
    .join(' ')
    .trim();
}
