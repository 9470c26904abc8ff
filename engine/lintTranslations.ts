import { escapePointer, translatableTexts } from './translatableTexts.ts';
import type { DefinitionFiles, DefinitionProblem } from './types.ts';

/** One entry of a catalogue: the English it was written from, and its translation. */
export interface TranslationEntry {
  en: string;
  fr: string;
}

/** A catalogue (`steps/<id>/i18n/fr.json`): `<file>#<json-pointer>` → entry, and its editor's `$schema`. */
type TranslationCatalogue = { [key: string]: TranslationEntry | string };

/** `{name}`, `${min}`, `{{x}}` and `%s`: what the engine or the app fills in, sorted so their order may change. */
function placeholdersOf(text: string): string[] {
  return (text.match(/\{\{\s*[\w.$]+\s*\}\}|\$?\{[\w.$]+\}|%[sd]/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();
}

/** The entries of a catalogue file (its `$schema` left out). */
export function catalogueEntries(json: unknown): [string, TranslationEntry][] {
  if (!json || typeof json !== 'object') return [];
  return Object.entries(json as TranslationCatalogue).filter(
    (e): e is [string, TranslationEntry] => e[0] !== '$schema' && typeof e[1] === 'object' && e[1] !== null,
  );
}

/**
 * Checks the translations of the definitions into `lang`: a text without translation (missing), a translation of
 * no text (extra), a translation written from another English (stale: the English changed since), an empty
 * translation, and placeholders (`{name}`, `${min}`, `{{x}}`, `%s`) that differ from the English's.
 * @param files - the definitions and their catalogues (`<step>/i18n/fr.json`), as read by readDefinitionFiles
 * @param lang - the language checked (default `fr`)
 * @param outside - also check files kept outside the folder (`../forms/…`, read for flow.json's lists); forms:check
 *   checks those in their own folder, so steps:check leaves them out
 * @returns one problem per mistake, naming the text's file and JSON pointer (or the catalogue's entry)
 */
export function lintTranslations(files: DefinitionFiles, lang = 'fr', outside = false): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const inScope = (file: string): boolean => outside || !file.startsWith('../');
  const texts = translatableTexts(files, lang).filter((t) => inScope(t.file));
  const byCatalogue = new Map<string, Map<string, TranslationEntry>>();
  for (const [file, json] of Object.entries(files)) {
    if (!file.endsWith(`i18n/${lang}.json`) || !inScope(file)) continue;
    byCatalogue.set(file, new Map(catalogueEntries(json)));
  }
  const used = new Set<string>();
  for (const t of texts) {
    const entry = byCatalogue.get(t.catalogue)?.get(t.key);
    used.add(`${t.catalogue}\n${t.key}`);
    if (!entry) {
      problems.push({
        file: t.file,
        path: t.pointer,
        message: `no ${lang} translation of "${t.text}" in ${t.catalogue}`,
      });
      continue;
    }
    const translated = entry[lang as keyof TranslationEntry];
    if (entry.en !== t.text)
      problems.push({
        file: t.file,
        path: t.pointer,
        message: `stale ${lang} translation in ${t.catalogue}: written from "${entry.en}", the English is now "${t.text}"`,
      });
    else if (typeof translated !== 'string' || !translated.trim())
      problems.push({ file: t.file, path: t.pointer, message: `empty ${lang} translation in ${t.catalogue}` });
    else if (placeholdersOf(translated).join() !== placeholdersOf(t.text).join())
      problems.push({
        file: t.file,
        path: t.pointer,
        message: `the ${lang} translation's placeholders [${placeholdersOf(translated).join(', ')}] differ from the English's [${placeholdersOf(t.text).join(', ')}]`,
      });
  }
  for (const [catalogue, entries] of byCatalogue)
    for (const key of entries.keys())
      if (!used.has(`${catalogue}\n${key}`))
        problems.push({
          file: catalogue,
          path: `/${escapePointer(key)}`,
          message: `translates no text: "${key.split('#')[0]}" has no text at ${key.slice(key.indexOf('#') + 1) || '/'}`,
        });
  return problems;
}

/**
 * The catalogue entries the definitions lack or hold stale, by catalogue, with an empty translation to write: the
 * stub for texts added or changed since (`npm run -s i18n:stub`); `git diff` shows a stale entry's former French.
 * @param files - the definitions and their catalogues
 * @param lang - the language (default `fr`)
 */
export function missingTranslations(
  files: DefinitionFiles,
  lang = 'fr',
): { [catalogue: string]: { [key: string]: TranslationEntry } } {
  const out: { [catalogue: string]: { [key: string]: TranslationEntry } } = {};
  for (const t of translatableTexts(files, lang)) {
    const entry = new Map(catalogueEntries(files[t.catalogue])).get(t.key);
    if (entry && entry.en === t.text) continue;
    // A stale entry's French was written for another English: it is no translation of this one.
    (out[t.catalogue] ??= {})[t.key] = { en: t.text, fr: '' };
  }
  return out;
}
