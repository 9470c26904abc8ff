/**
 * Issue 24, item 1, as a property over the definitions: a step never blanks what a record holds. Every field a step
 * prefills from a record, found in the definitions (the client profile form kept in a client record, the objects kept
 * in client records such as the proposed insureds, and the copies a rule takes from another step's record such as an
 * insured owner's ID): load the step with the field hidden, reveal it one edit at a time as the adviser would, save;
 * the value is the record's, unless the adviser changed it.
 */
import fc from 'fast-check';
import {
  compileRules,
  type CompiledRules,
  applyLogic,
  isBlank,
  getPath,
  setPath,
  schemaAt,
} from '../../engine/index.ts';
import type { ApplicationData, JsonObject, JsonSchema, StepView } from '../../engine/index.ts';
import { arbitraryFromSchema } from '../support/arbitraryFromSchema.ts';
import { definitions, engine } from '../support/engine.ts';

const RUNS = Number(process.env.PREFILL_RUNS ?? 8);

interface Prefilled {
  step: string;
  /** The field's path in the step record. */
  path: string;
  /** The logic giving a copy's value (over the whole data), for fields a rule copies from another step's record. */
  copy?: { value: unknown; computed: boolean };
}

const rulesOf = new Map<string, CompiledRules>();
const compiled = (step: string): CompiledRules => {
  let rules = rulesOf.get(step);
  if (!rules) rulesOf.set(step, (rules = compileRules(definitions.steps[step].rules, step)));
  return rules;
};
const schemaOf = (step: string): JsonSchema => definitions.steps[step].schema;
const at = (step: string, path: string): JsonSchema | undefined => {
  const found = schemaAt(schemaOf(step), schemaOf(step), path.split('.'));
  return found.found ? found.schema : undefined;
};

/** Absolute paths (`step.field`) a piece of logic reads. */
function varsOf(logic: unknown): string[] {
  if (Array.isArray(logic)) return logic.flatMap(varsOf);
  if (logic === null || typeof logic !== 'object') return [];
  const node = logic as Record<string, unknown>;
  if ('var' in node) {
    const name = Array.isArray(node.var) ? node.var[0] : node.var;
    return typeof name === 'string' ? [name] : [];
  }
  return Object.values(node).flatMap(varsOf);
}
const readsOtherStep = (logic: unknown, step: string): boolean =>
  varsOf(logic).some((v) => !v.startsWith('$') && !v.startsWith(`${step}.`) && v.split('.')[0] in definitions.steps);

/** Every field a step prefills from a record, as the definitions declare it. */
function prefilledFields(): Prefilled[] {
  const out: Prefilled[] = [];
  for (const form of definitions.flow.forms ?? [])
    if (form.record === 'client')
      for (const field of Object.keys((schemaOf(form.id).properties ?? {}) as object))
        out.push({ step: form.id, path: field });
  for (const step of definitions.order) {
    for (const binding of definitions.steps[step].contract?.records ?? []) {
      const excluded = new Set(binding.exclude ?? []);
      for (const field of Object.keys((at(step, binding.path)?.properties ?? {}) as object))
        if (!excluded.has(field)) out.push({ step, path: `${binding.path}.${field}` });
    }
    const rules = compiled(step);
    for (const rule of rules.computed)
      if (!rule.field.includes('*') && readsOtherStep(rule.value, step))
        out.push({ step, path: rule.field, copy: { value: rule.value, computed: true } });
    for (const effect of rules.effects) {
      const values = effect.op === 'assign' ? (effect.params.values as Record<string, unknown>) : {};
      for (const [field, logic] of Object.entries(values ?? {}))
        if (readsOtherStep(logic, step)) out.push({ step, path: field, copy: { value: logic, computed: false } });
    }
  }
  return out;
}

/** The visibility rules that can hide a path (its own, or one of an object it is in). */
const hidingRules = (step: string, path: string) =>
  compiled(step).visibility.filter((r) => r.targets.some((t) => path === t || path.startsWith(`${t}.`)));

/** Candidate answers for a field: its enum, yes/no, or what the examples answer, and no answer. */
function candidates(step: string, path: string): unknown[] {
  const schema = at(step, path);
  if (Array.isArray(schema?.enum)) return [...new Set([...(schema.enum as unknown[]), null])];
  const types = [schema?.type].flat();
  if (types.includes('boolean')) return [true, false, null];
  const seen = Object.values(definitions.steps[step].examples).map((ex) => getPath(ex.data[step], path));
  return [...new Set([...seen.filter((v) => v !== undefined).map((v) => JSON.stringify(v))])]
    .map((v) => JSON.parse(v) as unknown)
    .concat([null]);
}

/** Every combination of candidate answers of some fields (of this step or of another record). */
function combinations(fields: string[]): Record<string, unknown>[] {
  return fields.reduce<Record<string, unknown>[]>(
    (combos, abs) => {
      const [step, ...rest] = abs.split('.');
      return combos.flatMap((c) => candidates(step, rest.join('.')).map((v) => ({ ...c, [abs]: v })));
    },
    [{}],
  );
}

function withAnswers(data: ApplicationData, answers: Record<string, unknown>): ApplicationData {
  let out = data;
  for (const [abs, value] of Object.entries(answers)) {
    const [step, ...rest] = abs.split('.');
    out = { ...out, [step]: setPath((out[step] ?? {}) as JsonObject, rest, value) };
  }
  return out;
}

/** The example of the step that holds the most of the field's surroundings. */
function baseData(step: string, path: string): ApplicationData {
  const parent = path.split('.').slice(0, -1).join('.');
  const examples = Object.values(definitions.steps[step].examples).map((ex) => structuredClone(ex.data));
  const found = examples.find((d) => !parent || typeof getPath(d[step], parent) === 'object') ?? examples[0] ?? {};
  delete found.$context;
  return { ...found, $context: { clientId: '7' } };
}

const isHidden = (view: StepView, path: string): boolean =>
  view.hidden.some((h) => path === h || path.startsWith(`${h}.`));

/** One edit at a time, as StepForm evaluates them: effects, then what shows again taking the record's value. */
function edit(step: string, data: ApplicationData, from: StepView, answers: Record<string, unknown>): StepView {
  let view = from;
  // Outer fields first (the second insured before its consent).
  for (const [abs, value] of Object.entries(answers).sort(([a], [b]) => a.split('.').length - b.split('.').length)) {
    const rel = abs.split('.').slice(1);
    view = engine.evaluateStep(
      step,
      { ...data, [step]: setPath(view.values, rel, value) },
      { previous: view.values, source: view.source },
    );
  }
  return view;
}

/** The save: the server evaluates what it receives against the record it stored, never over what was sent. */
const save = (step: string, data: ApplicationData, stored: JsonObject, sent: JsonObject): StepView =>
  engine.evaluateStep(step, { ...data, [step]: sent }, { previous: stored, answered: sent });

const prefilled = prefilledFields();
const named = (list: Prefilled[]): [string, Prefilled][] => list.map((p) => [`${p.step}.${p.path}`, p]);
const COMPUTED = new Set(
  [...new Set(prefilled.map((p) => p.step))].flatMap((step) =>
    compiled(step).computed.map((r) => `${step}.${r.field}`),
  ),
);
/** The step's own answers that show or hide a field (what the adviser can change on the step to reveal it). */
const controlsOf = ({ step, path }: Prefilled, logic: unknown[] = []): string[] =>
  [...new Set(varsOf([...hidingRules(step, path).map((r) => r.showIf), ...logic]))].filter(
    (v) => v.startsWith(`${step}.`) && v !== `${step}.${path}` && !COMPUTED.has(v),
  );
// The fields the step itself can hide and reveal; the others show or hide by other steps' answers (or never show).
const revealable = prefilled.filter((p) => controlsOf(p).length > 0);

describe('a step never blanks what a record holds (every prefilled field of the definitions)', () => {
  it('finds the prefilled fields: the client profile, the insureds, the owner copied from an insured', () => {
    const steps = new Set(prefilled.map((p) => p.step));
    for (const step of ['client-profile', 'proposed-insured', 'owner']) expect(steps).toContain(step);
    expect(revealable.map((p) => `${p.step}.${p.path}`)).toEqual(
      expect.arrayContaining([
        'proposed-insured.insured_1.email',
        'proposed-insured.insured_2.email',
        'proposed-insured.insured_1.smoking_details',
        'owner.primary_id_number',
        'owner.primary_id_type_other',
      ]),
    );
  });

  it.each(named(prefilled.filter((p) => !p.copy && hidingRules(p.step, p.path).length === 0)))(
    '%s (never hidden): loaded and saved as the record holds it',
    (_, { step, path }) => {
      fc.assert(
        fc.property(arbitraryFromSchema(at(step, path) ?? {}, schemaOf(step), 1e9), (value) => {
          const record = setPath((baseData(step, path)[step] ?? {}) as JsonObject, path, value);
          const data = { ...baseData(step, path), [step]: record };
          const loaded = engine.evaluateStep(step, data, { source: record });
          // The record's value, or what a rule computes for the field whatever is typed.
          const expected = COMPUTED.has(`${step}.${path}`) ? getPath(loaded.values, path) : value;
          expect(getPath(loaded.values, path)).toEqual(expected);
          expect(getPath(save(step, data, record, loaded.values).values, path)).toEqual(expected);
        }),
        { numRuns: RUNS },
      );
    },
  );

  it.each(named(revealable.filter((p) => !p.copy && !COMPUTED.has(`${p.step}.${p.path}`))))(
    "%s: hidden when loaded, revealed, saved: the record's value, unless the adviser changed it",
    (_, { step, path }) => {
      const controls = controlsOf({ step, path });
      const base = baseData(step, path);
      const states = combinations(controls).map((answers) => {
        const data = withAnswers(base, answers);
        return { answers, hidden: isHidden(engine.evaluateStep(step, data), path) };
      });
      const hide = states.filter((s) => s.hidden).map((s) => s.answers);
      const reveal = states.filter((s) => !s.hidden).map((s) => s.answers);
      expect(hide.length, 'a way to hide it').toBeGreaterThan(0);
      expect(reveal.length, 'a way to show it').toBeGreaterThan(0);
      const valued = arbitraryFromSchema(at(step, path) ?? {}, schemaOf(step), 1e9).filter((v) => !isBlank(v));
      fc.assert(
        fc.property(fc.constantFrom(...hide), fc.constantFrom(...reveal), valued, valued, (h, r, value, other) => {
          const data = withAnswers(base, h);
          const record = setPath((data[step] ?? {}) as JsonObject, path, value);
          const loaded = engine.evaluateStep(step, { ...data, [step]: record }, { source: record });
          expect(isHidden(loaded, path)).toBe(true);
          expect(getPath(loaded.values, path)).toBeUndefined();
          const changed = Object.fromEntries(Object.entries(r).filter(([k, v]) => getPath(data, k) !== v));
          const shown = edit(step, data, loaded, changed);
          expect(isHidden(shown, path)).toBe(false);
          expect(getPath(shown.values, path)).toEqual(value);
          expect(getPath(save(step, data, record, shown.values).values, path)).toEqual(value);
          // The adviser's own answer, once the field shows, is the one saved.
          const typed = edit(step, withAnswers(base, r), shown, { [`${step}.${path}`]: other });
          expect(getPath(save(step, data, record, typed.values).values, path)).toEqual(other);
        }),
        { numRuns: RUNS },
      );
    },
  );

  it.each(named(revealable.filter((p) => p.copy)))(
    "%s: copied from another step's record by a choice, hidden and shown again, saved: the record's value",
    (_, { step, path, copy }) => {
      const copying = [...compiled(step).computed, ...compiled(step).effects].filter(
        (r) =>
          ('field' in r && r.field === path && r.value === copy!.value) ||
          ('params' in r && (r.params.values as Record<string, unknown> | undefined)?.[path] === copy!.value),
      );
      const own = controlsOf({ step, path }, [...copying.map((r) => r.when), copy!.value]);
      const other = [...new Set(varsOf(copy!.value).filter((v) => !v.startsWith(`${step}.`) && !v.startsWith('$')))];
      const base = baseData(step, path);
      let checked = 0;
      let nonBlank = 0;
      // Every value the other record may hold, and every way of answering the step from an empty record.
      for (const record of combinations(other)) {
        const data = withAnswers({ ...base, [step]: {} }, record);
        const empty = engine.evaluateStep(step, data, { source: {} });
        const states = combinations(own).map((answers) => {
          const view = edit(step, data, empty, answers);
          const copied = copying.some(
            (r) => r.when === undefined || Boolean(applyLogic(r.when, { ...data, [step]: view.values })),
          );
          return { answers, view, shown: !isHidden(view, path) && copied, hidden: isHidden(view, path) };
        });
        const hide = states.filter((s) => s.hidden).map((s) => s.answers);
        for (const { view: shown } of states.filter((s) => s.shown)) {
          const expected = applyLogic(copy!.value, { ...data, [step]: shown.values }) ?? null;
          expect(getPath(shown.values, path) ?? null, JSON.stringify(record)).toEqual(expected);
          // Hidden by another answer, then shown again: the copy is there again.
          for (const h of hide.slice(0, 2)) {
            const answers = Object.fromEntries(
              own.map((v) => [v, getPath(data, v) ?? getPath({ [step]: shown.values }, v)]),
            );
            const hidden = edit(step, data, shown, h);
            if (!isHidden(hidden, path)) continue;
            const again = edit(step, data, hidden, answers);
            if (
              isHidden(again, path) ||
              !copying.some((r) => r.when === undefined || applyLogic(r.when, { ...data, [step]: again.values }))
            )
              continue;
            checked += 1;
            if (!isBlank(expected)) nonBlank += 1;
            expect(getPath(again.values, path) ?? null, JSON.stringify({ record, h })).toEqual(expected);
            const saved = save(step, data, {}, again.values);
            expect(getPath(saved.values, path) ?? null).toEqual(expected);
          }
        }
      }
      expect(checked, 'hidden and shown again').toBeGreaterThan(0);
      expect(nonBlank, 'cases where the record holds a value').toBeGreaterThan(0);
    },
  );
});
