import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import ajvErrors from 'ajv-errors';
import { compileRules } from './compileRules.ts';
import { applyLogic } from './effects.ts';
import { evaluateStep, type CompiledStep } from './evaluateStep.ts';
import { registerOperations } from './operations.ts';
import type { ApplicationData, Definitions, EvaluateOptions, Logic, PageDefinition, StepView } from './types.ts';

/** The engine over one set of definitions. */
export interface Engine {
  definitions: Definitions;
  /** Everything about one step for the whole application's data (see evaluateStep). */
  evaluateStep(stepId: string, appData: ApplicationData, options?: EvaluateOptions): StepView;
  /** True when a JSON-Logic rule holds over the data (used by flow guards). */
  holds(logic: Logic | undefined, appData: ApplicationData): boolean;
  /** True when the step's showIf holds. */
  stepApplies(stepId: string, appData: ApplicationData): boolean;
  /** The pages of a step that apply now, in order (a step without pages has one implicit page). */
  pagesOf(stepId: string, appData: ApplicationData): PageDefinition[];
  /** True when the step (or one page's fields) has no errors. */
  isValid(stepId: string, appData: ApplicationData, fields?: string[]): boolean;
}

/**
 * Creates the engine: registers the custom operations and compiles each step's schema and rules once,
 * on first use of that step.
 * @param definitions - from loadDefinitions
 * @example const engine = createEngine(defs); engine.evaluateStep('owner', data).errors
 */
export function createEngine(definitions: Definitions): Engine {
  registerOperations();
  const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: false });
  addFormats(ajv, ['date', 'email', 'date-time']);
  ajvErrors(ajv);
  const compiled = new Map<string, CompiledStep>();

  const compile = (stepId: string): CompiledStep => {
    let step = compiled.get(stepId);
    if (step) return step;
    const def = definitions.steps[stepId];
    if (!def) throw new Error(`Unknown step "${stepId}"`);
    step = { id: stepId, validate: ajv.compile(def.schema), rules: compileRules(def.rules, stepId) };
    compiled.set(stepId, step);
    return step;
  };

  const holds = (logic: Logic | undefined, appData: ApplicationData): boolean => {
    if (logic === undefined) return true;
    const v = applyLogic(logic, appData);
    return Array.isArray(v) ? v.length > 0 : Boolean(v);
  };

  const engine: Engine = {
    definitions,
    evaluateStep: (stepId, appData, options) => evaluateStep(compile(stepId), appData, options),
    holds,
    stepApplies: (stepId, appData) => holds(definitions.steps[stepId]?.flow.showIf, appData),
    pagesOf: (stepId, appData) => {
      const flow = definitions.steps[stepId]?.flow;
      if (!flow?.pages) return [{ id: 'main', fields: Object.keys((definitions.steps[stepId]?.schema.properties ?? {}) as object) }];
      return flow.pages.filter((p) => holds(p.showIf, appData));
    },
    isValid: (stepId, appData, fields) => evaluateStep(compile(stepId), appData, { fields }).errors.length === 0,
  };
  return engine;
}
