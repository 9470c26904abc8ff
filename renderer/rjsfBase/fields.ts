/**
 * rjsf's default fields, cut to those a step definition can reach (the build puts this module in place of
 * @rjsf/core's own list; see scripts/rjsfBasePlugin.ts). Left out: the oneOf/anyOf field (steps:check refuses both),
 * the layout-grid fields (only named by a `ui:field` no definition uses; an unknown `ui:field` falls back to the
 * field of the schema's type) and the cyclic-reference field (a step schema has no recursive `$ref`).
 */
import ArrayField from '@rjsf/core/lib/components/fields/ArrayField.js';
import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import FallbackField from '@rjsf/core/lib/components/fields/FallbackField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import OptionalDataControlsField from '@rjsf/core/lib/components/fields/OptionalDataControlsField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';

export default function fields() {
  return {
    ArrayField,
    BooleanField,
    FallbackField,
    NumberField,
    ObjectField,
    OptionalDataControlsField,
    SchemaField,
    StringField,
    NullField,
  };
}
