import { readDefinitionFiles } from '../../api/definitions/readDefinitionFiles.ts';
import { loadDefinitions, ajvSchemaChecks, createEngine } from '../../engine/index.ts';
import type { ApplicationData, FieldError } from '../../engine/index.ts';

/** The real definitions from steps/, loaded once per test file. */
export const definitions = loadDefinitions(readDefinitionFiles('steps'));
export const engine = createEngine(definitions, ajvSchemaChecks());

/** A deep copy of steps/<stepId>/examples/<name>.json's data, safe to change in a test. */
export function example(stepId: string, name: string): ApplicationData {
  const ex = definitions.steps[stepId]?.examples[name];
  if (!ex) throw new Error(`no example ${stepId}/${name}`);
  return structuredClone(ex.data);
}

/** The errors of one step over the application's data. */
export function errorsOf(stepId: string, data: ApplicationData): FieldError[] {
  return engine.evaluateStep(stepId, data).errors;
}
