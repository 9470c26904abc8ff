import type { JsonObject } from './types.ts';

/** Splits a dotted path (`insured_1.primary_beneficiaries.0.full_name`) into its segments. */
export function splitPath(path: string): string[] {
  return path === '' ? [] : path.split('.');
}

/**
 * Reads the value at a dotted path.
 * @param root - the object to read from
 * @param path - dotted path; numeric segments index arrays
 * @returns the value, or undefined when any step is missing
 */
export function getPath(root: unknown, path: string | string[]): unknown {
  const parts = typeof path === 'string' ? splitPath(path) : path;
  let cur: unknown = root;
  for (const p of parts) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur;
}

function shallowCopy(value: unknown): Record<string, unknown> | unknown[] {
  return Array.isArray(value) ? value.slice() : { ...(value as Record<string, unknown>) };
}

/**
 * Returns a copy of `root` with `value` at `path`, copying only the objects along the path.
 * Missing objects on the way are created (arrays when the next segment is numeric).
 * @param root - the record to change (never mutated)
 * @param path - dotted path of the field to write
 * @param value - the new value; `undefined` removes the key
 */
export function setPath<T extends JsonObject>(root: T, path: string | string[], value: unknown): T {
  const parts = typeof path === 'string' ? splitPath(path) : path;
  if (parts.length === 0) return root;
  const out = shallowCopy(root) as Record<string, unknown>;
  let cur: Record<string, unknown> = out;
  for (let i = 0; i < parts.length - 1; i++) {
    const key = parts[i];
    const next = cur[key];
    const copy = next !== null && typeof next === 'object' ? shallowCopy(next) : /^\d+$/.test(parts[i + 1]) ? [] : {};
    cur[key] = copy;
    cur = copy as Record<string, unknown>;
  }
  const last = parts[parts.length - 1];
  if (value === undefined) {
    if (Array.isArray(cur)) cur[Number(last)] = undefined;
    else delete cur[last];
  } else {
    cur[last] = value;
  }
  return out as T;
}

/**
 * Expands a target with `*` segments into the concrete paths present in `root`.
 * @returns each concrete path with the rows bound at each `*` (innermost last) and their indices
 */
export function expandTarget(root: unknown, target: string): { path: string; rows: unknown[]; indices: number[] }[] {
  // Most targets are plain fields: no need to split them (a save expands every rule's target).
  if (!target.includes('*')) return [{ path: target, rows: [], indices: [] }];
  const parts = splitPath(target);
  if (!parts.includes('*')) return [{ path: target, rows: [], indices: [] }];
  const out: { path: string; rows: unknown[]; indices: number[] }[] = [];
  const walk = (node: unknown, i: number, prefix: string[], rows: unknown[], indices: number[]): void => {
    if (i === parts.length) {
      out.push({ path: prefix.join('.'), rows, indices });
      return;
    }
    const seg = parts[i];
    if (seg === '*') {
      if (!Array.isArray(node)) return;
      node.forEach((row, idx) => walk(row, i + 1, [...prefix, String(idx)], [...rows, row], [...indices, idx]));
      return;
    }
    const next = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[seg] : undefined;
    walk(next, i + 1, [...prefix, seg], rows, indices);
  };
  walk(root, 0, [], [], []);
  return out;
}

/**
 * A test of whether a path equals one of the prefixes or lies inside one (`a.b` is inside `a`), in
 * time bounded by the path's depth rather than by the number of prefixes.
 * @param prefixes - dotted paths
 * @returns the test
 */
export function withinAny(prefixes: Iterable<string>): (path: string) => boolean {
  const set = new Set(prefixes);
  if (set.size === 0) return () => false;
  return (path) => {
    if (set.has(path)) return true;
    for (let dot = path.indexOf('.'); dot !== -1; dot = path.indexOf('.', dot + 1))
      if (set.has(path.slice(0, dot))) return true;
    return false;
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The dotted paths of the leaves whose values differ between two records: objects are compared key by key, anything
 * else (a list included) as one value.
 * @example changedPaths({ a: { b: 1, c: 2 } }, { a: { b: 1, c: 3 } }) // ['a.c']
 */
export function changedPaths(a: unknown, b: unknown, prefix = ''): string[] {
  if (isPlainObject(a) && isPlainObject(b)) {
    const out: string[] = [];
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
      out.push(...changedPaths(a[key], b[key], prefix ? `${prefix}.${key}` : key));
    return out;
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [prefix];
}

/**
 * `record` with every value `given` holds written over it: objects are merged key by key, anything else (a list, a
 * null) replaces what the record has; keys `given` lacks keep the record's value.
 * @param record - the record (never mutated)
 * @param given - the values that win
 */
export function overlay<T extends JsonObject>(record: T, given: JsonObject): T {
  let out = record;
  for (const [key, value] of Object.entries(given)) {
    if (value === undefined) continue;
    const current = out[key];
    const next = isPlainObject(value) && isPlainObject(current) ? overlay(current, value) : value;
    if (next !== current) out = { ...out, [key]: next };
  }
  return out;
}
