import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { Engine, JsonObject } from '../engine/index.ts';

/**
 * The validator rjsf requires, answered by the engine. rjsf never validates our forms (the engine does: no
 * liveValidate, no submit); it only asks whether data matches a schema's `if` condition to pick its `then` branch
 * (the plans a product type offers). The engine answers that with the same checks as everything else: compiled by ajv
 * on the server and in Storybook, precompiled at build time in the browser, which ships no schema compiler.
 * rjsf's own precompiled validator is not used because it insists the form's schema be the one compiled, while a
 * page of a step draws a part of the step's schema.
 * @param engine - holds the step's checks
 * @param stepId - the step whose schema (or a page of it) the form draws
 */
export function engineSchemaValidator(engine: Engine, stepId: string): ValidatorType<JsonObject, RJSFSchema> {
  return {
    validateFormData: () => ({ errors: [], errorSchema: {} }),
    isValid: (schema, formData) => engine.matchesCondition(stepId, schema as JsonObject, formData),
    rawValidation: () => ({}),
  };
}
