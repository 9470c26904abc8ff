/**
 * The app's language: Lingui's runtime with messages compiled at build (scripts/messagesPlugin.ts). English ships
 * with the entry; French is its own chunk, loaded only when chosen, so it never weighs on an English page.
 * docs/decisions/i18n-app-library.md says why Lingui.
 */
import { i18n } from '@lingui/core';

export type Language = 'en' | 'fr';
export const LANGUAGES: readonly Language[] = ['en', 'fr'];

/** The Canadian locale each language formats numbers, money and dates with. */
export const LOCALES: Record<Language, string> = { en: 'en-CA', fr: 'fr-CA' };

const STORAGE_KEY = 'language';

// English areas load themselves as the pages that use them arrive (`import 'virtual:messages/en/<area>'`); until
// then an id reads as itself, as with an empty catalogue.
i18n.activate('en', [LOCALES.en]);

let frenchLoaded = false;

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

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'fr';
}

/** Switches the app's texts, `<html lang>` and remembers the choice on this device. */
export async function activateLanguage(language: Language): Promise<void> {
  if (language === 'fr' && !frenchLoaded) {
    i18n.load('fr', (await import('virtual:messages/fr')).messages);
    frenchLoaded = true;
  }
  i18n.activate(language, [LOCALES[language]]);
  if (typeof document !== 'undefined') document.documentElement.lang = LOCALES[language];
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private browsing may refuse storage: the choice then lasts the visit.
  }
  // The server names in a page's HTML the step definition to download in this language (api/http/pageHints.ts).
  if (typeof document !== 'undefined')
    document.cookie = `${STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** The language shown now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}

function readChoice(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export { i18n };
