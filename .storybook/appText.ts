/**
 * The app's texts as a play function expects them: in the language the story is drawn in (the toolbar's, or French in
 * the storybook-fr project), read from the app's own catalogues through its Lingui instance, so a story asserts the
 * words the adviser reads in either language.
 */
import { currentLanguage, i18n, type Language } from '../app/i18n/language.ts';

/**
 * One app message in the active language, its placeholders filled.
 * @throws when the catalogue of that language has no such id (Lingui would show the id itself)
 */
export function appText(id: string, values?: Record<string, unknown>): string {
  const text = i18n._(id, values);
  if (text === id) throw new Error(`The app's ${i18n.locale} texts have no "${id}"`);
  return text;
}

/** The part of a message before its `{placeholder}`: "Earlier: " of "Earlier: {dates}". */
export function appTextBefore(id: string, placeholder: string): string {
  const mark = '\u0000';
  return appText(id, { [placeholder]: mark }).split(mark)[0];
}

/** The language the story is drawn in. */
export function storyLanguage(): Language {
  return currentLanguage();
}

/**
 * A text as Testing Library's text queries read the page: its default normalizer collapses every run of white space,
 * the no-break spaces of French typography ("Plus tôt : ") included, into one space. Role queries compare accessible
 * names as they are, so they take the text itself.
 */
export function asShown(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
