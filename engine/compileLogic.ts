import jsonLogic from 'json-logic-js';
import { customOperations, operationsRegistered } from './operations.ts';

/** A JSON-Logic expression turned into a function of the data. */
export type CompiledLogic = (data: unknown) => unknown;

// Every operation here mirrors json-logic-js 2.0.5 (node_modules/json-logic-js/logic.js) as it is written: the compiled
// closures must give exactly its results, coercions and throws included, only without re-reading the logic each call.

type Args = unknown[];

const cache = new WeakMap<object, CompiledLogic>();

function truthy(value: unknown): boolean {
  if (Array.isArray(value) && value.length === 0) return false;
  return !!value;
}

function isPrimitive(value: unknown): boolean {
  return value === null || typeof value !== 'object';
}

/** json-logic-js's is_logic: an object, not an array, with exactly one key. */
function isLogic(logic: unknown): logic is Record<string, unknown> {
  return typeof logic === 'object' && logic !== null && !Array.isArray(logic) && Object.keys(logic).length === 1;
}

function constant(value: unknown): CompiledLogic {
  return () => value;
}

/** `var` with a path known when compiling: split once. Returns `notFound` where json-logic-js returns its default. */
function pathGetter(path: unknown): (data: unknown, notFound: unknown) => unknown {
  if (typeof path === 'undefined' || path === '' || path === null) return (data) => data;
  const parts = String(path).split('.');
  if (parts.length === 1) {
    const key = parts[0];
    return (data, notFound) => {
      if (data === null || data === undefined) return notFound;
      const value = (data as Record<string, unknown>)[key];
      return value === undefined ? notFound : value;
    };
  }
  return (data, notFound) => {
    let at = data;
    for (const key of parts) {
      if (at === null || at === undefined) return notFound;
      at = (at as Record<string, unknown>)[key];
      if (at === undefined) return notFound;
    }
    return at;
  };
}

function varOf(data: unknown, path: unknown, fallback: unknown): unknown {
  return pathGetter(path)(data, fallback === undefined ? null : fallback);
}

/** `missing` over evaluated arguments: a key that is itself logic is evaluated again, as json-logic-js does. */
function missingOf(args: ArrayLike<unknown>, data: unknown): unknown[] {
  const keys = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  const missing: unknown[] = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const value = isPrimitive(key) ? varOf(data, key, undefined) : applyInterpreted({ var: key }, data);
    if (value === null || value === '') missing.push(key);
  }
  return missing;
}

function applyInterpreted(logic: unknown, data: unknown): unknown {
  return jsonLogic.apply(logic as Parameters<typeof jsonLogic.apply>[0], data);
}

function parse(value: unknown): number {
  return parseFloat(value as string);
}

// The operations json-logic-js calls with the evaluated arguments (its `operations` table), by name.
const builtins = new Map<string, (args: Args, data: unknown) => unknown>([
  ['==', ([a, b]) => a == b],
  ['===', ([a, b]) => a === b],
  ['!=', ([a, b]) => a != b],
  ['!==', ([a, b]) => a !== b],
  ['>', ([a, b]) => (a as number) > (b as number)],
  ['>=', ([a, b]) => (a as number) >= (b as number)],
  [
    '<',
    ([a, b, c]) =>
      c === undefined ? (a as number) < (b as number) : (a as number) < (b as number) && (b as number) < (c as number),
  ],
  [
    '<=',
    ([a, b, c]) =>
      c === undefined
        ? (a as number) <= (b as number)
        : (a as number) <= (b as number) && (b as number) <= (c as number),
  ],
  ['!!', ([a]) => truthy(a)],
  ['!', ([a]) => !truthy(a)],
  ['%', ([a, b]) => (a as number) % (b as number)],
  [
    'in',
    ([a, b]) => {
      if (!b || typeof (b as { indexOf?: unknown }).indexOf === 'undefined') return false;
      return (b as unknown[]).indexOf(a) !== -1;
    },
  ],
  ['cat', (args) => args.join('')],
  [
    'substr',
    ([source, start, end]) => {
      if ((end as number) < 0) {
        // JavaScript's substr takes no negative length: json-logic-js emulates PHP's.
        const temp = String(source).substr(start as number);
        return temp.substr(0, temp.length + (end as number));
      }
      return String(source).substr(start as number, end as number);
    },
  ],
  ['+', (args) => args.reduce<number>((a, b) => parse(a) + parse(b), 0)],
  // No initial value, as in json-logic-js: one argument comes back uncast, none throws.
  ['*', (args) => args.reduce((a, b) => parse(a) * parse(b))],
  ['-', ([a, b]) => (b === undefined ? -(a as number) : (a as number) - (b as number))],
  ['/', ([a, b]) => (a as number) / (b as number)],
  ['min', (args) => Math.min(...(args as number[]))],
  ['max', (args) => Math.max(...(args as number[]))],
  ['merge', (args) => args.reduce<unknown[]>((a, b) => a.concat(b), [])],
  ['var', ([a, b], data) => varOf(data, a, b)],
  ['missing', (args, data) => missingOf(args, data)],
  [
    'missing_some',
    ([needCount, options], data) => {
      const list = options as unknown[];
      // json-logic-js evaluates `{"missing": options}` afresh; only plain keys can skip that.
      const areMissing = (
        Array.isArray(list) && list.every(isPrimitive)
          ? missingOf(list, data)
          : applyInterpreted({ missing: options }, data)
      ) as unknown[];
      return list.length - areMissing.length >= (needCount as number) ? [] : areMissing;
    },
  ],
]);

// Operations whose result never holds an argument: a literal array given to them need not be copied each call.
// Not the equalities: json-logic-js compares fresh copies, so a literal array never equals even itself.
const readsOnly = new Set(['>', '>=', '<', '<=', '!!', '!', '%', 'in', 'cat', 'substr', '+', '-', '/', 'min', 'max']);

function compileArray(logic: unknown[]): CompiledLogic {
  // json-logic-js returns a new array each time; a caller may keep or change it.
  const items = logic.map(compileNode);
  return (data) => {
    const out: unknown[] = [];
    for (const item of items) out.push(item(data));
    return out;
  };
}

function compileArgument(node: unknown, readOnly: boolean): CompiledLogic {
  if (readOnly && Array.isArray(node) && node.every(isPrimitive)) return constant(node);
  return compileNode(node);
}

function compileVar(values: Args): CompiledLogic | undefined {
  const [path, fallback] = values;
  if (!isPrimitive(path) || values.length > 2) return undefined;
  const get = pathGetter(path);
  if (isPrimitive(fallback)) {
    const notFound = fallback === undefined ? null : fallback;
    return (data) => get(data, notFound);
  }
  const fallbackOf = compileNode(fallback);
  return (data) => {
    const f = fallbackOf(data);
    return get(data, f === undefined ? null : f);
  };
}

function compileIf(values: Args): CompiledLogic {
  const parts = values.map(compileNode);
  if (parts.length === 3) {
    const [test, then, otherwise] = parts;
    return (data) => (truthy(test(data)) ? then(data) : otherwise(data));
  }
  return (data) => {
    let i = 0;
    for (; i < parts.length - 1; i += 2) if (truthy(parts[i](data))) return parts[i + 1](data);
    if (parts.length === i + 1) return parts[i](data);
    return null;
  };
}

function compileAndOr(values: Args, isAnd: boolean): CompiledLogic {
  const parts = values.map(compileNode);
  return (data) => {
    let current: unknown;
    for (const part of parts) {
      current = part(data);
      if (truthy(current) !== isAnd) return current;
    }
    return current;
  };
}

function compileScoped(op: string, values: Args): CompiledLogic {
  const listOf = compileNode(values[0]);
  const each = compileNode(values[1]);
  switch (op) {
    case 'filter':
      return (data) => {
        const list = listOf(data);
        return Array.isArray(list) ? list.filter((datum) => truthy(each(datum))) : [];
      };
    case 'map':
      return (data) => {
        const list = listOf(data);
        return Array.isArray(list) ? list.map((datum) => each(datum)) : [];
      };
    case 'reduce': {
      const initialOf = typeof values[2] !== 'undefined' ? compileNode(values[2]) : constant(null);
      return (data) => {
        const list = listOf(data);
        const initial = initialOf(data);
        if (!Array.isArray(list)) return initial;
        return list.reduce((accumulator: unknown, current: unknown) => each({ current, accumulator }), initial);
      };
    }
    case 'all':
      return (data) => {
        const list = listOf(data);
        if (!Array.isArray(list) || !list.length) return false;
        for (const datum of list) if (!truthy(each(datum))) return false;
        return true;
      };
    case 'none':
      return (data) => {
        const list = listOf(data);
        if (!Array.isArray(list) || !list.length) return true;
        for (const datum of list) if (truthy(each(datum))) return false;
        return true;
      };
    default: // some
      return (data) => {
        const list = listOf(data);
        if (!Array.isArray(list) || !list.length) return false;
        for (const datum of list) if (truthy(each(datum))) return true;
        return false;
      };
  }
}

const SCOPED = new Set(['filter', 'map', 'reduce', 'all', 'none', 'some']);

/** Calls `run` with the evaluated arguments (the common arities without a map over the closures). */
function withArguments(parts: CompiledLogic[], run: (args: Args, data: unknown) => unknown): CompiledLogic {
  if (parts.length === 1) {
    const [a] = parts;
    return (data) => run([a(data)], data);
  }
  if (parts.length === 2) {
    const [a, b] = parts;
    return (data) => run([a(data), b(data)], data);
  }
  return (data) =>
    run(
      parts.map((part) => part(data)),
      data,
    );
}

function compileOperation(logic: Record<string, unknown>): CompiledLogic {
  const op = Object.keys(logic)[0];
  const raw = logic[op];
  const values: Args = Array.isArray(raw) ? raw : [raw];
  if (op === 'if' || op === '?:') return compileIf(values);
  if (op === 'and' || op === 'or') return compileAndOr(values, op === 'and');
  if (SCOPED.has(op)) return compileScoped(op, values);
  if (op === 'var') {
    const fast = compileVar(values);
    if (fast) return fast;
  }
  const builtin = builtins.get(op);
  if (builtin) {
    const readOnly = readsOnly.has(op);
    return withArguments(
      values.map((v) => compileArgument(v, readOnly)),
      builtin,
    );
  }
  if (Object.prototype.hasOwnProperty.call(customOperations, op)) {
    const fn = customOperations[op];
    const call = withArguments(values.map(compileNode), (args) => fn(...args));
    // Before registerOperations, json-logic-js does not know our operations (it throws): neither do we.
    return (data) => (operationsRegistered() ? call(data) : applyInterpreted(logic, data));
  }
  // An operation not compiled here (log, dotted names, unknown ones): json-logic-js evaluates it, or throws.
  return (data) => applyInterpreted(logic, data);
}

function compileNode(logic: unknown): CompiledLogic {
  if (isPrimitive(logic)) return constant(logic);
  const node = logic as object;
  const hit = cache.get(node);
  if (hit) return hit;
  const compiled = Array.isArray(node) ? compileArray(node) : isLogic(node) ? compileOperation(node) : constant(node);
  cache.set(node, compiled);
  return compiled;
}

/**
 * Compiles a JSON-Logic expression into closures, once per logic object (later calls with the same object return
 * the same function). The function gives exactly json-logic-js's result, with our custom operations; like
 * json-logic-js it throws on an unknown operation and where an operation throws.
 * @param logic - a JSON-Logic expression (or any JSON value: arrays are evaluated element-wise, other values are themselves)
 * @returns the expression as a function of the data
 * @example compileLogic({ '==': [{ var: 'owner.type' }, 'entity'] })({ owner: { type: 'entity' } }) // true
 */
export function compileLogic(logic: unknown): CompiledLogic {
  return compileNode(logic);
}
