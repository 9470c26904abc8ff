import type { JsonSchema } from './types.ts';

type Schema = JsonSchema;

function deref(schema: Schema, root: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 10 && typeof s.$ref === 'string'; i++) {
    const ref = s.$ref as string;
    if (!ref.startsWith('#/')) break;
    let target: unknown = root;
    for (const part of ref.slice(2).split('/')) target = (target as Record<string, unknown> | undefined)?.[part];
    if (!target || typeof target !== 'object') break;
    const { $ref: _drop, ...rest } = s;
    void _drop;
    s = { ...(target as Schema), ...rest };
  }
  return s;
}

function branches(schema: Schema): Schema[] {
  return [
    schema,
    ...((schema.anyOf ?? []) as Schema[]),
    ...((schema.oneOf ?? []) as Schema[]),
    ...((schema.allOf ?? []) as Schema[]),
  ];
}

/** The names of the properties an object schema (and its anyOf/oneOf/allOf branches) declares. */
export function propertyNames(schema: Schema, root: Schema): string[] {
  const names = new Set<string>();
  for (const b of branches(deref(schema, root))) {
    for (const k of Object.keys((deref(b, root).properties ?? {}) as object)) names.add(k);
  }
  return [...names];
}

/** The result of schemaAt. */
export type SchemaLookup = { found: true; schema: Schema } | { found: false; missingAt: number; candidates: string[] };

/**
 * Finds the sub-schema at a path of segments; `*` and numeric segments step into array items.
 * @param schema - where to start
 * @param root - the document root, for `#/definitions/...` refs
 * @param segments - the path
 * @returns the sub-schema, or `{ missingAt, candidates }` naming the first segment not found and the names there
 */
export function schemaAt(schema: Schema, root: Schema, segments: string[]): SchemaLookup {
  let cur = deref(schema, root);
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i];
    let next: Schema | undefined;
    for (const b of branches(cur)) {
      const bb = deref(b, root);
      if (seg === '*' || /^\d+$/.test(seg)) {
        if (bb.items && typeof bb.items === 'object' && !Array.isArray(bb.items)) next = bb.items as Schema;
      } else {
        const props = bb.properties as Record<string, Schema> | undefined;
        if (props && seg in props) next = props[seg];
        // Keyed entries (`{"IP1_B1": …}`): any key reads the one schema of their values.
        else if (bb.additionalProperties && typeof bb.additionalProperties === 'object')
          next = bb.additionalProperties as Schema;
      }
      if (next) break;
    }
    if (!next) return { found: false, missingAt: i, candidates: propertyNames(cur, root) };
    cur = deref(next, root);
  }
  return { found: true, schema: cur };
}
