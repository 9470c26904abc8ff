/**
 * The app's language: Lingui's runtime with messages compiled at build (scripts/messagesPlugin.ts). English ships
 * with the entry; French is its own chunk, loaded only when chosen, so it never weighs on an English page.
 * docs/decisions/i18n-app-library.md says why Lingui.
 */
import { i18n } from '@lingui/core';

import { initialLanguage, isLanguage, LANGUAGES, LOCALES, STORAGE_KEY, type Language } from './languageChoice.ts';

export { initialLanguage, isLanguage, LANGUAGES, LOCALES, type Language };

// English areas load themselves as the pages that use them arrive (`import 'virtual:messages/en/<area>'`); until
// then an id reads as itself, as with an empty catalogue.
i18n.activate('en', [LOCALES.en]);

let frenchLoaded = false;

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

export { i18n };
