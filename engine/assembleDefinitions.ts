import type {
  ContractDefinition,
  Definitions,
  DocumentMapping,
  ExampleDefinition,
  FlowDefinition,
  FlowStepDefinition,
  JsonSchema,
  RulesDefinition,
  StepDefinition,
  UiDefinition,
} from './types.ts';

/** Removes the editor-only "$schema" key so ajv and rjsf see a plain schema. */
export function stripSchemaKey<T extends Record<string, unknown>>(json: T): T {
  if (!json || typeof json !== 'object' || !('$schema' in json)) return json;
  const copy = { ...json };
  delete copy.$schema;
  return copy;
}

/** A step folder's three files, parsed. */
export interface StepParts {
  schema: unknown;
  ui: unknown;
  rules: unknown;
}

/**
 * One step's definition from its flow.json entry and its files (already checked).
 * @param flowStep - the step's entry in flow.json
 * @param parts - schema.json, ui.json and rules.json
 * @param examples - its examples, by name
 */
export function assembleStep(
  flowStep: FlowStepDefinition,
  parts: StepParts,
  examples: Record<string, ExampleDefinition> = {},
  documents?: Record<string, DocumentMapping>,
  contract?: ContractDefinition,
): StepDefinition {
  const clean = (json: unknown): Record<string, unknown> => stripSchemaKey((json ?? {}) as Record<string, unknown>);
  return {
    id: flowStep.id,
    flow: flowStep,
    schema: clean(parts.schema) as JsonSchema,
    ui: clean(parts.ui) as UiDefinition,
    rules: clean(parts.rules) as RulesDefinition,
    examples,
    ...(documents && Object.keys(documents).length ? { documents } : {}),
    ...(contract ? { contract } : {}),
  };
}

/**
 * The definitions from flow.json and the steps loaded so far.
 * @param flow - flow.json without its "$schema"
 * @param steps - assembled steps; the browser starts with none and adds each when first needed
 */
export function assembleDefinitions(flow: FlowDefinition, steps: Record<string, StepDefinition> = {}): Definitions {
  return { flow, steps, order: flow.steps.map((s) => s.id) };
}

/** @returns - flow.json's screening steps and its forms (a form is a step outside the screening order). */
export function flowEntries(flow: FlowDefinition): FlowStepDefinition[] {
  return [...flow.steps, ...(flow.forms ?? []).map((f) => ({ id: f.id, title: f.title }))];
}
