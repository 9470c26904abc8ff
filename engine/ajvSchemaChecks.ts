import { createAjv } from './createAjv.ts';
import type { SchemaCheck, SchemaChecks } from './types.ts';

/**
 * Schema checks compiled by ajv when first asked for (the server, tests, Storybook and the tools).
 * @returns - checks for createEngine
 * @example createEngine(definitions, ajvSchemaChecks())
 */
export function ajvSchemaChecks(): SchemaChecks {
  const ajv = createAjv();
  return {
    record: (_stepId, schema) => ajv.compile(schema) as SchemaCheck,
    condition: (_stepId, _key, schema) => ajv.compile(schema) as SchemaCheck,
  };
}
