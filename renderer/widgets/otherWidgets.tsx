import { useContext } from 'react';
import type { FieldProps, WidgetProps } from '@rjsf/utils';
import { FieldInfoContext, pathKey, useStoreValue } from '../contexts.ts';
import { choicesOf, enumLabel, formatMoney } from '../options.ts';
import { wordsOf } from '../formContext.ts';

/** Shows a value that is not edited here (computed, or copied from another step), with enum labels and Yes/No. */
export function ReadonlyWidget(props: WidgetProps) {
  const { id, value, schema, uiSchema, options } = props;
  const info = useContext(FieldInfoContext);
  let shown = '';
  if (value !== undefined && value !== null && value !== '') {
    const words = wordsOf(props.registry.formContext);
    const label =
      enumLabel(uiSchema, value) ?? choicesOf(schema, uiSchema, words).find((c) => Object.is(c.value, value))?.label;
    if (label !== undefined) shown = label;
    else if (typeof value === 'boolean') shown = value ? words.yes : words.no;
    else if (options.format === 'money') shown = formatMoney(value);
    else shown = String(value);
  }
  return (
    <input
      id={id}
      type="text"
      readOnly
      value={shown}
      placeholder="Not specified"
      aria-describedby={info.describedBy}
      className="readonly-value"
    />
  );
}

/** Nothing on screen: the value stays in the record. */
export function HiddenWidget() {
  return null;
}

/**
 * A `"type": "null"` field drawn as a note: its ui:title in bold and its ui:description below, in the tone of
 * `ui:options.tone` (info or warning). It never writes to the record. Visibility rules show and hide it like any field.
 */
export function NoteField(props: FieldProps) {
  const { uiSchema, fieldPathId } = props;
  const path = pathKey(fieldPathId.path);
  const override = useStoreValue((store) => store.textOf(path));
  const ui = (uiSchema ?? {}) as Record<string, unknown>;
  const options = (ui['ui:options'] ?? {}) as Record<string, unknown>;
  const tone = options.tone === 'warning' ? 'warning' : 'info';
  const title = override ?? (ui['ui:title'] as string | undefined);
  const description = ui['ui:description'] as string | undefined;
  return (
    <div id={fieldPathId.$id} className={`note alert alert-${tone}`} role={tone === 'warning' ? 'alert' : 'note'}>
      <span className="note-icon" aria-hidden="true">
        {tone === 'warning' ? '!' : 'i'}
      </span>
      <div>
        {title ? <p className="note-title">{title}</p> : null}
        {description ? <p className="note-text">{description}</p> : null}
      </div>
    </div>
  );
}
