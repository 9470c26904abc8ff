/// <reference types="vite/client" />
/**
 * steps/ in the browser: every JSON file bundled with import.meta.glob, loaded and checked by the engine, once.
 * A new step or example is picked up with no code change (the glob matches it).
 */
import { ajvSchemaChecks, createEngine, loadDefinitions, type DefinitionFiles } from '../../engine/index.ts';

const raw = import.meta.glob<unknown>('../../steps/**/*.json', { eager: true, import: 'default' });
// flow.json's plans list is kept in the insurers' catalogues, read as readDefinitionFiles reads them.
const catalogues = import.meta.glob<unknown>('../../forms/*/catalogue.json', { eager: true, import: 'default' });

/** steps/ as the engine expects it: paths relative to steps/ (`owner/rules.json`), `_meta/*` included. */
export const definitionFiles: DefinitionFiles = Object.fromEntries([
  ...Object.entries(raw).map(([path, json]) => [path.replace(/^(\.\.\/)+steps\//, ''), json]),
  ...Object.entries(catalogues).map(([path, json]) => [path.replace(/^(\.\.\/)+forms\//, '../forms/'), json]),
]);

export const definitions = loadDefinitions(definitionFiles);
export const engine = createEngine(definitions, ajvSchemaChecks());
