import { constantOf } from './constantOf.ts';
import { isLogic } from './mapDocument.ts';
import type { DocumentMapping } from './types.ts';

/** What a name bound by `$let`, `$with` or a list (`$item`) stands for: a node of the mapping, read in its scope. */
interface Binding {
  node: unknown;
  scope: Scope;
  /** Segments the binding adds before the segments read through it (`*` for a row of a list). */
  prefix: string[];
}

interface Scope {
  bindings: Record<string, Binding>;
  /** Inside some/all/none/map/filter/reduce, plain vars read the rows of this list. */
  rows?: Binding;
}

type Templates = Record<string, unknown>;

/** Operations whose second argument is evaluated against each row of the first. */
const ROW_OPERATIONS = new Set(['some', 'all', 'none', 'map', 'filter', 'reduce']);
/** Operations whose result may be one of their operands (so a part of the result is a part of an operand). */
const PASS_THROUGH = new Set(['or', 'and', 'merge', 'filter']);
const MAX_DEPTH = 64;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const args = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
const isIndex = (seg: string): boolean => seg === '*' || /^\d+$/.test(seg);

function bind(scope: Scope, name: string, binding: Binding): Scope {
  return { ...scope, bindings: { ...scope.bindings, [name]: binding } };
}

/** Binds names in order, as mapDocument does, so a later binding may read an earlier one. */
function bindAll(spec: unknown, scope: Scope): Scope {
  let out = scope;
  if (isObject(spec))
    for (const [name, node] of Object.entries(spec)) out = bind(out, name, { node, scope: out, prefix: [] });
  return out;
}

/** A whole name bound to a node (not a row of a list), for constantOf. */
const boundNode = (name: string, scope: Scope): { node: unknown; scope: Scope } | undefined => {
  const binding = scope.bindings[name];
  return binding && binding.prefix.length === 0 ? { node: binding.node, scope: binding.scope } : undefined;
};

/**
 * Collects the data paths the value at `suffix` inside `node` is built from. An empty suffix asks for the node's
 * value as a whole (every answer it is computed from); a non-empty one asks for a part of a copied object or list.
 */
function collect(
  node: unknown,
  scope: Scope,
  suffix: string[],
  templates: Templates,
  out: Set<string>,
  depth: number,
): void {
  if (depth > MAX_DEPTH || node === null || typeof node !== 'object') return;
  const next = (n: unknown, s: Scope, rest: string[]): void => collect(n, s, rest, templates, out, depth + 1);
  if (Array.isArray(node)) {
    if (suffix.length === 0) node.forEach((n) => next(n, scope, []));
    else if (isIndex(suffix[0]))
      node.forEach((n, i) => (suffix[0] === '*' || String(i) === suffix[0]) && next(n, scope, suffix.slice(1)));
    return;
  }
  const own = node as Record<string, unknown>;
  if (isLogic(own)) return logicSources(own, scope, suffix, templates, out, depth);
  if ('$value' in own) return;
  if ('$is' in own) return next(own.$is, scope, suffix);
  if ('$let' in own) return next(own.$in, bindAll(own.$let, scope), suffix);
  if ('$use' in own) return next(templates[String(own.$use)], bindAll(own.$with, scope), suffix);
  if ('$if' in own) return branchSources(args(own.$if), suffix, (n, rest) => next(n, scope, rest), out);
  if ('$label' in own) {
    const [, , value, fallback] = args(own.$label);
    next(value, scope, []);
    next(fallback, scope, []);
    return;
  }
  if ('$merge' in own) return args(own.$merge).forEach((part) => next(part, scope, suffix));
  if ('$each' in own || '$entries' in own) {
    const list = '$entries' in own ? own.$entries : own.$each;
    if (suffix.length === 0) return next(list, scope, []);
    const row: Binding = { node: list, scope, prefix: ['*'] };
    let inner = bind(scope, '$item', row);
    if (typeof own.$as === 'string') inner = bind(inner, own.$as, row);
    return next(own.$to, inner, suffix.slice(1));
  }
  if (suffix.length === 0) return;
  const [key, ...rest] = suffix;
  const explicit = Object.keys(own).filter((k) => !k.startsWith('$'));
  for (const k of explicit) if (key === '*' || k === key) next(own[k], scope, rest);
  if ('$spread' in own && (key === '*' || !explicit.includes(key))) {
    const except = new Set(args(own.$except).map(String));
    if (!except.has(key)) for (const source of args(own.$spread)) next(source, scope, suffix);
  }
}

/**
 * The sources of a conditional (`if` of JSON-Logic, `$if` of a mapping): those of its branches; the answers only
 * tested count when every branch is a fixed value (a yes/no worked out from a choice), and only for the whole value.
 */
function branchSources(
  list: unknown[],
  suffix: string[],
  visit: (node: unknown, rest: string[]) => void,
  out: Set<string>,
): void {
  const values: unknown[] = [];
  const tests: unknown[] = [];
  list.forEach((n, i) => (i % 2 === 0 && i + 1 < list.length ? tests : values).push(n));
  const before = out.size;
  for (const v of values) visit(v, suffix);
  if (out.size === before && suffix.length === 0) for (const t of tests) visit(t, []);
}

function logicSources(
  logic: Record<string, unknown>,
  scope: Scope,
  suffix: string[],
  templates: Templates,
  out: Set<string>,
  depth: number,
): void {
  const [op, raw] = Object.entries(logic)[0];
  const list = args(raw);
  const next = (n: unknown, s: Scope, rest: string[]): void => collect(n, s, rest, templates, out, depth + 1);
  if (op === 'var') {
    const path =
      typeof list[0] === 'string' || typeof list[0] === 'number'
        ? String(list[0])
        : constantOf(list[0], scope, boundNode)?.value;
    if (typeof path === 'string') readVar(path, scope, suffix, templates, out, depth);
    if (list.length > 1) next(list[1], scope, suffix);
    return;
  }
  if (op === 'if' || op === '?:') return branchSources(list, suffix, (n, rest) => next(n, scope, rest), out);
  if (suffix.length > 0) {
    if (PASS_THROUGH.has(op)) (op === 'filter' ? [list[0]] : list).forEach((n) => next(n, scope, suffix));
    return;
  }
  if (ROW_OPERATIONS.has(op)) {
    next(list[0], scope, []);
    const rows: Binding = { node: list[0], scope, prefix: ['*'] };
    list.slice(1).forEach((n) => next(n, { bindings: {}, rows }, []));
    return;
  }
  if (op === 'sum' && typeof list[1] === 'string') return next(list[0], scope, ['*', list[1]]);
  list.forEach((n) => next(n, scope, []));
}

function readVar(
  path: string,
  scope: Scope,
  suffix: string[],
  templates: Templates,
  out: Set<string>,
  depth: number,
): void {
  const segs = path === '' ? [] : path.split('.');
  if (scope.rows) {
    // A row operation's vars read the row (reduce names it `current`; its accumulator is no answer).
    if (segs[0] === 'accumulator') return;
    const inRow = segs[0] === 'current' ? segs.slice(1) : segs;
    const { node, scope: s, prefix } = scope.rows;
    return collect(node, s, [...prefix, ...inRow, ...suffix], templates, out, depth + 1);
  }
  if (segs.length === 0) return;
  const binding = scope.bindings[segs[0]];
  if (binding)
    return collect(
      binding.node,
      binding.scope,
      [...binding.prefix, ...segs.slice(1), ...suffix],
      templates,
      out,
      depth + 1,
    );
  // Names starting with $ are the call's context ($context, $index), not answers.
  if (segs[0].startsWith('$')) return;
  out.add([...segs, ...suffix].map((s) => (/^\d+$/.test(s) ? '*' : s)).join('.'));
}

/**
 * The answers a part of a document is built from: the data paths (step id first, `*` for the rows of a list)
 * that the mapping copies or computes into the value at `path`. Follows `$let`/`$use` bindings, templates,
 * `$spread`, `$merge`, `$each`/`$entries` rows and `$if` branches statically, so callers can work it out once
 * per mapping. A conditional counts its branches; what it only tests counts when every branch is a fixed value.
 * @param mapping - a document mapping (steps/<id>/documents/<name>.json)
 * @param path - a dotted path in the built document; `*` stands for any row of a list or key of keyed entries
 * @returns the source paths, sorted; empty when the value is fixed or comes from the call's context only
 * @example documentSources(payload, 'owner_information.owner_info.owner1_sin') // ['tax-information.owner1_sin_part1', …]
 */
export function documentSources(mapping: DocumentMapping, path: string): string[] {
  const out = new Set<string>();
  const templates = (mapping.templates ?? {}) as Templates;
  collect(mapping.document, { bindings: {} }, path === '' ? [] : path.split('.'), templates, out, 0);
  return [...out].sort();
}
