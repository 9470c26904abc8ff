import stableStringify from 'fast-json-stable-stringify';
import type { JsonSchema } from './types.ts';

/**
 * The key of an `if` condition: its canonical JSON, the same for equal schemas whatever the order of their keys.
 * The build files each precompiled condition under it, and the engine finds it again by it.
 * @example conditionKey({ required: ['a'], properties: {} }) === conditionKey({ properties: {}, required: ['a'] })
 */
export function conditionKey(schema: JsonSchema): string {
  return stableStringify(schema);
}
