/**
 * Which language a visit is drawn in, with nothing else: the page's inline head start (app/headStart.ts) runs it
 * before the app's code arrives, so it must not bring Lingui or the app's texts with it.
 */
export type Language = 'en' | 'fr';
export const LANGUAGES: readonly Language[] = ['en', 'fr'];

/** The Canadian locale each language formats numbers, money and dates with. */
export const LOCALES: Record<Language, string> = { en: 'en-CA', fr: 'fr-CA' };

/** Where the device keeps the language chosen (localStorage, and a cookie of the same name for the server). */
export const STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'fr';
}

/** The language a visit starts in: the one chosen before on this device, else the browser's first we speak. */
export function initialLanguage(): Language {
  const chosen = readChoice();
  if (chosen) return chosen;
  const spoken = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of spoken) {
    const language = tag.toLowerCase().split('-')[0];
    if (isLanguage(language)) return language;
  }
  return 'en';
}

function readChoice(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The server's messages come in the language shown ("fr-CA, fr;q=0.9"): the app's and the server's texts agree. */
export function acceptLanguage(language: Language): string {
  return `${LOCALES[language]}, ${language};q=0.9`;
}
