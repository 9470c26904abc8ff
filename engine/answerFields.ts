import { resolveRef, titleCase } from './labelOf.ts';
import type { JsonObject, JsonSchema, UiDefinition } from './types.ts';

type Node = Record<string, unknown>;

/** One answer a step collects, as its form shows it. */
export interface AnswerField {
  /** Path in the step record, `*` for the rows of a list: `insured_1.smoker`, `primary_beneficiaries.*.full_name`. */
  path: string;
  /**
   * Titles from the outermost group to the field (ui:title, else the schema's title, else the name title-cased), with
   * the ui:sections title of a grouped field; a row's title has `{n}`.
   */
  titles: string[];
  /** The field's ui:widget, if any (`money`, `textarea`). */
  widget?: string;
  /** The schema marks it `x-secret` (a SIN). */
  secret: boolean;
}

/** One answer of a step record: the field, its place in the record and its value. */
export interface AnswerLine {
  /** Path in the record: `primary_beneficiaries.1.full_name`. */
  path: string;
  field: AnswerField;
  /** The field's titles with each row's number filled in: ["Primary Beneficiary 2", "Full Name"]. */
  titles: string[];
  value: unknown;
}

/** Widgets that show no answer of the adviser's (kept ids and flags, notes). */
const NOT_ANSWERS = new Set(['hidden', 'note']);

const asNode = (v: unknown): Node | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined;

function types(schema: Node): string[] {
  return (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t): t is string => typeof t === 'string');
}

/** Every property an object schema may have, in order: its own, then those of allOf, anyOf, oneOf, then and else branches. */
function propertiesOf(schema: Node, root: Node): [string, Node][] {
  const out = new Map<string, Node>();
  const add = (branch: unknown): void => {
    const b = asNode(branch);
    if (!b) return;
    const resolved = resolveRef(b, root).schema;
    for (const [k, v] of Object.entries(asNode(resolved.properties) ?? {}))
      if (!out.has(k) && asNode(v)) out.set(k, v as Node);
    for (const key of ['allOf', 'anyOf', 'oneOf'])
      for (const sub of (Array.isArray(resolved[key]) ? resolved[key] : []) as unknown[]) add(sub);
    add(resolved.then);
    add(resolved.else);
  };
  add(schema);
  return [...out];
}

/** Property names in the order the form shows them: ui:order (with `*` for the rest), then schema order. */
function ordered(props: [string, Node][], ui: Node): [string, Node][] {
  const order = Array.isArray(ui['ui:order']) ? (ui['ui:order'] as unknown[]).map(String) : [];
  if (!order.length) return props;
  const byName = new Map(props);
  const listed = order.filter((k) => k !== '*' && byName.has(k));
  const rest = props.filter(([k]) => !listed.includes(k)).map(([k]) => k);
  const star = order.indexOf('*');
  const names =
    star < 0
      ? [...listed, ...rest]
      : [
          ...order.slice(0, star).filter((k) => byName.has(k)),
          ...rest,
          ...order.slice(star + 1).filter((k) => byName.has(k)),
        ];
  return names.map((k) => [k, byName.get(k)!]);
}

interface Walk {
  root: Node;
  uiDefs: Node;
  fields: AnswerField[];
}

/** A field's schema and ui with `$ref`s resolved into the shared `ui:definitions`. */
function resolveField(raw: Node, ownUi: Node | undefined, walk: Walk): { schema: Node; ui: Node } {
  const { schema, ref } = resolveRef(raw, walk.root);
  const shared = ref ? asNode(walk.uiDefs[ref]) : undefined;
  return { schema, ui: { ...shared, ...ownUi } };
}

function titleOf(name: string, schema: Node, ui: Node): string {
  const t = ui['ui:title'] ?? schema.title;
  return typeof t === 'string' && t.trim() ? t : titleCase(name);
}

function rowsOf(schema: Node, walk: Walk): Node | undefined {
  const items = asNode(schema.items);
  if (!items) return undefined;
  const resolved = resolveRef(items, walk.root).schema;
  return types(resolved).includes('object') || asNode(resolved.properties) ? items : undefined;
}

/** The title of the ui:sections entry listing each field of an object, when its form groups them. */
function sectionTitles(ui: Node): Map<string, string> {
  const out = new Map<string, string>();
  for (const section of (Array.isArray(ui['ui:sections']) ? ui['ui:sections'] : []) as unknown[]) {
    const s = asNode(section);
    if (s && typeof s.title === 'string' && Array.isArray(s.fields))
      for (const f of s.fields) if (typeof f === 'string' && !out.has(f)) out.set(f, s.title);
  }
  return out;
}

function collect(schema: Node, ui: Node, prefix: string[], outer: string[], walk: Walk): void {
  const sections = sectionTitles(ui);
  for (const [name, raw] of ordered(propertiesOf(schema, walk.root), ui)) {
    const section = sections.get(name);
    const titles = section ? [...outer, section] : outer;
    const field = resolveField(raw, asNode(ui[name]), walk);
    const widget = typeof field.ui['ui:widget'] === 'string' ? (field.ui['ui:widget'] as string) : undefined;
    const t = types(field.schema);
    if ((widget && NOT_ANSWERS.has(widget)) || (t.length === 1 && t[0] === 'null')) continue;
    const title = titleOf(name, field.schema, field.ui);
    const path = [...prefix, name];
    const items = rowsOf(field.schema, walk);
    if (items) {
      // A row's own title names its list ("Primary Beneficiary 2"), so the list's section title is left out.
      const row = resolveField(items, asNode(field.ui.items), walk);
      const itemTitle = asNode(field.ui['ui:options'])?.itemTitle;
      collect(
        row.schema,
        row.ui,
        [...path, '*'],
        [...outer, typeof itemTitle === 'string' ? itemTitle : `${title} {n}`],
        walk,
      );
    } else if (t.includes('object') || (!t.length && asNode(field.schema.properties))) {
      collect(field.schema, field.ui, path, [...titles, title], walk);
    } else {
      walk.fields.push({
        path: path.join('.'),
        titles: [...titles, title],
        ...(widget ? { widget } : {}),
        secret: Boolean(field.schema['x-secret']),
      });
    }
  }
}

const cache = new WeakMap<object, AnswerField[]>();

/**
 * The answers a step collects, in the order its form shows them (ui:order, then schema order; the fields of
 * if/then/else and allOf branches after the step's own): every leaf of its schema.json, a list of rows giving its
 * rows' fields (`*`), a list of values being one answer. Notes, hidden widgets and null-typed fields are no answers.
 * Worked out once per step definition.
 * @param step - the step's schema.json and ui.json
 * @example answerFields(defs.steps.lifestyle)[0] // { path: 'lifestyle_data_1.tobacco_last_12_months', titles: ['Proposed Insured 1', 'Have you used…'], … }
 */
export function answerFields(step: { schema: JsonSchema; ui: UiDefinition }): AnswerField[] {
  let fields = cache.get(step);
  if (!fields) {
    const root = step.schema as Node;
    const walk: Walk = { root, uiDefs: asNode((step.ui as Node)['ui:definitions']) ?? {}, fields: [] };
    collect(resolveRef(root, root).schema, step.ui as Node, [], [], walk);
    cache.set(step, (fields = walk.fields));
  }
  return fields;
}

/**
 * The answers a step record holds, in form order, the rows of a list one after the other (each row's fields
 * together), with each row's title numbered ("Primary Beneficiary 2"). Values are as stored: blank ones included,
 * so callers decide what counts as an answer.
 * @param step - the step's schema.json and ui.json
 * @param record - the step record (normally the engine's values, hidden answers already cleared)
 * @param keep - only these fields (a form's unplaced ones), so the rest is not even read
 */
export function answerLines(
  step: { schema: JsonSchema; ui: UiDefinition },
  record: JsonObject,
  keep?: (field: AnswerField) => boolean,
): AnswerLine[] {
  const fields = keep ? answerFields(step).filter(keep) : answerFields(step);
  const out: AnswerLine[] = [];
  // Fields sharing a list are visited row by row: expand the first `*` of a run of fields into its rows.
  const emit = (group: AnswerField[], depth: number, node: unknown, done: string[], numbers: number[]): void => {
    let i = 0;
    while (i < group.length) {
      const segs = group[i].path.split('.');
      const star = segs.indexOf('*', depth);
      if (star < 0) {
        const f = group[i++];
        let value: unknown = node;
        for (const s of segs.slice(depth)) value = asNode(value)?.[s];
        let k = 0;
        out.push({
          path: [...done, ...segs.slice(depth)].join('.'),
          field: f,
          titles: f.titles.map((t) => (t.includes('{n}') ? t.replaceAll('{n}', String(numbers[k++] ?? '')) : t)),
          value,
        });
        continue;
      }
      const listPath = segs.slice(depth, star).join('.');
      let j = i;
      while (
        j < group.length &&
        group[j].path
          .split('.')
          .slice(depth, star + 1)
          .join('.') === `${listPath}.*`
      )
        j++;
      let rows: unknown = node;
      for (const s of segs.slice(depth, star)) rows = asNode(rows)?.[s];
      if (Array.isArray(rows)) {
        rows.forEach((row, r) =>
          emit(group.slice(i, j), star + 1, row, [...done, ...segs.slice(depth, star), String(r)], [...numbers, r + 1]),
        );
      }
      i = j;
    }
  };
  emit(fields, 0, record, [], []);
  return out;
}
