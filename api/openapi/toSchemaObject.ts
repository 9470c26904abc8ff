import type { JsonObject } from '../types.ts';

/**
 * A definition's JSON Schema (draft-07 as written in steps/) as an OpenAPI 3.1 Schema Object (JSON Schema 2020-12)
 * placed at `base` in the document: `definitions` become `$defs`, a local `#/definitions/x` reference points into
 * the component (a `$ref` in an OpenAPI document resolves against the document, not the schema), and the ajv-errors
 * `errorMessage` keyword is kept as the extension `x-errorMessage` (the messages the server answers with).
 * @param schema - the schema as loaded by the engine
 * @param base - the JSON pointer of the schema in the document, e.g. `#/components/schemas/step_basic`
 * @returns - a new schema; the input is not changed
 */
export function toSchemaObject(schema: unknown, base: string): JsonObject {
  return convert(schema, base) as JsonObject;
}

function convert(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((n) => convert(n, base));
  if (!node || typeof node !== 'object') return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node as JsonObject)) {
    if (key === '$schema') continue;
    if (key === 'errorMessage') out['x-errorMessage'] = value;
    else if (key === 'definitions' || key === '$defs') out.$defs = named(value, base);
    else if (key === 'properties' || key === 'patternProperties') out[key] = named(value, base);
    else if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) out.$ref = `${base}${value.slice(1).replace(/^\/definitions\//, '/$defs/')}`;
    // Data, never schemas: kept as written.
    else if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') out[key] = value;
    else out[key] = convert(value, base);
  }
  return out;
}

/** A map from names to schemas: the names are data, only the schemas are converted. */
function named(node: unknown, base: string): unknown {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
  return Object.fromEntries(Object.entries(node as JsonObject).map(([name, schema]) => [name, convert(schema, base)]));
}
