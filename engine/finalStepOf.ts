import type { FlowDefinition } from './types.ts';

/**
 * The step that completes the screening: the one flow.json marks `final`, else the last. Callers name the
 * generation step through this, never by its id, so product staff may rename or move it.
 * @param flow - steps/flow.json
 * @returns the final step's id
 * @example finalStepOf(definitions.flow) // 'pdf-generation'
 */
export function finalStepOf(flow: Pick<FlowDefinition, 'steps'>): string {
  const steps = flow.steps;
  return (steps.find((s) => s.final) ?? steps[steps.length - 1]).id;
}
