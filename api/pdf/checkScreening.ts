import type { Engine, ApplicationData } from '../../engine/index.ts';
import { isObject } from './answerValues.ts';

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
