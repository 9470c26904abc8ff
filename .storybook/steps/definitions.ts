/// <reference types="vite/client" />
/**
 * steps/ in the browser: every JSON file bundled with import.meta.glob, loaded and checked by the engine, once per
 * language. A new step or example is picked up with no code change (the glob matches it).
 *
 * French is the engine's localizeDefinitions over the same files and their catalogues (steps/<id>/i18n/fr.json,
 * steps/i18n/fr.json, forms/<insurer>/i18n/fr.json), exactly as the server and the app's `virtual:steps/fr/<id>`
 * modules build it (scripts/stepModulesPlugin.ts), so a French story draws what a French adviser sees.
 */
import {
  ajvSchemaChecks,
  createEngine,
  loadDefinitions,
  localizeDefinitions,
  type DefinitionFiles,
  type Definitions,
  type Engine,
} from '../../engine/index.ts';
import type { Language } from '../../app/i18n/language.ts';

const raw = import.meta.glob<unknown>('../../steps/**/*.json', { eager: true, import: 'default' });
// flow.json's plans list is kept in the insurers' catalogues, read as readDefinitionFiles reads them, with their
// translations.
const catalogues = import.meta.glob<unknown>(['../../forms/*/catalogue.json', '../../forms/*/i18n/*.json'], {
  eager: true,
  import: 'default',
});

/** steps/ as the engine expects it: paths relative to steps/ (`owner/rules.json`), `_meta/*` included. */
export const definitionFiles: DefinitionFiles = Object.fromEntries([
  ...Object.entries(raw).map(([path, json]) => [path.replace(/^(\.\.\/)+steps\//, ''), json]),
  ...Object.entries(catalogues).map(([path, json]) => [path.replace(/^(\.\.\/)+forms\//, '../forms/'), json]),
]);

/** The English definitions: titles, names and export names of the stories are always these. */
export const definitions = loadDefinitions(definitionFiles);
export const engine = createEngine(definitions, ajvSchemaChecks());

const byLanguage = new Map<Language, { definitions: Definitions; engine: Engine }>([['en', { definitions, engine }]]);

/** The definitions and their engine in a language, built the first time it is asked for. */
export function definitionsIn(language: Language): { definitions: Definitions; engine: Engine } {
  let found = byLanguage.get(language);
  if (!found) {
    const localized = loadDefinitions(localizeDefinitions(definitionFiles, language));
    found = { definitions: localized, engine: createEngine(localized, ajvSchemaChecks()) };
    byLanguage.set(language, found);
  }
  return found;
}
