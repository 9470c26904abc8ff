import { catalogueEntries } from './lintTranslations.ts';
import { getPath, setPath } from './paths.ts';
import { catalogueOf, pointerSegments, resolveSegments } from './translatableTexts.ts';
import type { DefinitionFiles, JsonObject, StepDefinition } from './types.ts';

/** The texts a catalogue translates, by file (relative to the catalogue's folder): segments and translation. */
function translationsByFile(
  catalogue: unknown,
  lang: string,
): Map<string, { path: string[]; en: string; text: string }[]> {
  const out = new Map<string, { path: string[]; en: string; text: string }[]>();
  for (const [key, entry] of catalogueEntries(catalogue)) {
    const at = key.indexOf('#');
    const text = (entry as unknown as Record<string, unknown>)[lang];
    if (at < 0 || typeof text !== 'string' || !text.trim()) continue;
    const file = key.slice(0, at);
    const list = out.get(file) ?? [];
    list.push({ path: pointerSegments(key.slice(at + 1)), en: entry.en, text });
    out.set(file, list);
  }
  return out;
}

/** `json` with each translated text in place, copying only what changes; a stale entry keeps the English. */
function translate(json: unknown, entries: { path: string[]; en: string; text: string }[]): unknown {
  let out = json as JsonObject;
  for (const { path, en, text } of entries) {
    const at = resolveSegments(out, path);
    if (at && getPath(out, at) === en) out = setPath(out, at, text);
  }
  return out;
}

/**
 * The definition files in a language, before they are loaded (loadDefinitions), so the lists' labels, the names and
 * the messages read the same language. Each text takes its catalogue's translation when the catalogue was written
 * from the English as it is (a stale translation keeps the English).
 * @param files - the definitions and their catalogues (`<step>/i18n/fr.json`, `i18n/fr.json`, `../forms/<insurer>/i18n/fr.json`)
 * @param lang - `en` returns `files` itself, no copy
 * @returns the files, the translated ones copied
 */
export function localizeDefinitions(files: DefinitionFiles, lang: string): DefinitionFiles {
  if (lang === 'en') return files;
  const out: DefinitionFiles = { ...files };
  const catalogues = new Map<string, Map<string, { path: string[]; en: string; text: string }[]>>();
  for (const file of Object.keys(files)) {
    if (file.endsWith(`/i18n/${lang}.json`) || file === `i18n/${lang}.json`) continue;
    const { catalogue, key } = catalogueOf(file, lang);
    if (!(catalogue in files)) continue;
    if (!catalogues.has(catalogue)) catalogues.set(catalogue, translationsByFile(files[catalogue], lang));
    const entries = catalogues.get(catalogue)?.get(key);
    if (entries) out[file] = translate(files[file], entries);
  }
  return out;
}

/**
 * One loaded step in a language (the browser loads steps one by one): its schema, ui, rules and documents take the
 * translations of its catalogue.
 * @param step - the step as loaded in English
 * @param catalogue - its `<step>/i18n/<lang>.json`
 * @param lang - `en` returns `step` itself, no copy
 */
export function localizeStep(step: StepDefinition, catalogue: unknown, lang: string): StepDefinition {
  if (lang === 'en') return step;
  const byFile = translationsByFile(catalogue, lang);
  const part = <T>(file: string, json: T): T => {
    const entries = byFile.get(file);
    return entries ? (translate(json, entries) as T) : json;
  };
  const documents = step.documents
    ? Object.fromEntries(Object.entries(step.documents).map(([n, d]) => [n, part(`documents/${n}.json`, d)]))
    : undefined;
  return {
    ...step,
    schema: part('schema.json', step.schema),
    ui: part('ui.json', step.ui),
    rules: part('rules.json', step.rules),
    ...(documents ? { documents } : {}),
    ...(step.contract ? { contract: part('contract.json', step.contract) } : {}),
  };
}
