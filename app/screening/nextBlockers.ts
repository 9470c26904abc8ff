import type { StepDefinition } from '../../engine/index.ts';

/**
 * The fields of a page that keep Next disabled while they have an error: those whose ui.json `ui:options` say
 * `blocksNext` (the spec's "Continue is disabled until filled"). Top-level fields of the page, in its order.
 * @param def - the step's definition
 * @param pageFields - the page's fields; the whole step when it has no pages
 */
export function nextBlockers(def: StepDefinition, pageFields?: string[]): string[] {
  const ui = def.ui as Record<string, { 'ui:options'?: { blocksNext?: unknown } } | undefined>;
  const fields = pageFields ?? Object.keys((def.schema.properties ?? {}) as object);
  return fields.filter((field) => ui[field]?.['ui:options']?.blocksNext === true);
}
