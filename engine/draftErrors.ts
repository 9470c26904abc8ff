import { ajvPath } from './evaluateStep.ts';
import { fallbackMessage } from './fallbackMessage.ts';
import type { FieldError, SchemaCheck, SchemaError } from './types.ts';

/**
 * What a draft must already respect: its shape (known fields, types) and its bounds. Patterns, options, formats,
 * ranges and rules wait for the save: a draft keeps what the adviser typed, mistakes included.
 */
const SHAPE_KEYWORDS = new Set(['additionalProperties', 'type', 'maxLength', 'maxItems', 'maxProperties']);

/**
 * The errors of a draft of a step record ("Save Progress" before the step is done): unknown fields, wrong types and
 * answers over their bounds, in the schema's own words when it has them.
 * @param validate - the step's record check
 * @param record - the draft
 * @returns one error per field, in the check's order
 */
export function draftErrors(validate: SchemaCheck, record: unknown): FieldError[] {
  if (validate(record)) return [];
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    // ajv-errors puts the failures it gave the schema's message for under its own error.
    const causes = error.keyword === 'errorMessage' ? ((error.params.errors ?? []) as SchemaError[]) : [error];
    for (const cause of causes) {
      if (!SHAPE_KEYWORDS.has(cause.keyword)) continue;
      const field = ajvPath(cause);
      if (seen.has(field)) continue;
      seen.add(field);
      out.push({ field, message: error.keyword === 'errorMessage' ? (error.message ?? '') : fallbackMessage(cause) });
    }
  }
  return out;
}
