import { flowEntries } from './assembleDefinitions.ts';
import { compileRules } from './compileRules.ts';
import { conditionKey } from './conditionKey.ts';
import { applyLogic } from './effects.ts';
import { draftErrors } from './draftErrors.ts';
import { evaluateStep, type CompiledStep } from './evaluateStep.ts';
import { ENGLISH_WORDS, fieldAt, labelOf, titleCase } from './labelOf.ts';
import { splitPath } from './paths.ts';
import { mapDocument } from './mapDocument.ts';
import { lostAnswers } from './lostAnswers.ts';
import { firstTemplate, resolveNames } from './resolveNames.ts';
import { registerOperations } from './operations.ts';
import type {
  ApplicationData,
  Definitions,
  JsonObject,
  LostAnswers,
  EvaluateOptions,
  FieldError,
  IncompleteStep,
  RetiredAnswers,
  ReviewLayout,
  ReviewSection,
  JsonSchema,
  Logic,
  PageDefinition,
  SchemaCheck,
  SchemaChecks,
  StepDefinition,
  StepView,
} from './types.ts';

/** The engine over one set of definitions. */
export interface Engine {
  /** The flow, and the steps loaded so far (all of them on the server; the browser adds each when first needed). */
  definitions: Definitions;
  /** Adds steps loaded after the engine was created. */
  addSteps(steps: StepDefinition[]): void;
  /** True when the step's definition is loaded. */
  hasStep(stepId: string): boolean;
  /** Everything about one step for the whole application's data (see evaluateStep). */
  evaluateStep(stepId: string, appData: ApplicationData, options?: EvaluateOptions): StepView;
  /** The display names the definitions declare (flow.json `names`) over the answers; unknown ones are left out. */
  names(appData: ApplicationData): Record<string, string>;
  /** One of flow.json's named texts over the answers ("Olivia Bennett · Term Life"), or null while nobody is named. */
  title(name: string, appData: ApplicationData): string | null;
  /**
   * The saved answers, in every step, that a new record of one step would drop (the adviser is asked first).
   * Steps not loaded yet (in the browser) are not checked.
   */
  lostAnswers(stepId: string, record: JsonObject, appData: ApplicationData): LostAnswers[];
  /** True when a JSON-Logic rule holds over the data (used by flow guards). */
  holds(logic: Logic | undefined, appData: ApplicationData): boolean;
  /** True when the step's showIf (in flow.json) holds. */
  stepApplies(stepId: string, appData: ApplicationData): boolean;
  /** The pages of a step that apply now, in order (a step without pages has one implicit page). */
  pagesOf(stepId: string, appData: ApplicationData): PageDefinition[];
  /**
   * The screening steps that apply to the data and are not in good order: no saved record, or errors in their
   * definition. Flow order; the review and the final step are never listed. A step whose definition is not loaded
   * yet (in the browser) is listed only when it has no record.
   */
  incompleteSteps(appData: ApplicationData): IncompleteStep[];
  /**
   * The steps that apply whose saved records hold answers to questions their definitions no longer ask (the
   * definitions changed since): the review flags them; they are left out of every check, save and generated file.
   */
  retiredAnswers(appData: ApplicationData): RetiredAnswers[];
  /**
   * The review's sections: every screening step of the flow in flow order, under its flow title, except those the
   * review step's `ui:review` excludes; `ui:review.order` moves the steps it lists first, in its order.
   */
  reviewSections(): ReviewSection[];
  /**
   * The fields the step's rules mark `required: true` whenever they show, as relative paths with `*` for the
   * rows of an array: what a form marks as required.
   * @example engine.requiredFields('owner') // ['owner_type', 'first_name', 'beneficiaries.*.name', ...]
   */
  requiredFields(stepId: string): string[];
  /**
   * The errors of a draft of a step record (a page saved before the step is done): unknown fields, wrong types and
   * answers over their bounds; patterns, options and rules are left for the save.
   */
  draftErrors(stepId: string, record: unknown): FieldError[];
  /** True when the step (or one page's fields) has no errors. */
  isValid(stepId: string, appData: ApplicationData, fields?: string[]): boolean;
  /** True when a value matches one `if` condition of the step's schema (a form resolving its `then` branches). */
  matchesCondition(stepId: string, condition: JsonSchema, value: unknown): boolean;
  /** The label of a value of a field, as the adviser saw it (see labelOf). */
  labelOf(stepId: string, path: string, value: unknown): string;
  /**
   * Builds one of a step's documents (steps/<id>/documents/<name>.json) over the data (see mapDocument).
   * @throws DocumentCheckError when a check of the mapping holds; Error when the step has no such document
   */
  mapDocument(stepId: string, name: string, data: ApplicationData | Record<string, unknown>): unknown;
}

/**
 * Creates the engine: registers the custom operations and compiles each step's schema check and rules once,
 * on first use of that step.
 * @param definitions - from loadDefinitions; `steps` may hold only some steps when more are added later
 * @param checks - where schema checks come from: ajvSchemaChecks() at run time, or precompiled code in the browser
 * @example const engine = createEngine(defs, ajvSchemaChecks()); engine.evaluateStep('owner', data).errors
 */
export function createEngine(definitions: Definitions, checks: SchemaChecks): Engine {
  registerOperations();
  const compiled = new Map<string, CompiledStep>();
  const conditions = new Map<string, SchemaCheck>();
  const conditionKeys = new WeakMap<JsonSchema, string>();
  const flowSteps = new Map(flowEntries(definitions.flow).map((s) => [s.id, s]));

  const definitionOf = (stepId: string): StepDefinition => {
    const def = definitions.steps[stepId];
    if (def) return def;
    throw new Error(flowSteps.has(stepId) ? `Step "${stepId}" is not loaded yet` : `Unknown step "${stepId}"`);
  };

  const compile = (stepId: string): CompiledStep => {
    let step = compiled.get(stepId);
    if (step) return step;
    const def = definitionOf(stepId);
    step = {
      id: stepId,
      validate: checks.record(stepId, def.schema),
      rules: compileRules(def.rules, stepId),
      names,
      lists: definitions.flow.lists,
      multiline: (path) => fieldAt(def.schema, def.ui, splitPath(path))?.ui['ui:widget'] === 'textarea',
    };
    compiled.set(stepId, step);
    return step;
  };

  const words = definitions.flow.words ?? ENGLISH_WORDS;
  // A step not loaded yet (in the browser) has no labels: its codes are title-cased, as labelOf does for coded enums.
  const names = (appData: ApplicationData): Record<string, string> =>
    resolveNames(definitions.flow.names, appData, (s, p, v) =>
      definitions.steps[s] || typeof v !== 'string' ? labelOf(definitions.steps[s], p, v, words) : titleCase(v),
    );

  // Flow guards read the shared lists as step rules do ($lists.plans: what a chosen plan requires).
  const lists = definitions.flow.lists;
  const holds = (logic: Logic | undefined, appData: ApplicationData): boolean => {
    if (logic === undefined) return true;
    const v = applyLogic(logic, lists ? { ...appData, $lists: lists } : appData);
    return Array.isArray(v) ? v.length > 0 : Boolean(v);
  };

  return {
    definitions,
    addSteps: (steps) => {
      for (const step of steps) definitions.steps[step.id] = step;
    },
    hasStep: (stepId) => stepId in definitions.steps,
    evaluateStep: (stepId, appData, options) => evaluateStep(compile(stepId), appData, options),
    holds,
    requiredFields: (stepId) => [
      ...new Set(
        compile(stepId)
          .rules.validation.filter((r) => r.required)
          .map((r) => r.field),
      ),
    ],
    names,
    lostAnswers: (stepId, record, appData) =>
      lostAnswers(
        { order: definitions.order, steps: definitions.steps, evaluate: (id, data) => evaluateStep(compile(id), data) },
        stepId,
        record,
        appData,
      ),
    title: (name, appData) => firstTemplate(definitions.flow.titles?.[name], names(appData)),
    stepApplies: (stepId, appData) => holds(flowSteps.get(stepId)?.showIf, appData),
    pagesOf: (stepId, appData) => {
      const pages = flowSteps.get(stepId)?.pages;
      if (!pages)
        return [{ id: 'main', fields: Object.keys((definitionOf(stepId).schema.properties ?? {}) as object) }];
      return pages.filter((p) => holds(p.showIf, appData));
    },
    reviewSections: () => {
      const { flow } = definitions;
      const review = ((definitions.steps[flow.review]?.ui as Record<string, unknown> | undefined)?.['ui:review'] ??
        {}) as ReviewLayout;
      const excluded = new Set(review.exclude ?? []);
      const steps = flow.steps.filter((s) => s.id !== flow.review && !s.final && !excluded.has(s.id));
      const first = (review.order ?? []).flatMap((id) => steps.filter((s) => s.id === id));
      return [...first, ...steps.filter((s) => !first.includes(s))].map((s) => ({ step: s.id, title: s.title }));
    },
    retiredAnswers: (appData) => {
      const out: RetiredAnswers[] = [];
      for (const stepId of definitions.order) {
        const entry = flowSteps.get(stepId);
        const record = appData[stepId];
        if (
          !entry ||
          !(stepId in definitions.steps) ||
          !record ||
          typeof record !== 'object' ||
          Array.isArray(record) ||
          !holds(entry.showIf, appData)
        )
          continue;
        const { retired } = evaluateStep(compile(stepId), appData, { previous: record as JsonObject });
        if (retired.length) out.push({ id: stepId, title: entry.title, fields: retired });
      }
      return out;
    },
    incompleteSteps: (appData) => {
      const { flow, order } = definitions;
      const out: IncompleteStep[] = [];
      for (const stepId of order) {
        const entry = flowSteps.get(stepId);
        if (!entry || stepId === flow.review || entry.final || !holds(entry.showIf, appData)) continue;
        const record = appData[stepId];
        if (!record || typeof record !== 'object' || Array.isArray(record)) {
          out.push({ id: stepId, title: entry.title, errors: [], missing: true });
          continue;
        }
        if (!(stepId in definitions.steps)) continue;
        // Evaluated as saved: answers to questions no longer asked are left out (retiredAnswers), not refused.
        const errors = evaluateStep(compile(stepId), appData, { previous: record as JsonObject }).errors;
        if (errors.length) out.push({ id: stepId, title: entry.title, errors, missing: false });
      }
      return out;
    },
    draftErrors: (stepId, record) => draftErrors(compile(stepId).validate, record),
    isValid: (stepId, appData, fields) => evaluateStep(compile(stepId), appData, { fields }).errors.length === 0,
    labelOf: (stepId, path, value) => labelOf(definitions.steps[stepId], path, value, words),
    mapDocument: (stepId, name, data) => {
      const mapping = definitionOf(stepId).documents?.[name];
      if (!mapping) throw new Error(`Step "${stepId}" has no document "${name}"`);
      return mapDocument(
        mapping,
        data as Record<string, unknown>,
        (s, p, v) => labelOf(definitions.steps[s], p, v, words) || undefined,
      );
    },
    matchesCondition: (stepId, condition, value) => {
      // The form asks again on each render with the same condition objects: key each object once.
      let key = conditionKeys.get(condition);
      if (key === undefined) conditionKeys.set(condition, (key = conditionKey(condition)));
      const cacheKey = `${stepId}\n${key}`;
      let check = conditions.get(cacheKey);
      if (!check) conditions.set(cacheKey, (check = checks.condition(stepId, key, condition)));
      return check(value);
    },
  };
}
