/**
 * The "Fill one, clear another" check of every step, worked out from the definition alone.
 *
 * A field is *required-like* when blanking it in a valid example makes the engine report a new error: that covers
 * `required` rules, `isBlank` rules ("Please select a purpose of insurance") and rules on a list whose row lost a
 * value ("All primary beneficiaries must have a name and relationship"). The plan takes the first example with two
 * such fields the play function can operate (text first), blanks field A in the starting data, and expects:
 * type A back and clear B, press Next, and B's message shows while A's does not.
 */
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { getPath, setPath } from '../../engine/index.ts';
import type { Engine, ApplicationData, FieldError, JsonObject } from '../../engine/index.ts';
import { fieldAt, fieldsOf, type FieldInfo } from './fieldInfo.ts';
import { asShown } from '../appText.ts';

export type InputKind = 'text' | 'select' | 'radio' | 'checkboxes';

/** A field the play function types into or clears, with the message the engine reports when it is blank. */
export interface FieldAction {
  path: string;
  label: string;
  kind: InputKind;
  /** The example's value, typed or picked back. */
  value: unknown;
  message: string;
}

export interface FillAndClearPlan {
  /** The example the plan starts from. */
  example: string;
  /** The example's data with the `fill` field blanked (and the `clear` field too when it cannot be cleared on screen). */
  data: ApplicationData;
  /** The field filled in (the same as `clear` when the step has only one required-like field). */
  fill: FieldAction;
  clear: FieldAction;
  /** True when `clear` is a radio group, which has no empty choice: the play leaves it blank instead. */
  clearedInData: boolean;
}

const TEXT_WIDGETS = new Set(['text', 'email', 'textarea', 'money', 'phone', 'postalCode', 'number', 'updown']);
const CLEARABLE = new Set<InputKind>(['text', 'select', 'checkboxes']);

/** How the play function operates a field; undefined for widgets it leaves alone (dates, lookups, SIN parts). */
function inputKind(field: FieldInfo): InputKind | undefined {
  // A blank would come back as the form's default.
  if ((field.schema.default !== undefined && !isBlank(field.schema.default)) || field.schema.const !== undefined)
    return undefined;
  if (TEXT_WIDGETS.has(field.widget)) return 'text';
  if (field.widget === 'select') return 'select';
  if (field.widget === 'radio' || field.widget === 'yesNo') return 'radio';
  if (field.widget === 'checkboxes') return 'checkboxes';
  return undefined;
}

function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** Dotted paths of the answers in a record (array rows by index). */
function leaves(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) {
    if (value.some((row) => row && typeof row === 'object'))
      return value.flatMap((row, i) => leaves(row, `${prefix}.${i}`));
    return [prefix];
  }
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
  return prefix ? [prefix] : [];
}

const key = (e: FieldError): string => `${e.field}\u0000${e.message}`;

/** The required-like fields of one valid example, in form order. */
function candidatesOf(engine: Engine, stepId: string, data: ApplicationData): FieldAction[] {
  const def = engine.definitions.steps[stepId];
  const view = engine.evaluateStep(stepId, data);
  if (view.errors.length) return [];
  const before = new Set(view.errors.map(key));
  const record = (data[stepId] ?? {}) as JsonObject;
  const order = fieldsOf(def).map((f) => f.path);
  const out: (FieldAction & { rank: number })[] = [];
  for (const path of leaves(record)) {
    const value = getPath(record, path);
    if (isBlank(value) || view.hidden.includes(path) || view.readonly.includes(path)) continue;
    const field = fieldAt(def, path);
    const kind = field && inputKind(field);
    if (!field || !kind) continue;
    const blanked = { ...data, [stepId]: setPath(record, path, undefined) };
    const after = engine.evaluateStep(stepId, blanked);
    if (!isBlank(getPath(after.values, path))) continue; // a computed value or an effect fills it back
    // The field's own error, or its list's ("All primary beneficiaries must have a name..."), not a knock-on one.
    const added = after.errors.filter(
      (e) => !before.has(key(e)) && (e.field === path || path.startsWith(`${e.field}.`)),
    );
    if (!added.length) continue;
    const message = (added.find((e) => e.field === path) ?? added[0]).message;
    out.push({ path, label: field.label, kind, value, message, rank: order.indexOf(field.path) });
  }
  return out.sort((a, b) => a.rank - b.rank).map(({ rank: _rank, ...action }) => action);
}

/**
 * Chooses the fields of the check from the step's examples (the first of the best, in name order).
 * @returns the plan, or undefined when no example has a required-like field the play function can operate
 */
export function planFillAndClear(engine: Engine, stepId: string): FillAndClearPlan | undefined {
  const def = engine.definitions.steps[stepId];
  const score = (a: FieldAction): number => (a.kind === 'text' ? 0 : 1);
  // The best plan over every example: text fields first, two distinct messages, the second cleared on screen.
  let chosen: { plan: FillAndClearPlan; score: number } | undefined;
  const consider = (plan: FillAndClearPlan, s: number): void => {
    if (!chosen || s < chosen.score) chosen = { plan, score: s };
  };
  for (const [name, example] of Object.entries(def.examples)) {
    const candidates = candidatesOf(engine, stepId, example.data);
    const plan = (fill: FieldAction, clear: FieldAction): FillAndClearPlan => {
      const clearedInData = !CLEARABLE.has(clear.kind);
      let record = setPath((example.data[stepId] ?? {}) as JsonObject, fill.path, undefined);
      if (clearedInData) record = setPath(record, clear.path, undefined);
      return { example: name, data: { ...example.data, [stepId]: record }, fill, clear, clearedInData };
    };
    let best: { plan: FillAndClearPlan; score: number } | undefined;
    for (const clear of candidates) {
      for (const fill of candidates) {
        if (fill.path === clear.path) continue;
        const s =
          score(fill) + score(clear) + (fill.message === clear.message ? 10 : 0) + (CLEARABLE.has(clear.kind) ? 0 : 20);
        if (!best || s < best.score) best = { plan: plan(fill, clear), score: s };
      }
    }
    if (best) consider(best.plan, best.score);
    const only = candidates.find((c) => CLEARABLE.has(c.kind));
    if (only) consider(plan(only, only), 100);
  }
  return chosen?.plan;
}

function container(canvasElement: HTMLElement, path: string): HTMLElement {
  const el = canvasElement.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`);
  if (!el) throw new Error(`The field "${path}" is not on the page`);
  return el;
}

function optionLabel(engineDef: FieldInfo | undefined, value: unknown): string {
  return (
    engineDef?.options.find((o) => Object.is(o.value, value) || String(o.value) === String(value))?.label ??
    String(value)
  );
}

/** Types or picks the field's value back, then leaves the field (text commits on blur). */
export async function fillField(
  canvasElement: HTMLElement,
  action: FieldAction,
  field: FieldInfo | undefined,
): Promise<void> {
  const box = container(canvasElement, action.path);
  if (action.kind === 'text') {
    const input = box.querySelector<HTMLInputElement | HTMLTextAreaElement>(
      'input:not([type="radio"]):not([type="checkbox"]), textarea',
    );
    if (!input) throw new Error(`No text input in "${action.path}"`);
    await userEvent.clear(input);
    await userEvent.type(input, String(action.value));
    await userEvent.tab();
  } else if (action.kind === 'select') {
    const select = box.querySelector('select');
    if (!select) throw new Error(`No select in "${action.path}"`);
    const label = optionLabel(field, action.value);
    const option = Array.from(select.options).find((o) => o.text === label);
    if (!option) throw new Error(`No option "${label}" in "${action.path}"`);
    await userEvent.selectOptions(select, option.value);
    await userEvent.tab();
  } else {
    const values = action.kind === 'checkboxes' && Array.isArray(action.value) ? action.value : [action.value];
    for (const value of values) await userEvent.click(within(box).getByLabelText(asShown(optionLabel(field, value))));
  }
}

/** Empties the field, then leaves it. */
export async function clearField(canvasElement: HTMLElement, action: FieldAction): Promise<void> {
  const box = container(canvasElement, action.path);
  if (action.kind === 'text') {
    const input = box.querySelector<HTMLInputElement | HTMLTextAreaElement>(
      'input:not([type="radio"]):not([type="checkbox"]), textarea',
    );
    if (!input) throw new Error(`No text input in "${action.path}"`);
    await userEvent.clear(input);
    await userEvent.tab();
  } else if (action.kind === 'select') {
    const select = box.querySelector('select');
    if (!select) throw new Error(`No select in "${action.path}"`);
    await userEvent.selectOptions(select, '');
    await userEvent.tab();
  } else if (action.kind === 'checkboxes') {
    for (const box2 of Array.from(box.querySelectorAll<HTMLInputElement>('input[type="checkbox"]:checked')))
      await userEvent.click(box2);
  } else {
    throw new Error(`Radios cannot be cleared ("${action.path}")`);
  }
}

/** Presses the step's Next button (drawn by StepCanvas). */
export async function pressNext(canvasElement: HTMLElement): Promise<void> {
  const next = canvasElement.querySelector<HTMLButtonElement>('[data-action="next"]');
  if (!next) throw new Error('No Next button');
  await userEvent.click(next);
}

/** Waits until the message is shown (next to its field or in the alert block). */
export async function expectMessageShown(canvasElement: HTMLElement, message: string): Promise<void> {
  await waitFor(() => expect(within(canvasElement).getAllByText(asShown(message)).length).toBeGreaterThan(0));
}

export function expectMessageNotShown(canvasElement: HTMLElement, message: string): void {
  expect(within(canvasElement).queryAllByText(asShown(message))).toHaveLength(0);
}
