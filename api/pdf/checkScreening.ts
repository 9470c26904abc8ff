import type { Engine } from '../../engine/createEngine.ts';
import type { ApplicationData } from '../../engine/types.ts';
import { isObject } from './answerValues.ts';
import type { IncompleteStep } from './generationErrors.ts';

/**
 * The steps that generation checks: every step of flow.json except the review and the final step,
 * in flow order, that applies to the data (engine.stepApplies).
 */
export function stepsToCheck(engine: Engine, data: ApplicationData): string[] {
  const { flow, order } = engine.definitions;
  const final = flow.steps.find((s) => s.final)?.id;
  return order.filter((stepId) => stepId !== flow.review && stepId !== final && engine.stepApplies(stepId, data));
}

/**
 * Every step that applies and has no saved record or has errors in its definition (engine.evaluateStep).
 * @param engine - the engine over steps/
 * @param data - the saved application data
 * @returns the incomplete steps in flow order (empty when the screening is complete)
 */
export function incompleteSteps(engine: Engine, data: ApplicationData): IncompleteStep[] {
  const out: IncompleteStep[] = [];
  for (const stepId of stepsToCheck(engine, data)) {
    const title = engine.definitions.steps[stepId].flow.title;
    if (!isObject(data[stepId])) {
      out.push({ id: stepId, title, errors: [], missing: true });
      continue;
    }
    const errors = engine.evaluateStep(stepId, data).errors;
    if (errors.length) out.push({ id: stepId, title, errors, missing: false });
  }
  return out;
}

/**
 * The data as the engine sees it now: each applying step's values (computed fields recomputed, hidden answers
 * removed); steps that do not apply are left out, so their answers never reach a form.
 */
export function normalizeData(engine: Engine, data: ApplicationData): ApplicationData {
  const out: ApplicationData = {};
  if (data.$context) out.$context = data.$context;
  for (const stepId of engine.definitions.order) {
    if (!isObject(data[stepId]) || !engine.stepApplies(stepId, data)) continue;
    out[stepId] = engine.evaluateStep(stepId, data).values;
  }
  return out;
}
