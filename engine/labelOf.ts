import type { JsonSchema, StepDefinition, UiDefinition, Words } from './types.ts';

/** The words a definition without flow.json `words` gets: the spec's English. */
export const ENGLISH_WORDS = {
  yes: 'Yes',
  no: 'No',
  select: 'Select...',
  emptyList: 'None added yet.',
} satisfies Words;

type Node = Record<string, unknown>;

const asNode = (v: unknown): Node | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined;

/** A schema node with its `#/…` `$ref` resolved (the node's own keys win), and the last ref followed. */
export function resolveRef(schema: Node, root: Node): { schema: Node; ref?: string } {
  let s = schema;
  let ref: string | undefined;
  for (let i = 0; i < 10 && typeof s.$ref === 'string' && s.$ref.startsWith('#/'); i++) {
    ref = s.$ref;
    let target: unknown = root;
    for (const part of s.$ref.slice(2).split('/')) target = asNode(target)?.[part];
    if (!asNode(target)) break;
    const { $ref: _drop, ...rest } = s;
    void _drop;
    s = { ...(target as Node), ...rest };
  }
  return { schema: s, ref };
}

/** The sub-schema of one path segment: a property, or the items of an array for `*` and indices. */
function child(schema: Node, seg: string): Node | undefined {
  const branches = [schema, ...((schema.allOf ?? []) as Node[])];
  const conditional = [schema.then, schema.else].map(asNode).filter((b): b is Node => Boolean(b));
  for (const b of [...branches, ...conditional]) {
    if (seg === '*' || /^\d+$/.test(seg)) {
      const items = asNode(b.items);
      if (items) return items;
    } else {
      const props = asNode(b.properties);
      if (props && asNode(props[seg])) return props[seg] as Node;
    }
  }
  return undefined;
}

/**
 * The schema and UI schema of a field of a step record, following `$ref`s into `ui:definitions` and arrays
 * into `items`.
 * @param schema - the step's schema.json
 * @param ui - the step's ui.json
 * @param segments - the field's path (`insured_1`, `marital_status`; `*` or an index for rows)
 * @returns the field's schema and ui, or undefined when the path is not a field
 */
export function fieldAt(
  schema: JsonSchema,
  ui: UiDefinition,
  segments: string[],
): { schema: Node; ui: Node } | undefined {
  const root = schema as Node;
  const uiDefs = asNode((ui as Node)['ui:definitions']) ?? {};
  let cur = resolveRef(root, root).schema;
  let curUi: Node = ui as Node;
  for (const seg of segments) {
    const raw = child(cur, seg);
    if (!raw) return undefined;
    const { schema: next, ref } = resolveRef(raw, root);
    const own = asNode(seg === '*' || /^\d+$/.test(seg) ? curUi.items : curUi[seg]);
    const shared = ref ? asNode(uiDefs[ref]) : undefined;
    curUi = { ...shared, ...own };
    cur = next;
  }
  return { schema: cur, ui: curUi };
}

/** `common_law` -> `Common Law`: the last resort for a code without a label. */
export function titleCase(value: string): string {
  return value
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => (w.length <= 3 && w === w.toUpperCase() ? w : w[0].toUpperCase() + w.slice(1).toLowerCase()))
    .join(' ');
}

/**
 * The labels product staff gave a field's values: `ui:enumNames` as a map from the value (as text) to its label,
 * or as an array parallel to the schema's enum.
 */
export function enumNamesOf(field: { schema: Node; ui: Node }): Record<string, string> {
  const names = field.ui['ui:enumNames'] ?? asNode(field.ui['ui:options'])?.enumNames;
  const values = (Array.isArray(field.schema.enum) ? field.schema.enum : asNode(field.schema.items)?.enum) as
    unknown[] | undefined;
  const out: Record<string, string> = {};
  if (Array.isArray(names))
    names.forEach((n, i) => {
      if (typeof n === 'string' && values && i < values.length) out[String(values[i])] = n;
    });
  else if (asNode(names)) for (const [k, v] of Object.entries(names as Node)) if (typeof v === 'string') out[k] = v;
  return out;
}

/**
 * The labels product staff gave the values of a field (ui.json `ui:enumNames`), if it has any.
 * @param schema - the step's schema.json
 * @param ui - the step's ui.json
 * @param segments - the field's path in the step record (`*` or an index for rows)
 * @returns the labels by value, or undefined when the path is no field or its values have no labels
 * @example optionLabels(owner.schema, owner.ui, ['owner_type']) // { insured_1: 'Same as Insured 1', … }
 */
export function optionLabels(
  schema: JsonSchema,
  ui: UiDefinition,
  segments: string[],
): Record<string, string> | undefined {
  const field = fieldAt(schema, ui, segments);
  const names = field ? enumNamesOf(field) : {};
  return Object.keys(names).length ? names : undefined;
}

interface FieldLabels {
  names: Record<string, string>;
  /** The field's values are codes (an enum), so a code without a label is title-cased. */
  coded: boolean;
}

const cache = new WeakMap<object, Map<string, FieldLabels | null>>();

function labelsAt(step: Pick<StepDefinition, 'schema' | 'ui'>, path: string): FieldLabels | null {
  let byPath = cache.get(step);
  if (!byPath) cache.set(step, (byPath = new Map()));
  const key = path
    .split('.')
    .map((s) => (/^\d+$/.test(s) ? '*' : s))
    .join('.');
  let labels = byPath.get(key);
  if (labels === undefined) {
    const field = fieldAt(step.schema, step.ui, key === '' ? [] : key.split('.'));
    labels = field
      ? {
          names: enumNamesOf(field),
          coded: Array.isArray(field.schema.enum) || Array.isArray(asNode(field.schema.items)?.enum),
        }
      : null;
    byPath.set(key, labels);
  }
  return labels;
}

/**
 * The label of a value of one field, as the adviser saw it: the step's ui.json `ui:enumNames`, else flow.json's
 * `words` (yes, no) for booleans, else a code of an enum title-cased from snake_case ("common_law" -> "Common Law"), else the value
 * as text. One lookup for the renderer, the app, the review and the PDFs.
 * @param step - the step's definition (undefined: no labels, only the fallbacks)
 * @param path - the field's path in the step record (`insured_1.marital_status`, `single_life_options.*.plan_name`)
 * @param value - the stored value; a list gives its labels joined with ", "
 * @param words - flow.json's `words`, in the language shown
 * @returns the label ("" for no value)
 * @example labelOf(defs.steps.owner, 'owner_type', 'insured_1') // "Same as Insured 1"
 */
export function labelOf(
  step: Pick<StepDefinition, 'schema' | 'ui'> | undefined,
  path: string,
  value: unknown,
  words: Words = ENGLISH_WORDS,
): string {
  if (value === undefined || value === null || value === '') return '';
  if (Array.isArray(value))
    return value
      .map((v) => labelOf(step, path, v, words))
      .filter(Boolean)
      .join(', ');
  const labels = step ? labelsAt(step, path) : null;
  const named = labels?.names[String(value)];
  if (named !== undefined) return named;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'string') return labels?.coded ? titleCase(value) : value;
  return String(value);
}
