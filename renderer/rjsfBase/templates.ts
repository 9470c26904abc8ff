/**
 * rjsf's default templates, without those renderer/registry.ts replaces (field, object, array and item, error list,
 * description, title, help, field errors) and those of the fields left out (grid, oneOf/anyOf, cyclic references):
 * see fields.ts and scripts/rjsfBasePlugin.ts.
 */
import ArrayFieldDescriptionTemplate from '@rjsf/core/lib/components/templates/ArrayFieldDescriptionTemplate.js';
import ArrayFieldItemButtonsTemplate from '@rjsf/core/lib/components/templates/ArrayFieldItemButtonsTemplate.js';
import ArrayFieldTitleTemplate from '@rjsf/core/lib/components/templates/ArrayFieldTitleTemplate.js';
import BaseInputTemplate from '@rjsf/core/lib/components/templates/BaseInputTemplate.js';
import ButtonTemplates from '@rjsf/core/lib/components/templates/ButtonTemplates/index.js';
import FallbackFieldTemplate from '@rjsf/core/lib/components/templates/FallbackFieldTemplate.js';
import OptionalDataControlsTemplate from '@rjsf/core/lib/components/templates/OptionalDataControlsTemplate.js';
import UnsupportedField from '@rjsf/core/lib/components/templates/UnsupportedField.js';
import WrapIfAdditionalTemplate from '@rjsf/core/lib/components/templates/WrapIfAdditionalTemplate.js';

export default function templates() {
  return {
    ArrayFieldDescriptionTemplate,
    ArrayFieldItemButtonsTemplate,
    ArrayFieldTitleTemplate,
    ButtonTemplates: ButtonTemplates(),
    BaseInputTemplate,
    FallbackFieldTemplate,
    OptionalDataControlsTemplate,
    UnsupportedFieldTemplate: UnsupportedField,
    WrapIfAdditionalTemplate,
  };
}
