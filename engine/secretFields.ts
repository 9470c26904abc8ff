import type { Definitions, JsonObject, JsonSchema, StepDefinition } from './types.ts';

/**
 * A field whose answer is secret (a SIN): sealed at rest by the server, masked wherever it is listed, whole only in
 * its own step's form and in the generated documents. Declared in a step's schema with `"x-secret": true` (masked
 * whole) or `"x-secret": { "showLast": n }` (the last n letters and digits stay readable).
 */
export interface SecretField {
  /** The record path; `*` stands for every row of a list. */
  path: string[];
  /** How many of the last letters and digits the mask keeps. */
  showLast: number;
}

function deref(schema: JsonSchema, root: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/definitions/')) return schema;
  const target = (root.definitions as Record<string, JsonSchema> | undefined)?.[ref.slice('#/definitions/'.length)];
  return target ? { ...target, ...schema, $ref: undefined } : schema;
}

/**
 * Reads an `x-secret` annotation.
 * @param value - the annotation as written
 * @returns - how many last characters the mask keeps, or undefined when the value is not a valid annotation
 */
export function secretShowLast(value: unknown): number | undefined {
  if (value === true) return 0;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    const n = (value as { showLast?: unknown }).showLast;
    if (keys.length === 1 && typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 9) return n;
  }
  return undefined;
}

/**
 * The secret fields of one step, from its schema's `x-secret` annotations (nested objects, lists and
 * `#/definitions` references included).
 * @param step - the step's definition
 * @returns - the fields, in schema order
 * @example secretFields(definitions.steps['tax-information']) // [{ path: ['owner1_sin_part1'], showLast: 0 }, …]
 */
export function secretFields(step: StepDefinition | undefined): SecretField[] {
  if (!step) return [];
  const root = step.schema;
  const out: SecretField[] = [];
  const walk = (raw: JsonSchema, path: string[], depth: number): void => {
    if (depth > 8) return;
    const schema = deref(raw, root);
    const showLast = secretShowLast(schema['x-secret']);
    if (showLast !== undefined && path.length) {
      out.push({ path, showLast });
      return;
    }
    for (const [name, sub] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>))
      walk(sub, [...path, name], depth + 1);
    const items = schema.items;
    if (items && typeof items === 'object' && !Array.isArray(items))
      walk(items as JsonSchema, [...path, '*'], depth + 1);
  };
  walk(root, [], 0);
  return out;
}

/**
 * The secret fields of every step that has any, by step id.
 * @param definitions - the loaded definitions
 */
export function secretPaths(definitions: Definitions): Record<string, SecretField[]> {
  const out: Record<string, SecretField[]> = {};
  for (const [id, step] of Object.entries(definitions.steps)) {
    const fields = secretFields(step);
    if (fields.length) out[id] = fields;
  }
  return out;
}

/**
 * A copy of a record with `change` applied to every answered secret value (null, undefined and '' are left alone).
 * @param record - the step record (never mutated)
 * @param fields - its secret fields (secretFields)
 * @param change - what to do with one value: seal, open or mask it
 */
export function mapSecrets(
  record: JsonObject,
  fields: SecretField[],
  change: (value: unknown, field: SecretField, path: string) => unknown,
): JsonObject {
  const apply = (node: unknown, field: SecretField, at: number, trail: string[]): unknown => {
    if (at === field.path.length)
      return node === null || node === undefined || node === '' ? node : change(node, field, trail.join('.'));
    const seg = field.path[at];
    if (seg === '*')
      return Array.isArray(node) ? node.map((row, i) => apply(row, field, at + 1, [...trail, String(i)])) : node;
    if (!node || typeof node !== 'object' || Array.isArray(node) || !(seg in node)) return node;
    return { ...(node as JsonObject), [seg]: apply((node as JsonObject)[seg], field, at + 1, [...trail, seg]) };
  };
  let out: unknown = record;
  for (const field of fields) out = apply(out, field, 0, []);
  return out as JsonObject;
}

/**
 * Masks one secret value: every letter and digit but the last `showLast` becomes `*`; spaces and dashes stay.
 * @param value - the value
 * @param showLast - how many last letters and digits stay readable
 * @example maskValue('046 454 286', 3) // '*** *** 286'
 */
export function maskValue(value: unknown, showLast: number): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  let keep = showLast;
  const chars = [...text];
  for (let i = chars.length - 1; i >= 0; i--) {
    if (!/[\p{L}\p{N}]/u.test(chars[i])) continue;
    if (keep > 0) keep -= 1;
    else chars[i] = '*';
  }
  return chars.join('');
}

/**
 * A copy of a step record with its secret answers masked, for lists, the review, audit rows and logs.
 * @param step - the step's definition
 * @param record - the record (never mutated)
 */
export function maskSecrets(step: StepDefinition | undefined, record: JsonObject): JsonObject {
  return mapSecrets(record, secretFields(step), (value, field) => maskValue(value, field.showLast));
}
