import equal from 'fast-deep-equal';
import { applyLogic, effects as effectRegistry } from './effects.ts';
import { changedPaths, expandTarget, getPath, overlay, setPath, splitPath, withinAny } from './paths.ts';
import { givenByRule } from './givenByRule.ts';
import { revealedFromSource } from './revealedFromSource.ts';
import type { CompiledRules } from './compileRules.ts';
import type {
  ApplicationData,
  EvaluateOptions,
  FieldError,
  JsonObject,
  SchemaCheck,
  SchemaError,
  StepView,
} from './types.ts';
import { fallbackMessage } from './fallbackMessage.ts';
import { isBlank } from './operations.ts';
import { fillTemplate } from './resolveNames.ts';
import { textProblems } from './textRule.ts';

/** A step ready to evaluate: its compiled schema validator and flattened rules. */
export interface CompiledStep {
  id: string;
  validate: SchemaCheck;
  rules: CompiledRules;
  /** The display names over the data (flow.json `names`), for texts with `{name}` placeholders. */
  names?: (appData: ApplicationData) => Record<string, string>;
  /** flow.json's shared lists, which the step's rules read as `$lists.<name>` (a catalogue to look a choice up in). */
  lists?: Record<string, unknown>;
  /** True for a field (dotted path, rows by index) shown as a text area, where tabs and line breaks are text. */
  multiline?: (path: string) => boolean;
}

type Data = Record<string, unknown>;

const SUMMARY_KEYWORDS = new Set(['if', 'anyOf', 'oneOf', 'allOf']);

function rowContext(data: Data, rows: unknown[], indices: number[]): Data {
  if (rows.length === 0) return data;
  const ctx = Object.create(data) as Data;
  ctx.$item = rows[rows.length - 1];
  ctx.$index = indices[indices.length - 1];
  ctx.$rows = rows;
  return ctx;
}

function truthy(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}

function isBlankValue(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** The dotted record path of a schema error (the unknown field itself for additionalProperties). */
export function ajvPath(error: SchemaError): string {
  const base = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'additionalProperties')
    base.push(String((error.params as { additionalProperty: string }).additionalProperty));
  return base.join('.');
}

/** A number in a message reads as people write it: two decimals at most, thousands grouped ($25,000, not $25000). */
function formatParam(value: unknown): string {
  if (typeof value === 'number') {
    const [whole, fraction] = String(Math.round(value * 100) / 100).split('.');
    const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
    return fraction === undefined ? grouped : `${grouped}.${fraction}`;
  }
  return String(value ?? '');
}

/**
 * Works out everything about one step for the whole application's data: effects of the last change,
 * computed values, visibility and clearing, errors (JSON Schema via ajv, then rules) and changing texts.
 * The renderer and the server both call this.
 * @param step - the compiled step
 * @param appData - all answers, keyed by step id (the step's own record at `appData[step.id]`)
 * @param options - `previous` record for effects; `fields` to limit errors to a page's fields
 * @returns the step view
 */
export function evaluateStep(step: CompiledStep, appData: ApplicationData, options: EvaluateOptions = {}): StepView {
  const { rules } = step;
  let record: JsonObject = (appData[step.id] as JsonObject | undefined) ?? {};
  let data: Data = { ...appData, ...(step.lists ? { $lists: step.lists } : {}), [step.id]: record };
  const evaluate = (logic: unknown, ctx: Data = data): unknown => applyLogic(logic, ctx);
  const commit = (next: JsonObject): void => {
    if (next !== record) {
      record = next;
      data = { ...data, [step.id]: record };
    }
  };

  const computed: Record<string, unknown> = {};
  const compute = (): void => {
    for (const rule of rules.computed) {
      for (const { path, rows, indices } of expandTarget(record, rule.field)) {
        const ctx = rowContext(data, rows, indices);
        if (rule.when !== undefined && !truthy(evaluate(rule.when, ctx))) continue;
        const value = evaluate(rule.value, ctx);
        if (!equal(getPath(record, path), value)) {
          commit(setPath(record, path, value));
          computed[path] = value;
        }
      }
    }
  };
  // Computed facts first, so that an effect can follow a derived value (another step's answer) as it follows a typed one.
  compute();

  // Effects fire on what changed since the previous record.
  const previous = options.previous;
  let source = options.source;
  const discarded: string[] = [];
  let previousData: Data | undefined;
  const before = (logic: unknown): unknown => applyLogic(logic, (previousData ??= { ...data, [step.id]: previous }));
  if (previous) {
    const untouched = record;
    const blanked = new Set<string>();
    for (const effect of rules.effects) {
      for (const on of effect.on) {
        if (Object.is(getPath(previous, on), getPath(record, on))) continue;
        if (effect.when !== undefined && !truthy(evaluate(effect.when))) continue;
        const op = effectRegistry[effect.op];
        const input = record;
        commit(op({ record, previous, changed: on, params: effect.params, evaluate: (l) => evaluate(l) }));
        // The records' values go the same way (a reset empties what they hold for answers hidden now too).
        if (source) source = op({ record: source, previous, changed: on, params: effect.params, evaluate });
        for (const key of record === input ? [] : Object.keys(input))
          if (!isBlank(input[key]) && isBlank(record[key])) blanked.add(key);
      }
    }
    if (record !== untouched) {
      // What the caller gave in this change stands: effects fill around it (a record saved whole is saved as sent).
      if (options.answered) commit(overlay(record, options.answered));
      // An effect's value replaces the record's: an answer it removed is not given back when its field shows again.
      for (const path of source ? changedPaths(untouched, record) : [])
        source = setPath(source as JsonObject, path, getPath(record, path));
      // What an effect changed can change a computed value.
      compute();
      // Answers the adviser gave that an effect emptied or replaced (the single-life plans a first joint plan empties,
      // the owner's identity when the owner type changes): the form asks before that. A copy is not theirs to lose.
      for (const key of blanked) {
        const was = previous[key];
        if (isBlank(was) || equal(was, record[key]) || givenByRule(rules, key, was, before)) continue;
        discarded.push(key);
      }
    }
  }

  // A field shown again takes the value the record it was prefilled from holds (see revealedFromSource). What a rule
  // shows now is asked once: the visibility pass below reuses it while nothing was given back.
  const shownNow = new Map<unknown, boolean>();
  if (source && previous) {
    const restore = revealedFromSource(
      rules.visibility,
      record,
      source,
      (logic) => {
        const shows = truthy(evaluate(logic));
        shownNow.set(logic, shows);
        return shows;
      },
      (logic) => truthy(before(logic)),
    );
    for (const [path, value] of restore) commit(setPath(record, path, value));
    if (restore.length) {
      shownNow.clear();
      compute();
    }
  }

  const hidden: string[] = [];
  for (const rule of rules.visibility) {
    // One evaluation per rule for plain targets; row targets need one per row.
    let shown: boolean | undefined;
    for (const target of rule.targets) {
      if (!target.includes('*')) {
        shown ??= shownNow.get(rule.showIf) ?? truthy(evaluate(rule.showIf));
        if (!shown) hidden.push(target);
        continue;
      }
      for (const { path, rows, indices } of expandTarget(record, target)) {
        if (!truthy(evaluate(rule.showIf, rowContext(data, rows, indices)))) hidden.push(path);
      }
    }
  }
  const isHidden = withinAny(hidden);

  const cleared: string[] = [];
  const clearPath = (path: string): void => {
    if (getPath(record, path) === undefined) return;
    commit(setPath(record, path, undefined));
    cleared.push(path);
  };
  for (const path of hidden) clearPath(path);
  for (const rule of rules.clear) {
    if (!truthy(evaluate(rule.when))) continue;
    for (const target of rule.fields) for (const { path } of expandTarget(record, target)) clearPath(path);
  }

  const only = options.fields ? new Set(options.fields) : undefined;
  const wanted = (path: string): boolean => !only || only.has(splitPath(path)[0]);
  const errors: FieldError[] = [];
  // Text that is not text (a NUL, a control character, a line break outside a text area) is refused in every string,
  // before what the schema says of it: its other errors would only describe the same bad characters.
  const badText = new Set<string>();
  for (const problem of textProblems(record, step.multiline ?? (() => false))) {
    if (!wanted(problem.field) || isHidden(problem.field)) continue;
    badText.add(problem.field);
    errors.push(problem);
  }
  const retired: string[] = [];
  if (!step.validate(record)) {
    // A field the schema does not know, saved as it is now: an answer to a question the definitions dropped since.
    for (const error of step.validate.errors ?? []) {
      if (error.keyword !== 'additionalProperties' || !previous) continue;
      const field = ajvPath(error);
      const value = getPath(record, field);
      if (value !== undefined && equal(value, getPath(previous, field))) retired.push(field);
    }
    for (const field of retired) commit(setPath(record, field, undefined));
    for (const error of step.validate.errors ?? []) {
      // if/anyOf/oneOf only summarise the errors of their branches, which are reported themselves.
      if (SUMMARY_KEYWORDS.has(error.keyword)) continue;
      const field = ajvPath(error);
      if (!wanted(field) || isHidden(field) || retired.includes(field) || badText.has(field)) continue;
      // A blank field is an unanswered one (its rules say whether it must be answered); a blank item of a list is
      // not an answer left empty but a malformed list, so its errors stand.
      if (error.keyword !== 'additionalProperties' && isBlankValue(getPath(record, field)) && !/\.\d+$/.test(field))
        continue;
      errors.push({
        field,
        message: error.keyword === 'errorMessage' ? (error.message ?? '') : fallbackMessage(error),
      });
    }
  }
  for (const rule of rules.validation) {
    for (const { path, rows, indices } of expandTarget(record, rule.field)) {
      if (!wanted(path) || isHidden(path)) continue;
      const ctx = rowContext(data, rows, indices);
      if (!truthy(evaluate(rule.when, ctx))) continue;
      let message = rule.message;
      if (rule.params) {
        for (const [name, logic] of Object.entries(rule.params))
          message = message.split(`{${name}}`).join(formatParam(evaluate(logic, ctx)));
      }
      errors.push({ field: path, message });
    }
  }

  // Names are worked out once, and only when a text has placeholders; a text naming someone not named yet does not apply.
  let names: Record<string, string> | undefined;
  const texts: Record<string, string> = {};
  for (const rule of rules.texts) {
    if (rule.target in texts || !truthy(evaluate(rule.when))) continue;
    if (!rule.text.includes('{')) {
      texts[rule.target] = rule.text;
      continue;
    }
    names ??= step.names?.(data as ApplicationData) ?? {};
    const filled = fillTemplate(rule.text, names);
    if (filled !== null) texts[rule.target] = filled;
  }

  const readonly: string[] = [];
  for (const rule of rules.readonly) {
    if (truthy(evaluate(rule.when)))
      for (const target of rule.fields) for (const { path } of expandTarget(record, target)) readonly.push(path);
  }

  return { values: record, hidden, cleared, computed, errors, texts, readonly, discarded, retired, source };
}
