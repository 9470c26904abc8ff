import { customizeValidator } from '@rjsf/validator-ajv8';

/**
 * The validator rjsf requires. The engine does all validation; rjsf only uses this to pick `if`/`then` branches
 * (plan names offered for a product type) when resolving a schema, and never validates the form with it (no
 * liveValidate, no submit), so nothing is compiled per keystroke.
 */
export const schemaValidator = customizeValidator();
