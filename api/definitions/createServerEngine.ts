import { createHash } from 'node:crypto';
import {
  finalStepOf,
  ajvSchemaChecks,
  createEngine,
  type Engine,
  loadDefinitions,
  localizeDefinitions,
} from '../../engine/index.ts';
import { fileURLToPath } from 'node:url';
import stableStringify from 'fast-json-stable-stringify';
import type { JsonObject } from '../../engine/index.ts';
import { readDefinitionFiles } from './readDefinitionFiles.ts';

/** The engine as the server uses it: the whole engine, plus what the server asks of the flow once. */
export interface ServerEngine extends Engine {
  /** Step ids in flow order (the spec's 14 steps). */
  order: string[];
  /** The first step of the flow. */
  firstStep: string;
  /** The step whose arrival completes the screening (flow.json `final`). */
  finalStep: string;
  /** The review step (flow.json `review`). */
  reviewStep: string;
  /** True for a step of the screening order (a record can be saved for it); forms are not steps. */
  isScreeningStep(stepId: string): boolean;
  /** The JSON Schema of each step's and form's record, for the OpenAPI document. */
  schemas: { [stepId: string]: JsonObject };
  /**
   * The top-level fields a partial save of these fields must check: every field of each page (flow.json) that
   * holds one of them. undefined for a step without pages, which is one page: everything is checked.
   */
  pageFields(stepId: string, given: string[]): string[] | undefined;
  /** Whether a step's rules read `$context.<name>` (so the server only gathers facts a step needs). */
  usesContext(stepId: string, name: string): boolean;
  /** A content hash of steps/ (the version of the definitions an application was started on). */
  version: string;
  /**
   * The same engine over the definitions in a language (their i18n catalogues): the same rules, so the same errors,
   * with the language's messages. 'en' is this engine; another is made once, when first asked.
   */
  localized(lang: Language): Engine;
}

/** The languages the definitions are written in. */
export type Language = 'en' | 'fr';

/** The project's steps/ folder. */
export const STEPS_DIR = fileURLToPath(new URL('../../steps', import.meta.url));

/**
 * Loads steps/ once and creates the one engine of a server: saves, contract calls and generation all use it.
 * Every step's schema and rules are compiled now, so no request pays for it.
 * @param stepsDir - the definitions folder; default: steps/ of this repository
 * @throws - DefinitionError when a definition is broken (the server then refuses to start)
 */
export function createServerEngine(stepsDir: string = STEPS_DIR): ServerEngine {
  const files = readDefinitionFiles(stepsDir);
  const definitions = loadDefinitions(files);
  // A translation is no new question: the version hashes the definitions without their catalogues.
  const english = Object.fromEntries(Object.entries(files).filter(([file]) => !file.includes('i18n/')));
  const version = createHash('sha256').update(stableStringify(english)).digest('hex').slice(0, 16);
  const engine = createEngine(definitions, ajvSchemaChecks());
  const engines = new Map<Language, Engine>();
  const localized = (lang: Language): Engine => {
    if (lang === 'en') return engine;
    let other = engines.get(lang);
    if (!other) {
      other = createEngine(loadDefinitions(localizeDefinitions(files, lang)), ajvSchemaChecks());
      engines.set(lang, other);
    }
    return other;
  };
  const { flow, order } = definitions;
  const finalStep = finalStepOf(flow);
  const contextUse = new Map<string, boolean>();
  const schemas: { [stepId: string]: JsonObject } = {};
  for (const id of Object.keys(definitions.steps)) {
    schemas[id] = definitions.steps[id].schema;
    engine.evaluateStep(id, {});
  }
  return Object.assign(engine, {
    version,
    localized,
    order,
    firstStep: order[0],
    finalStep,
    reviewStep: flow.review,
    isScreeningStep: (stepId: string) => order.includes(stepId),
    schemas,
    pageFields: (stepId: string, given: string[]) => {
      const pages = definitions.steps[stepId]?.flow.pages;
      if (!pages?.length) return undefined;
      const fields = new Set(given);
      for (const page of pages)
        if (page.fields.some((f) => given.includes(f))) for (const f of page.fields) fields.add(f);
      return [...fields];
    },
    usesContext: (stepId: string, name: string) => {
      const key = `${stepId}\u0000${name}`;
      let uses = contextUse.get(key);
      if (uses === undefined) {
        const def = definitions.steps[stepId];
        uses = JSON.stringify([def?.rules ?? {}, def?.contract ?? {}]).includes(`"$context.${name}`);
        contextUse.set(key, uses);
      }
      return uses;
    },
  });
}
