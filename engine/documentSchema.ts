import { constantOf } from './constantOf.ts';
import { isLogic } from './mapDocument.ts';
import { schemaAt } from './schemaAt.ts';
import type { DocumentMapping, JsonSchema } from './types.ts';

type Schema = JsonSchema;

/** What a name bound by `$let`, `$with` or a list row stands for. */
interface Binding {
  /** The mapping node, in `scope`, when the name is bound to one (not a row). */
  node?: unknown;
  scope?: Scope;
  /** Known up front for a row; worked out on first use otherwise. */
  schema?: Schema;
}

type Scope = Record<string, Binding>;

const ANY: Schema = {};
const NULL: Schema = { type: 'null' };
const MAX_DEPTH = 64;
const BOOLEAN_OPS = new Set(['==', '===', '!=', '!==', '!', '!!', '<', '>', '<=', '>=', 'in', 'some', 'all', 'none']);
const NUMBER_OPS = new Set(['+', '-', '*', '/', '%', 'min', 'max', 'count', 'sum']);
const STRING_OPS = new Set(['cat', 'substr']);
/** Operations that give text, or null when every part is blank (operations.ts `join`). */
const NULLABLE_STRING_OPS = new Set(['join']);
const ARRAY_OPS = new Set(['merge', 'map', 'filter']);
/** Operations whose result is one of their operands. */
const PASS_THROUGH = new Set(['or', 'and']);

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const args = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
const isAny = (s: Schema): boolean => Object.keys(s).length === 0;

/** The schema of a value that may be any of `parts`: flattened, without repeats; unknown absorbs the rest. */
function union(parts: Schema[]): Schema {
  const out: Schema[] = [];
  const seen = new Set<string>();
  for (const part of parts.flatMap((p) =>
    Object.keys(p).length === 1 && Array.isArray(p.anyOf) ? (p.anyOf as Schema[]) : [p],
  )) {
    if (isAny(part)) return ANY;
    const key = JSON.stringify(part);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(part);
    }
  }
  const merged = mergeObjects(out);
  return merged.length === 1 ? merged[0] : { anyOf: merged };
}

const isObjectSchema = (s: Schema): boolean =>
  s.type === 'object' && isObject(s.properties) && !isObject(s.additionalProperties);

/**
 * Objects that are alternatives (an owner who is an insured, an individual or an entity) become one object whose
 * every property may be any of theirs, so a path into it reads all of them, not only the first.
 */
function mergeObjects(parts: Schema[]): Schema[] {
  const objects = parts.filter(isObjectSchema);
  if (objects.length < 2) return parts;
  const names = [...new Set(objects.flatMap((o) => Object.keys(o.properties as object)))];
  const properties = Object.fromEntries(
    names.map((name) => [name, union(objects.map((o) => (o.properties as Record<string, Schema>)[name] ?? NULL))]),
  );
  const closed = objects.every((o) => o.additionalProperties === false);
  const object: Schema = { type: 'object', ...(closed ? { additionalProperties: false } : {}), properties };
  return [object, ...parts.filter((p) => !isObjectSchema(p))];
}

function literalSchema(value: unknown): Schema {
  if (value === null || value === undefined) return NULL;
  if (Array.isArray(value)) return { type: 'array', items: value.length ? union(value.map(literalSchema)) : ANY };
  if (typeof value === 'object') return { type: 'object' };
  const type = typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
  return { type, enum: [value] };
}

/** A whole name bound to a node (not a row of a list), for constantOf. */
const boundNode = (name: string, scope: Scope): { node: unknown; scope: Scope } | undefined => {
  const binding = scope[name];
  return binding?.node !== undefined && binding.scope ? { node: binding.node, scope: binding.scope } : undefined;
};

/**
 * Works out the JSON Schema of the documents a mapping builds, from the mapping and the step schemas it reads: a
 * copied answer has its step's schema (or null, when unanswered), a computed value the type of its operation,
 * a conditional any of its branches, `$each` a list of its rows and `$entries` an object keyed by its rows. The
 * document's shape is therefore written once, in the mapping, and what reads it, a form's `payload.…`
 * paths and the API's description, follows it.
 * @param mapping - a document mapping (steps/<id>/documents/<name>.json)
 * @param steps - each step's schema.json, keyed by step id
 * @returns a draft-07 schema; the steps' `definitions` are kept, renamed `<stepId>__<name>`
 * @example schemaAt(documentSchema(payload, schemas), …, ['owner_information', 'owner_info_1', 'full_name'])
 */
export function documentSchema(mapping: DocumentMapping, steps: { [stepId: string]: Schema }): Schema {
  const definitions: { [name: string]: Schema } = {};
  const data: { [stepId: string]: Schema } = {};
  for (const [stepId, schema] of Object.entries(steps)) {
    const { definitions: own = {}, $schema: _meta, ...rest } = rewriteRefs(schema, stepId) as Schema;
    void _meta;
    for (const [name, def] of Object.entries(own as Record<string, Schema>)) definitions[`${stepId}__${name}`] = def;
    data[stepId] = rest;
  }
  const root: Schema = { definitions, type: 'object', properties: data };
  const templates = (mapping.templates ?? {}) as Record<string, unknown>;

  const at = (base: Schema, path: string[]): Schema => {
    if (!path.length) return base;
    if (isAny(base)) return ANY;
    const found = schemaAt(base, root, path);
    return found.found ? found.schema : ANY;
  };

  const bindingSchema = (binding: Binding, depth: number): Schema => {
    if (!binding.schema)
      binding.schema =
        binding.node === undefined || !binding.scope ? ANY : schemaOf(binding.node, binding.scope, depth + 1);
    return binding.schema;
  };

  const bindAll = (spec: unknown, scope: Scope): Scope => {
    let out = scope;
    if (isObject(spec)) for (const [name, node] of Object.entries(spec)) out = { ...out, [name]: { node, scope: out } };
    return out;
  };

  const readVar = (path: string, scope: Scope, depth: number): Schema => {
    const [name, ...rest] = path === '' ? [] : path.split('.');
    if (name === undefined) return ANY;
    const binding = scope[name];
    if (binding) return at(bindingSchema(binding, depth), rest);
    // $context is the call's (the chosen insurers, the client): not described by any step.
    if (name.startsWith('$')) return ANY;
    return union([at(root, [name, ...rest]), NULL]);
  };

  const logicSchema = (logic: Record<string, unknown>, scope: Scope, depth: number): Schema => {
    const [op, raw] = Object.entries(logic)[0];
    const list = args(raw);
    if (op === 'var') {
      const path =
        typeof list[0] === 'string' || typeof list[0] === 'number'
          ? String(list[0])
          : constantOf(list[0], scope, boundNode)?.value;
      const read = typeof path === 'string' ? readVar(path, scope, depth) : ANY;
      return list.length > 1 ? union([read, schemaOf(list[1], scope, depth + 1)]) : read;
    }
    if (op === 'if' || op === '?:') return branches(list, (n) => schemaOf(n, scope, depth + 1));
    if (BOOLEAN_OPS.has(op)) return { type: 'boolean' };
    if (NUMBER_OPS.has(op)) return { type: 'number' };
    if (STRING_OPS.has(op)) return { type: 'string' };
    if (NULLABLE_STRING_OPS.has(op)) return { type: ['string', 'null'] };
    if (ARRAY_OPS.has(op)) return { type: 'array' };
    if (PASS_THROUGH.has(op)) return union(list.map((n) => schemaOf(n, scope, depth + 1)));
    const constant = constantOf(logic, scope, boundNode);
    return constant ? literalSchema(constant.value) : ANY;
  };

  /** A conditional's value: any of its branches, or null when none holds and there is no else. */
  const branches = (list: unknown[], schema: (node: unknown) => Schema): Schema => {
    const values = list.filter((_, i) => i % 2 === 1 || i === list.length - 1);
    return union([...values.map(schema), ...(list.length % 2 === 0 ? [NULL] : [])]);
  };

  const objectSchema = (own: Record<string, unknown>, scope: Scope, depth: number): Schema => {
    const properties: Record<string, Schema> = {};
    let closed = true;
    if ('$spread' in own) {
      const except = new Set(args(own.$except).map(String));
      for (const source of args(own.$spread)) {
        const schema = schemaOf(source, scope, depth + 1);
        const names = propertiesOf(schema);
        if (!names) closed = false;
        for (const [name, prop] of Object.entries(names ?? {})) if (!except.has(name)) properties[name] = prop;
      }
    }
    // A key the mapping writes is always in the output (an unknown value is null), unless it is `$optional`.
    const required: string[] = [];
    for (const [key, child] of Object.entries(own)) {
      if (key.startsWith('$')) continue;
      properties[key] = schemaOf(child, scope, depth + 1);
      if (!(isObject(child) && '$optional' in child)) required.push(key);
    }
    return {
      type: 'object',
      ...(closed ? { additionalProperties: false } : {}),
      properties,
      ...(required.length ? { required } : {}),
    };
  };

  /** The properties an object schema declares (through refs and its branches); undefined when it is unknown. */
  const propertiesOf = (schema: Schema): Record<string, Schema> | undefined => {
    const found = schemaAt(schema, root, []);
    if (!found.found || isAny(found.schema)) return undefined;
    const out: Record<string, Schema> = {};
    const visit = (s: Schema): void => {
      const resolved = schemaAt(s, root, []);
      if (!resolved.found) return;
      for (const [name, prop] of Object.entries((resolved.schema.properties ?? {}) as Record<string, Schema>))
        out[name] = out[name] ? union([out[name], prop]) : prop;
      for (const b of [
        ...((resolved.schema.anyOf ?? []) as Schema[]),
        ...((resolved.schema.oneOf ?? []) as Schema[]),
        ...((resolved.schema.allOf ?? []) as Schema[]),
      ])
        visit(b);
    };
    visit(found.schema);
    return out;
  };

  const itemsOf = (list: Schema): Schema => {
    const found = schemaAt(list, root, ['*']);
    return found.found ? found.schema : ANY;
  };

  function schemaOf(node: unknown, scope: Scope, depth: number): Schema {
    if (depth > MAX_DEPTH) return ANY;
    if (!isObject(node))
      return Array.isArray(node)
        ? { type: 'array', items: node.length ? union(node.map((n) => schemaOf(n, scope, depth + 1))) : ANY }
        : literalSchema(node);
    if (isLogic(node)) return logicSchema(node, scope, depth);
    const own = node;
    const next = (n: unknown, s: Scope = scope): Schema => schemaOf(n, s, depth + 1);
    if ('$value' in own) return literalSchema(own.$value);
    if ('$when' in own) {
      const { $when: _test, ...rest } = own;
      void _test;
      return union([next(rest), NULL]);
    }
    if ('$is' in own) return next(own.$is);
    if ('$let' in own) return next(own.$in, bindAll(own.$let, scope));
    if ('$use' in own) return next(templates[String(own.$use)], bindAll(own.$with, scope));
    if ('$if' in own) return branches(args(own.$if), (n) => next(n));
    if ('$label' in own) return { type: ['string', 'null'] };
    if ('$merge' in own) {
      const parts = args(own.$merge).map((n) => next(n));
      if (parts.every((p) => p.type === 'array')) return { type: 'array', items: union(parts.map(itemsOf)) };
      const keyed = parts.map((p) => p.additionalProperties).filter((a): a is Schema => isObject(a));
      return {
        type: 'object',
        properties: Object.assign({}, ...parts.map((p) => propertiesOf(p) ?? {})),
        ...(keyed.length ? { additionalProperties: union(keyed) } : {}),
      };
    }
    if ('$each' in own || '$entries' in own) {
      const keyed = '$entries' in own;
      const row: Binding = { schema: itemsOf(next(keyed ? own.$entries : own.$each)) };
      const inner: Scope = { ...scope, $item: row, ...(typeof own.$as === 'string' ? { [own.$as]: row } : {}) };
      const value = next(own.$to, inner);
      return keyed ? { type: 'object', additionalProperties: value } : { type: 'array', items: value };
    }
    return objectSchema(own, scope, depth);
  }

  const { definitions: _defs, ...document } = schemaOf(mapping.document, {}, 0);
  void _defs;
  return { $schema: 'http://json-schema.org/draft-07/schema#', definitions, ...document };
}

/** Rewrites `#/definitions/x` refs of one step's schema to `#/definitions/<stepId>__x` of the document's schema. */
function rewriteRefs(node: unknown, stepId: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, stepId));
  if (!isObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    out[k] =
      k === '$ref' && typeof v === 'string' && v.startsWith('#/definitions/')
        ? `#/definitions/${stepId}__${v.slice('#/definitions/'.length)}`
        : rewriteRefs(v, stepId);
  }
  return out;
}
