/**
 * Money and numbers written and read in the page's locale, for the forms (renderer/options.ts re-exports them) and the
 * app's lists (app/format.ts). Nothing else here: the lists' pages load this without the engine or rjsf.
 */

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
