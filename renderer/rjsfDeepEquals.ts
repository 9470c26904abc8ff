/**
 * Stands in for @rjsf/utils' deepEquals in the app's build (scripts/rjsfDeepEqualsPlugin.ts): rjsf builds it from
 * fast-equals' createCustomEqual (about 3 KB brotli of the wizard's JavaScript) with functions always equal and
 * circular references tracked. rjsf compares what its props and state hold (form data, schemas, ui schemas, the
 * registry, React elements), so this keeps fast-equals' rules for those: same constructor, own enumerable keys,
 * React's `_owner` skipped, dates by time, regular expressions by source and flags, maps and sets by content, NaN
 * equal to itself. Any other object (a typed array, an error, a promise) equals only itself, where fast-equals may
 * look inside: rjsf then takes it as changed, which costs a render and gives the same form.
 */

type Pairs = WeakMap<object, object>;

function isReactProperty(a: object, b: object, key: string): boolean {
  return (key === '_owner' || key === '__o' || key === '__v') && Boolean('$$typeof' in a || '$$typeof' in b);
}

function objectsEqual(a: Record<string, unknown>, b: Record<string, unknown>, seen: Pairs): boolean {
  const keys = Object.keys(a);
  const keysB = Object.keys(b);
  if (keys.length !== keysB.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (isReactProperty(a, b, key)) continue;
    // Objects built alike list their keys in the same order: the key is then known to be b's own enumerable one.
    if (key !== keysB[i] && !Object.prototype.propertyIsEnumerable.call(b, key)) return false;
    if (!equal(a[key], b[key], seen)) return false;
  }
  return true;
}

/** Each entry of `a` matched to a distinct entry of `b`, in any order (fast-equals' rule for maps and sets). */
function entriesEqual(a: [unknown, unknown][], b: [unknown, unknown][], seen: Pairs): boolean {
  if (a.length !== b.length) return false;
  const matched = new Array<boolean>(b.length).fill(false);
  return a.every(([key, value]) => {
    const i = b.findIndex(([k, v], j) => !matched[j] && equal(key, k, seen) && equal(value, v, seen));
    if (i < 0) return false;
    matched[i] = true;
    return true;
  });
}

function contentsEqual(a: object, b: object, seen: Pairs): boolean {
  const constructor: unknown = a.constructor;
  if (constructor !== b.constructor) return false;
  // Records first: most of what rjsf compares.
  if (constructor === Object) return objectsEqual(a as Record<string, unknown>, b as Record<string, unknown>, seen);
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let i = 0; i < a.length; i++) if (!equal(a[i], other[i], seen)) return false;
    return true;
  }
  if (a instanceof Date) return Object.is(a.getTime(), (b as Date).getTime());
  if (a instanceof RegExp) return a.source === (b as RegExp).source && a.flags === (b as RegExp).flags;
  if (a instanceof Map) return entriesEqual([...a], [...(b as Map<unknown, unknown>)], seen);
  if (a instanceof Set) {
    const pairs = (set: Set<unknown>): [unknown, unknown][] => [...set].map((v) => [v, v]);
    return entriesEqual(pairs(a), pairs(b as Set<unknown>), seen);
  }
  if (constructor == null || Object.prototype.toString.call(a) === '[object Object]')
    return objectsEqual(a as Record<string, unknown>, b as Record<string, unknown>, seen);
  return false;
}

function equal(a: unknown, b: unknown, seen: Pairs): boolean {
  if (a === b) return true;
  if (a == null || b == null || typeof a !== typeof b) return false;
  if (typeof a === 'function') return true;
  if (typeof a === 'number' || typeof a === 'bigint') return a !== a && b !== b;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  // A pair already being compared (a cycle) is taken as equal for as long as it is being compared.
  const pairA = seen.get(a);
  const pairB = seen.get(b);
  if (pairA && pairB) return pairA === b && pairB === a;
  seen.set(a, b);
  seen.set(b, a);
  const result = contentsEqual(a, b, seen);
  seen.delete(a);
  seen.delete(b);
  return result;
}

/**
 * True when `a` and `b` are deeply equal, any two functions being equal (rjsf's deepEquals).
 * @param a - the first value
 * @param b - the second value
 * @returns whether they are equal
 */
export default function deepEquals(a: unknown, b: unknown): boolean {
  return equal(a, b, new WeakMap());
}
