import fc from 'fast-check';

type Schema = { [key: string]: unknown };

/** Junk of any shape: wrong types, odd strings, nesting, huge numbers. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ maxDepth: 3, maxKeys: 4 }),
  fc.constantFrom(
    '',
    ' ',
    'null',
    'true',
    '1e400',
    '<script>',
    '\u0000',
    '💥',
    '__proto__',
    '9'.repeat(40),
    '1990-02-31',
    'A1A1A1A',
  ),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);

const SAMPLES = fc.constantFrom(
  'A1A 1A1',
  't2p 2m5',
  '416-555-0123',
  '(403) 555-0188',
  '4035550188',
  '123',
  'a@b.ca',
  'x',
  'Canada',
  'other',
  'yes',
  'no',
);

function isoDay(): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date('1890-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
}

/**
 * A fast-check arbitrary of values shaped by a JSON Schema (draft-07 as written in steps/<id>/schema.json), with
 * junk mixed in at every level (about one value in `junkEvery`), so both valid-looking and malformed records come out.
 * @param schema - the schema of this node
 * @param root - the step's root schema, for `#/definitions/...` references
 */
export function arbitraryFromSchema(schema: Schema, root: Schema = schema, junkEvery = 12): fc.Arbitrary<unknown> {
  const typed = shaped(schema, root, junkEvery);
  return fc.oneof({ arbitrary: typed, weight: junkEvery - 1 }, { arbitrary: junk, weight: 1 });
}

function shaped(schema: Schema, root: Schema, junkEvery: number): fc.Arbitrary<unknown> {
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/definitions/')) {
    const target = (root.definitions as Schema | undefined)?.[ref.slice('#/definitions/'.length)] as Schema | undefined;
    return target ? shaped(target, root, junkEvery) : junk;
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(schema[key]))
      return fc.oneof(
        ...(schema[key] as Schema[]).map((s) => shaped({ ...schema, [key]: undefined, ...s }, root, junkEvery)),
      );
  }
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];
  if (types.length === 0) return schema.properties ? object(schema, root, junkEvery) : junk;
  return fc.oneof(...types.map((t) => ofType(t, schema, root, junkEvery)));
}

function ofType(type: string, schema: Schema, root: Schema, junkEvery: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({
        min: typeof schema.minimum === 'number' ? schema.minimum - 2 : -5,
        max: typeof schema.maximum === 'number' ? schema.maximum + 2 : 5_000_000,
      });
    case 'number':
      return fc.oneof(fc.integer({ min: -10, max: 5_000_000 }), fc.double({ min: -1e6, max: 1e7, noNaN: true }));
    case 'string': {
      const max = typeof schema.maxLength === 'number' ? schema.maxLength + 2 : 40;
      if (schema.format === 'date') return fc.oneof(isoDay(), fc.string({ maxLength: 12 }));
      if (schema.format === 'email') return fc.oneof(fc.emailAddress(), fc.string({ maxLength: 20 }));
      return fc.oneof(fc.string({ maxLength: max }), SAMPLES);
    }
    case 'array': {
      const items = (schema.items as Schema | undefined) ?? {};
      return fc.array(arbitraryFromSchema(items, root, junkEvery), {
        maxLength: Math.min(typeof schema.maxItems === 'number' ? schema.maxItems + 1 : 4, 5),
      });
    }
    case 'object':
      return object(schema, root, junkEvery);
    default:
      return junk;
  }
}

function object(schema: Schema, root: Schema, junkEvery: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties as { [name: string]: Schema } | undefined) ?? {};
  const model: { [name: string]: fc.Arbitrary<unknown> } = {};
  for (const [name, child] of Object.entries(properties)) model[name] = arbitraryFromSchema(child, root, junkEvery);
  const known = fc.record(model, { requiredKeys: [] });
  const extra = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), junk, { maxKeys: 2 });
  return fc.oneof(
    { arbitrary: known, weight: 6 },
    { arbitrary: fc.tuple(known, extra).map(([k, e]) => ({ ...e, ...(k as object) })), weight: 1 },
  );
}
