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

/**
 * The fields that differ between two versions of a record, leaf by leaf, in a stable order. A field that appears
 * or disappears changes from or to null. Values are compared whole and recorded masked at secret paths.
 * @param before - the record before the change (undefined when it is new)
 * @param after - the record after it (undefined when it is removed)
 * @param maskAt - the mask of a dotted path that holds a secret (a SIN)
 */
export function diffRecords(before: unknown, after: unknown, maskAt: MaskAt = () => undefined): FieldChange[] {
  const was = new Map<string, unknown>();
  const now = new Map<string, unknown>();
  leaves(before ?? {}, '', was);
  leaves(after ?? {}, '', now);
  const changes: FieldChange[] = [];
  for (const field of [...new Set([...was.keys(), ...now.keys()])].sort()) {
    const from = was.has(field) ? was.get(field) : null;
    const to = now.has(field) ? now.get(field) : null;
    // Leaves are primitives: most are the same value, and need no text to say so.
    if (from === to || JSON.stringify(from) === JSON.stringify(to)) continue;
    const mask = maskAt(field);
    const shown = (v: unknown): unknown => (mask && v !== null && v !== '' ? mask(v) : v);
    changes.push({ field, from: shown(from), to: shown(to) });
  }
  return changes;
}
