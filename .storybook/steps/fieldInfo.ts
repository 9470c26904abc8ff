/**
 * Reads a step's definition the way the renderer draws it: the JSON Schema and UI schema of each field, with
 * `$ref` definitions and `ui:definitions` resolved. Used by the docs pages (the fields table) and by the
 * "Fill one, clear another" play function (to know how to type into a field).
 */
import { ENGLISH_WORDS, type JsonSchema, type StepDefinition, type Words } from '../../engine/index.ts';

/** The words of a boolean answer without labels of its own (flow.json `words`, in the definitions' language). */

type Obj = Record<string, unknown>;

/** One field of a step, flattened: `insured_1.first_name`, `insured_1.primary_beneficiaries.*.full_name`. */
export interface FieldInfo {
  /** Dotted path relative to the step record; `*` for every row of an array. */
  path: string;
  schema: Obj;
  ui: Obj;
  /** The label the adviser sees (ui:title, else the schema title, else the last segment). */
  label: string;
  /** The JSON type without null: string, number, integer, boolean, object, array, null. */
  type: string;
  /** The widget name from ui.json, else the renderer's default for the type. */
  widget: string;
  /** Option values (null left out) with their labels from ui:enumNames. */
  options: { value: unknown; label: string }[];
  /** How deep the field is (0 for a top-level field). */
  depth: number;
}

function deref(schema: Obj, root: JsonSchema): { schema: Obj; ref?: string } {
  const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
  if (!ref?.startsWith('#/')) return { schema };
  let target: unknown = root;
  for (const part of ref.slice(2).split('/')) target = (target as Obj | undefined)?.[part];
  const { $ref: _drop, ...rest } = schema;
  void _drop;
  return { schema: { ...((target as Obj | undefined) ?? {}), ...rest }, ref };
}

function typeOf(schema: Obj): string {
  const t = schema.type;
  if (Array.isArray(t)) return (t.find((x) => x !== 'null') as string | undefined) ?? 'null';
  if (typeof t === 'string') return t;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return Array.isArray(schema.enum) ? typeof schema.enum.find((v) => v !== null) : 'string';
}

function defaultWidget(schema: Obj, type: string): string {
  if (type === 'boolean') return 'checkbox';
  if (type === 'array') {
    const items = schema.items as Obj | undefined;
    return items && Array.isArray(items.enum) ? 'checkboxes' : 'list';
  }
  if (type === 'object') return 'group';
  if (type === 'null') return 'note';
  if (Array.isArray(schema.enum)) return 'select';
  if (schema.format === 'date') return 'date';
  if (type === 'number' || type === 'integer') return 'number';
  return 'text';
}

function optionsOf(schema: Obj, ui: Obj, type: string, words: Words): { value: unknown; label: string }[] {
  const items = schema.items as Obj | undefined;
  const values: unknown[] = Array.isArray(schema.enum)
    ? schema.enum
    : Array.isArray(items?.enum)
      ? (items.enum as unknown[])
      : type === 'boolean'
        ? [true, false]
        : [];
  const names = ui['ui:enumNames'] ?? (ui['ui:options'] as Obj | undefined)?.enumNames;
  return values
    .filter((v) => v !== null)
    .map((value, i) => {
      const named = Array.isArray(names)
        ? names[i]
        : names && typeof names === 'object'
          ? (names as Obj)[String(value)]
          : undefined;
      const label =
        typeof named === 'string' ? named : typeof value === 'boolean' ? (value ? words.yes : words.no) : String(value);
      return { value, label };
    });
}

function orderOf(properties: Obj, ui: Obj): string[] {
  const names = Object.keys(properties);
  const order = ui['ui:order'] as string[] | undefined;
  if (!order) return names;
  const star = order.indexOf('*');
  const listed = order.filter((n) => n !== '*' && n in properties);
  const rest = names.filter((n) => !listed.includes(n));
  return star < 0 ? [...listed, ...rest] : [...listed.slice(0, star), ...rest, ...listed.slice(star)];
}

const cache = new WeakMap<StepDefinition, FieldInfo[]>();

/**
 * Every field of a step in the order the form draws it, objects before their fields.
 * @param def - the step's definition
 * @param words - its flow's yes and no (a French definition's Oui/Non); English by default
 */
export function fieldsOf(def: StepDefinition, words: Words = ENGLISH_WORDS): FieldInfo[] {
  const hit = words === ENGLISH_WORDS ? cache.get(def) : undefined;
  if (hit) return hit;
  const root = def.schema;
  const uiRoot = def.ui as Obj;
  const uiDefinitions = (uiRoot['ui:definitions'] ?? {}) as Record<string, Obj>;
  const out: FieldInfo[] = [];
  const walk = (raw: Obj, ownUi: Obj, path: string, depth: number): void => {
    const { schema, ref } = deref(raw, root);
    const ui = ref && uiDefinitions[ref] ? { ...uiDefinitions[ref], ...ownUi } : ownUi;
    const type = typeOf(schema);
    if (path) {
      const last = path.split('.').pop() ?? path;
      const label = (ui['ui:title'] as string | undefined) ?? (schema.title as string | undefined) ?? last;
      const widget = (ui['ui:widget'] as string | undefined) ?? defaultWidget(schema, type);
      out.push({ path, schema, ui, label, type, widget, options: optionsOf(schema, ui, type, words), depth });
    }
    if (type === 'object' && schema.properties) {
      const props = schema.properties as Record<string, Obj>;
      for (const name of orderOf(props, ui))
        walk(props[name], (ui[name] ?? {}) as Obj, path ? `${path}.${name}` : name, path ? depth + 1 : 0);
    } else if (type === 'array' && schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) {
      const items = deref(schema.items as Obj, root).schema;
      if (typeOf(items) === 'object') walk(schema.items as Obj, (ui.items ?? {}) as Obj, `${path}.*`, depth + 1);
    }
  };
  walk(root as Obj, uiRoot, '', 0);
  if (words === ENGLISH_WORDS) cache.set(def, out);
  return out;
}

/**
 * The field at a concrete path (`insured_1.primary_beneficiaries.0.full_name`), or undefined.
 * @param def - the step's definition
 * @param path - dotted path; array indices match `*`
 * @param words - its flow's yes and no; English by default
 */
export function fieldAt(def: StepDefinition, path: string, words: Words = ENGLISH_WORDS): FieldInfo | undefined {
  const pattern = path
    .split('.')
    .map((s) => (/^\d+$/.test(s) ? '*' : s))
    .join('.');
  return fieldsOf(def, words).find((f) => f.path === pattern);
}
