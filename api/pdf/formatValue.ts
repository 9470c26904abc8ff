import { titleCase } from '../../engine/index.ts';
import type { FieldFormat } from './types.ts';

const WHOLE_DOLLARS = new Intl.NumberFormat('en-CA', {
  style: 'currency',
  currency: 'CAD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const CENTS = new Intl.NumberFormat('en-CA', {
  style: 'currency',
  currency: 'CAD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `$750,000` (en-CA, Canadian dollars; cents only when there are any). */
export function formatMoney(value: number): string {
  return Number.isInteger(value) ? WHOLE_DOLLARS.format(value) : CENTS.format(value);
}

/** A stored code (`income_replacement`, `BMO`), not text the adviser typed (the purpose they named in "other"). */
const isCode = (value: string): boolean => /^[a-z0-9_]+$/.test(value) || /^[A-Z0-9_]+$/.test(value);

const label = (value: unknown, options: Record<string, string> | undefined): string => {
  const key = String(value);
  return options?.[key] ?? (typeof value === 'string' && isCode(value) ? titleCase(value) : key);
};

/**
 * An answer as printed on a form; empty text for no answer.
 * @param value - the raw answer
 * @param format - how to print it (default text)
 * @param options - value labels (enum, list, yesno)
 * @example formatValue(750000, 'money') // "$750,000"
 */
export function formatValue(value: unknown, format: FieldFormat = 'text', options?: Record<string, string>): string {
  if (value === undefined || value === null || value === '') return '';
  switch (format) {
    case 'money':
      return typeof value === 'number' && Number.isFinite(value) ? formatMoney(value) : String(value);
    case 'percent':
      return typeof value === 'number' ? `${Number(value.toFixed(2))}%` : String(value);
    case 'number':
      return String(value);
    case 'yesno':
      if (typeof value !== 'boolean') return String(value);
      return options?.[String(value)] ?? (value ? 'Yes' : 'No');
    case 'enum':
      return label(value, options);
    case 'list':
      return Array.isArray(value)
        ? value
            .filter((v) => v !== null && v !== '')
            .map((v) => label(v, options))
            .join(', ')
        : label(value, options);
    case 'sin': {
      const digits = String(value).replace(/\D/g, '');
      return digits.length === 9 ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : String(value);
    }
    case 'date':
      return String(value);
    default:
      if (typeof value === 'boolean') return value ? 'Yes' : 'No';
      if (Array.isArray(value))
        return value
          .map((v) => formatValue(v))
          .filter(Boolean)
          .join(', ');
      if (typeof value === 'object') return '';
      return String(value);
  }
}
