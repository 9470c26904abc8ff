import { applyLogic } from './effects.ts';
import { isBlank } from './operations.ts';
import type { ApplicationData, Logic, NameDefinitions } from './types.ts';

// One `{var}` per labelOf name, kept: applyLogic compiles each logic object once, so a fresh one per call would recompile.
const labelVars = new WeakMap<object, { var: string }>();

function labelVar(definition: { labelOf: string }): { var: string } {
  let logic = labelVars.get(definition);
  if (!logic || logic.var !== definition.labelOf) {
    logic = { var: definition.labelOf };
    labelVars.set(definition, logic);
  }
  return logic;
}

/**
 * Works out the display names the definitions declare (flow.json `names`): each is JSON-Logic over the answers, or
 * `{ "labelOf": "step.path" }` for the label of a stored choice. A name may use the names declared before it as
 * `$names.<name>`. Blank results are left out, so a template that needs them does not apply.
 * @param names - flow.json `names`, in declaration order
 * @param appData - all answers, keyed by step id
 * @param label - the label of a stored value (the engine's labelOf)
 * @returns - the non-blank names, as text
 * @example resolveNames({ client: { join: [[{ var: 'a.first' }, { var: 'a.last' }]] } }, { a: { first: 'Olivia', last: 'Bennett' } }, () => '')
 */
export function resolveNames(
  names: NameDefinitions | undefined,
  appData: ApplicationData,
  label: (stepId: string, path: string, value: unknown) => string,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (!names) return out;
  const data: Record<string, unknown> = { ...appData, $names: out };
  for (const [name, definition] of Object.entries(names)) {
    let value: unknown;
    if (isLabelOf(definition)) {
      const [stepId, ...rest] = definition.labelOf.split('.');
      const stored = applyLogic(labelVar(definition), data);
      value = isBlank(stored) ? null : label(stepId, rest.join('.'), stored);
    } else {
      value = applyLogic(definition, data);
    }
    if ((typeof value === 'string' || typeof value === 'number') && !isBlank(value))
      out[name] = String(value).replace(/\s+/g, ' ').trim();
  }
  return out;
}

function isLabelOf(definition: Logic): definition is { labelOf: string } {
  return (
    definition !== null &&
    typeof definition === 'object' &&
    !Array.isArray(definition) &&
    typeof (definition as { labelOf?: unknown }).labelOf === 'string'
  );
}

/**
 * Fills a text's `{name}` placeholders from the names.
 * @param text - a template such as "Insured 1: {insured_1}"
 * @param names - from resolveNames
 * @returns - the text, or null when one of its placeholders has no name yet
 * @example fillTemplate('Insured 1: {insured_1}', { insured_1: 'Olivia Bennett' }) // 'Insured 1: Olivia Bennett'
 */
export function fillTemplate(text: string, names: Record<string, string>): string | null {
  let missing = false;
  const filled = text.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = names[name];
    if (value === undefined) missing = true;
    return value ?? '';
  });
  return missing ? null : filled;
}

/** @returns - the placeholders of a template ("{insured_1}" gives "insured_1") */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

/**
 * The first of a list of templates whose every placeholder has a name (flow.json `titles`).
 * @param templates - the alternatives, most specific first
 * @param names - from resolveNames
 * @returns - the filled text, or null when none applies
 */
export function firstTemplate(templates: string[] | undefined, names: Record<string, string>): string | null {
  for (const t of templates ?? []) {
    const filled = fillTemplate(t, names);
    if (filled !== null) return filled;
  }
  return null;
}
