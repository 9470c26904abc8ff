/**
 * rjsf's default templates, without those renderer/registry.ts replaces (field, object, array and item, error list,
 * description, title, help, field errors), those of the fields left out (grid, oneOf/anyOf, cyclic references: see
 * fields.ts and scripts/rjsfBasePlugin.ts), and those only rjsf's own replaced templates and widgets draw: the array's
 * title, description and item buttons and the buttons (our array templates draw their own; our SubmitButton draws
 * nothing), the input template (rjsf's default widgets, none of which is in the build) and the wrapper for
 * additional properties (rjsf's default field template).
 */
import FallbackFieldTemplate from '@rjsf/core/lib/components/templates/FallbackFieldTemplate.js';
import OptionalDataControlsTemplate from '@rjsf/core/lib/components/templates/OptionalDataControlsTemplate.js';
import UnsupportedField from '@rjsf/core/lib/components/templates/UnsupportedField.js';

export default function templates() {
  return {
    FallbackFieldTemplate,
    OptionalDataControlsTemplate,
    UnsupportedFieldTemplate: UnsupportedField,
  };
}
