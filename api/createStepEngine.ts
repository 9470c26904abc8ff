import { fileURLToPath } from 'node:url';
import { ajvSchemaChecks } from '../engine/ajvSchemaChecks.ts';
import { createEngine } from '../engine/createEngine.ts';
import { loadDefinitions } from '../engine/loadDefinitions.ts';
import { readDefinitionFiles } from '../scripts/readDefinitionFiles.ts';
import type { JsonObject, StepEngine } from './types.ts';

/**
 * Loads steps/ once and creates the engine the server checks every save with.
 * @param stepsDir - the definitions folder; default: steps/ of this repository
 * @throws - DefinitionError when a definition is broken (the server then refuses to start)
 */
export function createStepEngine(stepsDir: string = fileURLToPath(new URL('../steps', import.meta.url))): StepEngine {
  const definitions = loadDefinitions(readDefinitionFiles(stepsDir));
  const engine = createEngine(definitions, ajvSchemaChecks());
  const final = definitions.flow.steps.find((s) => s.final)?.id ?? definitions.order[definitions.order.length - 1];
  const contextUse = new Map<string, boolean>();
  const schemas: { [stepId: string]: JsonObject } = {};
  for (const id of Object.keys(definitions.steps)) schemas[id] = definitions.steps[id].schema;
  return {
    evaluateStep: (stepId, data, options) => engine.evaluateStep(stepId, data, options),
    order: definitions.order,
    finalStep: final,
    hasStep: (stepId) => definitions.order.includes(stepId),
    schemas,
    pageFields: (stepId, given) => {
      const pages = definitions.steps[stepId]?.flow.pages;
      if (!pages?.length) return undefined;
      const fields = new Set(given);
      for (const page of pages) if (page.fields.some((f) => given.includes(f))) for (const f of page.fields) fields.add(f);
      return [...fields];
    },
    usesContext: (stepId, name) => {
      const key = `${stepId}\u0000${name}`;
      let uses = contextUse.get(key);
      if (uses === undefined) {
        uses = JSON.stringify(definitions.steps[stepId]?.rules ?? {}).includes(`"$context.${name}`);
        contextUse.set(key, uses);
      }
      return uses;
    },
  };
}
