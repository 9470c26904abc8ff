import traverse from 'json-schema-traverse';
import { conditionKey } from './conditionKey.ts';
import type { JsonSchema } from './types.ts';

/**
 * The `if` conditions of a schema: a form resolves them against the data to know which `then` branch applies (which
 * plans a product type offers), so the browser needs a check for each of them besides the record's.
 * @param schema - a step's schema
 * @returns - every distinct `if` sub-schema, by its conditionKey
 */
export function conditionSchemas(schema: JsonSchema): Map<string, JsonSchema> {
  const found = new Map<string, JsonSchema>();
  traverse(schema, {
    cb: (sub: JsonSchema, _ptr: string, _root: unknown, _parentPtr?: string, parentKeyword?: string) => {
      if (parentKeyword === 'if') found.set(conditionKey(sub), sub);
    },
  });
  return found;
}
