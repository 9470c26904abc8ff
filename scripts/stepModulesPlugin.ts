/**
 * Vite plugin: steps/ as modules the browser loads one step at a time, with their JSON Schema checks precompiled.
 *
 * - `virtual:steps` exports `flow` (flow.json) and `loaders`, one `() => import('virtual:steps/<id>')` per step and form;
 *   `virtual:step-loaders` exports the loaders alone.
 * - `virtual:steps/<id>` exports the step's `schema`, `ui` and `rules`, `record` (the check of its record) and
 *   `conditions` (a check per `if` condition, by conditionKey), compiled by ajv's standalone code from the engine's
 *   own ajv configuration (createAjv), so the browser ships no schema compiler and judges a record as the server does.
 *
 * - French (docs/decisions/i18n-app-library.md): `virtual:steps/fr` exports the French `flow` and `loaders`, one
 *   `() => import('virtual:steps/fr/<id>')` per step, each the step over its French catalogue (the engine's
 *   localizeDefinitions over steps/<id>/i18n/fr.json and steps/i18n/fr.json). Only the French wizard imports them, so
 *   French costs nothing on an English page.
 *
 * The definitions are loaded with loadDefinitions, so a broken steps/ fails the build with the file, path and reason.
 */
import { dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { Plugin, ViteDevServer } from 'vite';
import { flowEntries, conditionSchemas, createAjv, loadDefinitions, localizeDefinitions } from '../engine/index.ts';
import type { Definitions, DocumentScope, RulesDefinition, StepDefinition } from '../engine/index.ts';
import { readDefinitionFiles } from '../api/definitions/readDefinitionFiles.ts';
import { ajvFormatsModule } from './ajvFormatsModule.ts';
import { compileHinted } from './compileHintsPlugin.ts';

const ROOT_ID = 'virtual:steps';
const STEP_PREFIX = `${ROOT_ID}/`;
const RESOLVED_ROOT = `\0${ROOT_ID}`;
const RESOLVED_STEP = `\0${STEP_PREFIX}`;
const LOADERS_ID = 'virtual:step-loaders';
const RESOLVED_LOADERS = `\0${LOADERS_ID}`;
/** The languages other than English the wizard is built in. */
const LANGUAGES = ['fr'] as const;
type OtherLanguage = (typeof LANGUAGES)[number];
/** ajv-formats' full formats, one export each (scripts/ajvFormatsModule.ts): a check carries the formats it names. */
const FORMATS_ID = 'virtual:ajv-formats';
const RESOLVED_FORMATS = `\0${FORMATS_ID}`;

/** A step's own module (`\0virtual:steps/owner`, `\0virtual:steps/fr/owner`), not a language's root. */
function isStepModule(id: string): boolean {
  if (!id.startsWith(RESOLVED_STEP)) return false;
  const [first, rest] = id.slice(RESOLVED_STEP.length).split('/');
  return !LANGUAGES.some((l) => l === first) || rest !== undefined;
}

const defaultStepsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../steps');

function rootModule(defs: Definitions): string {
  return [
    `export const flow = ${JSON.stringify(defs.flow)};`,
    `export { loaders } from ${JSON.stringify(LOADERS_ID)};`,
  ].join('\n');
}

/** Only the loaders: small enough for the app's entry, which starts the opened step's download at once. */
function loadersModule(defs: Definitions, prefix = STEP_PREFIX): string {
  const loaders = flowEntries(defs.flow).map(
    (s) => `  ${JSON.stringify(s.id)}: () => import(${JSON.stringify(prefix + s.id)}),`,
  );
  return ['export const loaders = {', ...loaders, '};'].join('\n');
}

/** A language's flow and the loaders of its steps, in one module: the wizard imports it when it opens in it. */
function languageRootModule(defs: Definitions, language: OtherLanguage): string {
  return [`export const flow = ${JSON.stringify(defs.flow)};`, loadersModule(defs, `${STEP_PREFIX}${language}/`)].join(
    '\n',
  );
}

/**
 * The standalone code of a step's checks. ajv's ESM output still `require`s its runtime helpers, which become imports;
 * the record schema it embeds is the step's exported `schema`, not a second copy.
 */
function checksCode(step: StepDefinition): string {
  const ajv = createAjv({ source: true, esm: true, formats: _`formats` });
  ajv.addSchema(step.schema, 'record');
  const exports: Record<string, string> = { record: 'record' };
  const keys: [string, string][] = [];
  [...conditionSchemas(step.schema)].forEach(([key, schema], i) => {
    ajv.addSchema(schema, `c${i}`);
    exports[`c${i}`] = `c${i}`;
    keys.push([key, `c${i}`]);
  });
  let code = standaloneCode(ajv, exports).replace(/^"use strict";/, '');
  const imports: string[] = [];
  const required = new Map<string, string>();
  code = code.replace(/require\(("[^"]+")\)/g, (_whole, spec: string) => {
    let name = required.get(spec);
    if (!name) {
      name = `__runtime${required.size}`;
      required.set(spec, name);
      imports.push(`import * as ${name} from ${spec};`);
    }
    return name;
  });
  if (/\bformats\b/.test(code)) imports.push(`import * as formats from ${JSON.stringify(FORMATS_ID)};`);
  const embedded = `= ${JSON.stringify(step.schema)};`;
  if (code.includes(embedded)) code = code.replace(embedded, '= schema;');
  const conditions = keys.map(([key, name]) => `  ${JSON.stringify(key)}: ${name},`);
  return [...imports, code, 'export const conditions = {', ...conditions, '};'].join('\n');
}

/**
 * A document's scope alone, without its mapping: the page offering a per-value document (the insurers to generate)
 * asks the engine which values the answers have rows of (valuesInScope), with the server's own definition.
 */
function scopesOf(step: StepDefinition): Record<string, { scope: DocumentScope; document: null }> {
  const out: Record<string, { scope: DocumentScope; document: null }> = {};
  for (const [name, mapping] of Object.entries(step.documents ?? {}))
    if (mapping.scope) out[name] = { scope: mapping.scope, document: null };
  return out;
}

/**
 * A rule set without what each rule says of itself for product staff and the API document (`description`), which the
 * browser never shows: about 0.8 KB brotli of the owner step's module. The rules themselves are as written.
 */
function ruleSetWithoutNotes(set: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(set).map(([kind, rules]: [string, unknown]) => [
      kind,
      Array.isArray(rules) && kind !== 'each'
        ? rules.map((rule: unknown) => {
            if (!rule || typeof rule !== 'object') return rule;
            const { description: _note, ...kept } = rule as Record<string, unknown>;
            return kind === 'groups' ? ruleSetWithoutNotes(kept) : kept;
          })
        : rules,
    ]),
  );
}

/** The step's rules as the browser needs them: without `$schema` (an editor's hint) and the rules' notes. */
function browserRules(rules: RulesDefinition): Record<string, unknown> {
  const { $schema: _editorHint, ...sets } = rules;
  return ruleSetWithoutNotes(sets);
}

/** Whether a JSON Schema says `keyword` anywhere (as a key of one of its objects). */
function usesKeyword(schema: unknown, keyword: string): boolean {
  if (Array.isArray(schema)) return schema.some((item) => usesKeyword(item, keyword));
  if (!schema || typeof schema !== 'object') return false;
  return Object.entries(schema).some(([key, value]) => key === keyword || usesKeyword(value, keyword));
}

function stepModule(step: StepDefinition, keywordModules: Record<string, string>): string {
  const needs = Object.entries(keywordModules)
    .filter(([keyword]) => usesKeyword(step.schema, keyword))
    .map(([, module]) => `import ${JSON.stringify(module)};`);
  return [
    ...needs,
    `export const schema = ${JSON.stringify(step.schema)};`,
    `export const ui = ${JSON.stringify(step.ui)};`,
    `export const rules = ${JSON.stringify(browserRules(step.rules))};`,
    `export const documents = ${JSON.stringify(scopesOf(step))};`,
    checksCode(step),
  ].join('\n');
}

/**
 * @param stepsDir - the steps folder (default: the project's steps/)
 * @param options.keywordModules - by JSON Schema keyword, a module the step's module imports when its schema says that
 *   keyword: what the browser needs to draw such a schema and does not load for every step (the app's build: rjsf's
 *   merge of `allOf`, renderer/allOfMerge.ts)
 * @returns the plugin serving `virtual:steps` and `virtual:steps/<id>`
 */
export function stepModulesPlugin(
  stepsDir = defaultStepsDir,
  { keywordModules = {} }: { keywordModules?: Record<string, string> } = {},
): Plugin {
  let cached: Definitions | undefined;
  const definitions = (): Definitions => (cached ??= loadDefinitions(readDefinitionFiles(stepsDir)));
  const localized = new Map<OtherLanguage, Definitions>();
  const definitionsIn = (language: OtherLanguage): Definitions => {
    let defs = localized.get(language);
    if (!defs) {
      defs = loadDefinitions(localizeDefinitions(readDefinitionFiles(stepsDir), language));
      localized.set(language, defs);
    }
    return defs;
  };
  return {
    name: 'insure:step-modules',
    enforce: 'pre',
    resolveId(id) {
      return id === ROOT_ID || id === LOADERS_ID || id === FORMATS_ID || id.startsWith(STEP_PREFIX)
        ? `\0${id}`
        : undefined;
    },
    load(id) {
      if (id === RESOLVED_ROOT) return rootModule(definitions());
      if (id === RESOLVED_LOADERS) return loadersModule(definitions());
      if (id === RESOLVED_FORMATS) return ajvFormatsModule();
      if (!id.startsWith(RESOLVED_STEP)) return undefined;
      const [first, rest] = id.slice(RESOLVED_STEP.length).split('/');
      const language = LANGUAGES.find((l) => l === first);
      if (language && rest === undefined) return languageRootModule(definitionsIn(language), language);
      const defs = language ? definitionsIn(language) : definitions();
      const stepId = language ? rest : first;
      const step = defs.steps[stepId];
      if (!step) throw new Error(`steps/${stepId} is not listed in steps/flow.json`);
      return stepModule(step, keywordModules);
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        // A step's checks are called as its form is first drawn (the engine judges the record): ajv's code for a
        // large step, compiled lazily there, was about 70 ms of a phone's main thread (owner, CPU x4).
        if (chunk.type === 'chunk' && chunk.moduleIds.some(isStepModule)) chunk.code = compileHinted(chunk.code);
      }
    },
    configureServer(server: ViteDevServer) {
      // The insurers' catalogues are flow.json's plans list.
      const formsDir = resolve(stepsDir, '../forms');
      server.watcher.add([stepsDir, formsDir]);
      const onChange = (file: string): void => {
        const catalogue = file.startsWith(formsDir + sep) && file.endsWith(`${sep}catalogue.json`);
        if (!catalogue && (!file.startsWith(stepsDir + sep) || file.includes(`${sep}examples${sep}`))) return;
        cached = undefined;
        localized.clear();
        const graph = server.environments?.client?.moduleGraph ?? server.moduleGraph;
        for (const id of [...(graph.idToModuleMap?.keys() ?? [])]) {
          if (id === RESOLVED_ROOT || id === RESOLVED_LOADERS || id.startsWith(RESOLVED_STEP)) {
            const mod = graph.getModuleById(id);
            if (mod) graph.invalidateModule(mod);
          }
        }
        server.ws.send({ type: 'full-reload' });
      };
      server.watcher.on('add', onChange);
      server.watcher.on('unlink', onChange);
      server.watcher.on('change', onChange);
    },
  };
}
