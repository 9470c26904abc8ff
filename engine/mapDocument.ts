import { applyLogic } from './effects.ts';
import { knownOperations } from './operations.ts';
import type { DocumentMapping } from './types.ts';

/** Looks up the label product staff gave a value (ui.json `ui:enumNames`). */
export type LabelLookup = (stepId: string, path: string, value: unknown) => string | undefined;

/** Thrown by mapDocument when a check of the mapping holds. */
export class DocumentCheckError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DocumentCheckError';
  }
}

/** What a node maps to when it is left out of its parent object or array. */
const OMIT = Symbol('omit');

type Scope = Record<string, unknown>;

const DIRECTIVES = new Set([
  '$is',
  '$spread',
  '$except',
  '$when',
  '$optional',
  '$each',
  '$entries',
  '$key',
  '$to',
  '$as',
  '$merge',
  '$if',
  '$use',
  '$with',
  '$let',
  '$in',
  '$label',
  '$value',
]);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** True when a node is one JSON-Logic expression (a single key naming an operation). */
export function isLogic(node: unknown): boolean {
  if (!isPlainObject(node)) return false;
  const keys = Object.keys(node);
  return keys.length === 1 && knownOperations.has(keys[0]);
}

function truthy(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}

/** A scope that sees everything of its parent, plus some bindings of its own. */
function bind(scope: Scope, bindings: Scope): Scope {
  const child = Object.create(scope) as Scope;
  Object.assign(child, bindings);
  return child;
}

/**
 * Builds a document from a mapping.
 * @param mapping - the parsed mapping file
 * @param data - the application data keyed by step id (normally the engine's values), with `$context`
 * @param label - the label lookup for `$label` nodes (the engine passes its own)
 * @returns the document
 * @throws DocumentCheckError when one of the mapping's checks holds
 * @example mapDocument(payloadMapping, data, engine.labelOf).application_info.product_type
 */
export function mapDocument(
  mapping: DocumentMapping,
  data: Record<string, unknown>,
  label: LabelLookup = () => undefined,
): unknown {
  const root = bind(data, {});
  for (const check of mapping.checks ?? []) {
    if (truthy(applyLogic(check.when, root))) throw new DocumentCheckError(check.code, check.message, check.field);
  }
  const templates = mapping.templates ?? {};

  /** Binds names in order, so a later binding may read an earlier one. */
  const withBindings = (spec: unknown, scope: Scope): Scope => {
    let out = scope;
    if (isPlainObject(spec))
      for (const [name, node] of Object.entries(spec)) out = bind(out, { [name]: finish(map(node, out)) });
    return out;
  };

  const rows = (logic: unknown, scope: Scope): unknown[] => {
    const list = isLogic(logic) ? applyLogic(logic, scope) : map(logic, scope);
    return Array.isArray(list) ? list : [];
  };

  const map = (node: unknown, scope: Scope): unknown => {
    if (node === null || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map((n) => map(n, scope)).filter((v) => v !== OMIT);
    if (isLogic(node)) {
      const value = applyLogic(node, scope);
      return value === undefined ? null : value;
    }
    const own = node as Record<string, unknown>;
    if ('$value' in own) return own.$value;
    if ('$when' in own && !truthy(map(own.$when, scope))) return null;
    if ('$optional' in own && !truthy(map(own.$optional, scope))) return OMIT;
    if ('$is' in own) return map(own.$is, scope);
    if ('$let' in own) return map(own.$in, withBindings(own.$let, scope));
    if ('$use' in own) {
      const name = String(own.$use);
      if (!(name in templates)) throw new Error(`template "${name}" is not defined`);
      return map(templates[name], withBindings(own.$with, scope));
    }
    if ('$if' in own) {
      const branches = Array.isArray(own.$if) ? own.$if : [];
      let i = 0;
      for (; i + 1 < branches.length; i += 2) if (truthy(map(branches[i], scope))) return map(branches[i + 1], scope);
      return i < branches.length ? map(branches[i], scope) : null;
    }
    if ('$label' in own) {
      const [stepId, path, value, fallback = null] = Array.isArray(own.$label) ? own.$label : [];
      const raw = map(value, scope);
      const text =
        raw === null || raw === undefined || raw === '' ? undefined : label(String(stepId), String(path), raw);
      return text || map(fallback, scope);
    }
    if ('$merge' in own) {
      const parts = (Array.isArray(own.$merge) ? own.$merge : []).map((n) => map(n, scope));
      if (parts.every(Array.isArray)) return (parts as unknown[][]).flat();
      return Object.assign({}, ...parts.filter(isPlainObject));
    }
    if ('$each' in own || '$entries' in own) {
      const keyed = '$entries' in own;
      const list = rows(keyed ? own.$entries : own.$each, scope);
      const alias = typeof own.$as === 'string' ? own.$as : undefined;
      const out: unknown[] = [];
      const entries: Record<string, unknown> = {};
      list.forEach((item, index) => {
        const inner = bind(scope, { $item: item, $index: index, ...(alias ? { [alias]: item } : {}) });
        const value = map(own.$to, inner);
        if (value === OMIT) return;
        if (keyed) entries[String(finish(map(own.$key, inner)))] = value;
        else out.push(value);
      });
      return keyed ? entries : out;
    }
    const out: Record<string, unknown> = {};
    if ('$spread' in own) {
      const except = new Set(Array.isArray(own.$except) ? own.$except.map(String) : []);
      const sources = Array.isArray(own.$spread) ? own.$spread : [own.$spread];
      for (const source of sources) {
        const value = map(source, scope);
        if (isPlainObject(value)) for (const [k, v] of Object.entries(value)) if (!except.has(k)) out[k] = v;
      }
    }
    for (const [key, child] of Object.entries(own)) {
      if (DIRECTIVES.has(key)) continue;
      const value = map(child, scope);
      if (value !== OMIT) out[key] = value;
    }
    return out;
  };

  const finish = (value: unknown): unknown => (value === OMIT ? null : value);
  return finish(map(mapping.document, root));
}
