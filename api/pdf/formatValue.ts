import { titleCase } from '../../engine/index.ts';
import type { Language } from '../definitions/createServerEngine.ts';
import type { Translate } from '../http/serverTexts.ts';
import type { FieldFormat } from './types.ts';

/** The language a document prints in: its words (the server's texts, api/texts) and its money's locale. */
export interface DocumentLocale {
  lang: Language;
  words: Translate;
}

/** English, the spec's texts as they are. */
export const ENGLISH: DocumentLocale = { lang: 'en', words: (text) => text };

const money = (locale: string, digits: number): Intl.NumberFormat =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'CAD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
const FORMATS: Record<Language, { whole: Intl.NumberFormat; cents: Intl.NumberFormat }> = {
  en: { whole: money('en-CA', 0), cents: money('en-CA', 2) },
  fr: { whole: money('fr-CA', 0), cents: money('fr-CA', 2) },
};

/**
 * Canadian dollars in the language's locale, cents only when there are any: `$750,000` (en-CA), `750 000 $` (fr-CA;
 * its narrow no-break space printed as a no-break space, which every face of the PDFs has).
 */
export function formatMoney(value: number, lang: Language = 'en'): string {
  const { whole, cents } = FORMATS[lang];
  return (Number.isInteger(value) ? whole : cents).format(value).replace(/\u202f/g, '\u00a0');
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
 * @param options - value labels (enum, list, yesno), in the document's language
 * @param locale - the document's language (Yes/No, money); default English
 * @example formatValue(750000, 'money') // "$750,000"
 */
export function formatValue(
  value: unknown,
  format: FieldFormat = 'text',
  options?: Record<string, string>,
  locale: DocumentLocale = ENGLISH,
): string {
  if (value === undefined || value === null || value === '') return '';
  const yes = locale.words('Yes');
  const no = locale.words('No');
  switch (format) {
    case 'money':
      return typeof value === 'number' && Number.isFinite(value) ? formatMoney(value, locale.lang) : String(value);
    case 'percent':
      return typeof value === 'number' ? `${Number(value.toFixed(2))}%` : String(value);
    case 'number':
      return String(value);
    case 'yesno':
      if (typeof value !== 'boolean') return String(value);
      return options?.[String(value)] ?? (value ? yes : no);
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
      if (typeof value === 'boolean') return value ? yes : no;
      if (Array.isArray(value))
        return value
          .map((v) => formatValue(v, 'text', undefined, locale))
          .filter(Boolean)
          .join(', ');
      if (typeof value === 'object') return '';
      return String(value);
  }
}
