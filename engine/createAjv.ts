import Ajv, { type CodeOptions } from 'ajv';
import addFormats from 'ajv-formats';
import ajvErrors from 'ajv-errors';

/** The string formats step schemas may use. */
export const SCHEMA_FORMATS = ['date', 'email', 'date-time'] as const;

/**
 * The one ajv configuration for step schemas: every error (allErrors), the schema's own messages (ajv-errors),
 * and the formats above. The run-time checks and the build's precompiled code both come from it, so the browser and
 * the server judge a record alike.
 * @param code - ajv's code options; `{ source: true, esm: true }` when precompiling
 * @example createAjv().compile(schema)
 */
export function createAjv(code?: CodeOptions): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: false, ...(code ? { code } : {}) });
  addFormats(ajv, [...SCHEMA_FORMATS]);
  ajvErrors(ajv);
  return ajv;
}
