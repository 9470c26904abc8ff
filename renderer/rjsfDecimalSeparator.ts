/**
 * Stands in for @rjsf/utils' getDecimalSeparator in the app's build (vite.config.ts): rjsf's builds a new
 * Intl.NumberFormat on every call, and its NumberField calls it on every render of every number field (asNumber on
 * every change). On the owner step's second owner that was about 90 ms of a phone's main thread (CPU x4) per render
 * of the whole form. This one answers the same, from one lookup per list of locales (the browser's list may change:
 * a new list is looked up again).
 */
const separators = new Map<string, string>();

/**
 * The decimal separator of the given locales, else of the browser's (navigator.languages), as rjsf's does.
 * @param languages - a locale or a list of them; the browser's when omitted
 * @returns - "." or "," (whatever the locale writes), "." when no locale is known or the list is refused
 */
export default function getDecimalSeparator(languages?: string | readonly string[]): string {
  const locales = languages || (typeof navigator !== 'undefined' ? navigator.languages : undefined);
  if (!locales) return '.';
  const key = typeof locales === 'string' ? locales : locales.join('\n');
  let separator = separators.get(key);
  if (separator === undefined) {
    try {
      const parts = new Intl.NumberFormat(locales as string | string[]).formatToParts(1.1);
      separator = parts.find((part) => part.type === 'decimal')?.value || '.';
    } catch {
      separator = '.';
    }
    separators.set(key, separator);
  }
  return separator;
}
