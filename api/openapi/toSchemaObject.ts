import type { JsonObject } from '../types.ts';

/**
 * A definition's JSON Schema (draft-07 as written in steps/) as an OpenAPI 3.1 Schema Object (JSON Schema 2020-12)
 * placed at `base` in the document: `definitions` become `$defs`, a local `#/definitions/x` reference points into
 * the component (a `$ref` in an OpenAPI document resolves against the document, not the schema), and the ajv-errors
 * `errorMessage` keyword is kept as the extension `x-errorMessage` (the messages the server answers with). With
 * `blank`, every field (not a list's items) also accepts that schema: the engine takes null and "" as an answer left empty
 * and skips the schema's checks of it (engine/evaluateStep.ts), so a saved record may hold them.
 * @param schema - the schema as loaded by the engine
 * @param base - the JSON pointer of the schema in the document, e.g. `#/components/schemas/step_basic`
 * @param options - blank: the schema of an unanswered field, accepted beside each field's own
 * @returns - a new schema; the input is not changed
 */
export function toSchemaObject(schema: unknown, base: string, options: { blank?: JsonObject } = {}): JsonObject {
  return convert(schema, base, options.blank) as JsonObject;
}

/** A field's schema, or a blank value when blanks are answers left empty (the engine skips their schema checks). */
function field(schema: unknown, base: string, blank: JsonObject | undefined): unknown {
  const converted = convert(schema, base, blank);
  return blank ? { anyOf: [converted, blank] } : converted;
}

function convert(node: unknown, base: string, blank?: JsonObject): unknown {
  if (Array.isArray(node)) return node.map((n) => convert(n, base, blank));
  if (!node || typeof node !== 'object') return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node as JsonObject)) {
    if (key === '$schema') continue;
    if (key === 'errorMessage') out['x-errorMessage'] = value;
    else if (key === 'definitions' || key === '$defs') out.$defs = named(value, base, blank, false);
    else if (key === 'properties' || key === 'patternProperties') out[key] = named(value, base, blank, true);
    else if (key === '$ref' && value === '#') out.$ref = base;
    else if (key === '$ref' && typeof value === 'string' && value.startsWith('#/'))
      out.$ref = `${base}${value.slice(1).replace(/^\/definitions\//, '/$defs/')}`;
    // Data, never schemas: kept as written.
    else if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') out[key] = value;
    else out[key] = convert(value, base, blank);
  }
  return out;
}

/** A map from names to schemas: the names are data, only the schemas are converted. */
function named(node: unknown, base: string, blank: JsonObject | undefined, fields: boolean): unknown {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
  return Object.fromEntries(
    Object.entries(node as JsonObject).map(([name, schema]) => [
      name,
      fields ? field(schema, base, blank) : convert(schema, base, blank),
    ]),
  );
}
