import type { FastifyBaseLogger } from 'fastify';
import { ApiError, badRequest } from './apiError.ts';
import type { ScreeningStore } from './createScreeningStore.ts';
import type { ApplicationData, FieldError, JsonObject, StepEngine } from './types.ts';

export interface SaveOptions {
  /** The client's stored records, when the caller has loaded them already (with the ownership check). */
  data?: ApplicationData;
  /** Facts from outside the answers besides clientId (`$context.previousInsureds`). */
  context?: JsonObject;
  /**
   * A partial save (a page's "Save Progress", a PATCH): only errors of these top-level fields refuse the save.
   * The other fields come from the stored record, which was checked when they were saved.
   */
  fields?: string[];
  /** Maps an error's record path to the path the caller sent (spec envelopes). */
  fieldPath?: (recordPath: string) => string;
}

/** Saves one step record after the engine has checked it; returns the record stored. */
export type SaveStep = (clientId: number, stepId: string, record: JsonObject, options?: SaveOptions) => Promise<JsonObject>;

/**
 * The one save path of every step route, generic or spec-shaped: load the client's records, let the engine
 * evaluate the step over them (effects, computed values, hidden answers dropped, errors), refuse with 400 on
 * any error, else write the engine's values whole in one statement. A refused save writes nothing.
 * @param engine - created once at start
 * @param store - the step records
 * @param log - for engine failures (a bug, reported as 400 so that input never yields a 500)
 */
export function createStepSaver(engine: StepEngine, store: ScreeningStore, log: FastifyBaseLogger): SaveStep {
  return async (clientId, stepId, record, options = {}) => {
    const data: ApplicationData = options.data ? { ...options.data } : await store.load(clientId);
    const previous = data[stepId];
    data[stepId] = record;
    data.$context = { clientId: String(clientId), ...options.context };
    let errors: FieldError[];
    let values: JsonObject;
    try {
      const view = engine.evaluateStep(stepId, data, { previous, fields: options.fields });
      errors = view.errors;
      values = view.values;
    } catch (err) {
      log.error({ err, stepId, clientId }, 'engine failed on a step save');
      throw new ApiError(400, { error: 'The data could not be checked', errors: [{ field: '', message: 'The data could not be checked' }] });
    }
    if (errors.length) {
      const map = options.fieldPath;
      throw badRequest(map ? errors.map((e) => ({ field: map(e.field), message: e.message })) : errors);
    }
    await store.save(clientId, stepId, values);
    return values;
  };
}
