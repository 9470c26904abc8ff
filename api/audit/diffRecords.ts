import type { JsonObject } from '../types.ts';

/** One field's change, as the audit trail records it. */
export interface FieldChange {
  /** The dotted path of the field inside its record (`lifestyle_data_1.smoker`, `beneficiaries.0.name`). */
  field: string;
  from: unknown;
  to: unknown;
}

/** How a secret at a path is recorded (masked), or undefined for a field that is not secret. */
export type MaskAt = (path: string) => ((value: unknown) => unknown) | undefined;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function leaves(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (isObject(value)) {
    for (const [key, inner] of Object.entries(value)) leaves(inner, prefix ? `${prefix}.${key}` : key, out);
  } else if (Array.isArray(value)) {
    // An empty list holds no answer: a new record's [] is not a change, and emptying a list shows as its items removed.
    value.forEach((inner, i) => leaves(inner, `${prefix}.${i}`, out));
  } else if (value !== undefined) {
    out.set(prefix, value);
  }
}

const join = (prefix: string, key: string | number): string => (prefix ? `${prefix}.${key}` : String(key));

/** Leaves are primitives: most are the same value, and need no text to say so. */
const same = (from: unknown, to: unknown): boolean => from === to || JSON.stringify(from) === JSON.stringify(to);

/**
 * Walks two versions of a subtree together: a subtree the save kept (the same object) or two objects (or two lists)
 * are compared key by key, so unchanged parts cost no flattening; only where the shapes differ are both sides
 * flattened to their leaves and compared path by path.
 */
function walk(was: unknown, now: unknown, prefix: string, out: Map<string, [unknown, unknown]>): void {
  if (was === now) return;
  if (isObject(was) && isObject(now)) {
    for (const key of Object.keys(was)) walk(was[key], now[key], join(prefix, key), out);
    for (const key of Object.keys(now)) if (!(key in was)) walk(undefined, now[key], join(prefix, key), out);
    return;
  }
  if (Array.isArray(was) && Array.isArray(now)) {
    for (let i = 0; i < Math.max(was.length, now.length); i++) walk(was[i], now[i], join(prefix, i), out);
    return;
  }
  const before = new Map<string, unknown>();
  const after = new Map<string, unknown>();
  leaves(was, prefix, before);
  leaves(now, prefix, after);
  for (const [field, from] of before) {
    const to = after.has(field) ? after.get(field) : null;
    if (!same(from, to)) out.set(field, [from, to]);
  }
  for (const [field, to] of after) if (!before.has(field) && !same(null, to)) out.set(field, [null, to]);
}

/**
 * The fields that differ between two versions of a record, leaf by leaf, in a stable order. A field that appears
 * or disappears changes from or to null. Values are compared whole and recorded masked at secret paths.
 * @param before - the record before the change (undefined when it is new)
 * @param after - the record after it (undefined when it is removed)
 * @param maskAt - the mask of a dotted path that holds a secret (a SIN)
 */
export function diffRecords(before: unknown, after: unknown, maskAt: MaskAt = () => undefined): FieldChange[] {
  const found = new Map<string, [unknown, unknown]>();
  walk(before ?? {}, after ?? {}, '', found);
  const changes: FieldChange[] = [];
  for (const field of [...found.keys()].sort()) {
    const [from, to] = found.get(field) as [unknown, unknown];
    const mask = maskAt(field);
    const shown = (v: unknown): unknown => (mask && v !== null && v !== '' ? mask(v) : v);
    changes.push({ field, from: shown(from), to: shown(to) });
  }
  return changes;
}
