import { memo, useMemo, type FocusEvent } from 'react';
import type { FieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { FieldInfoContext, pathKey, useFormStore, useStoreValue } from '../contexts.ts';

/** Widgets that draw several inputs: the template wraps them in a fieldset whose legend is the label. */
const GROUP_WIDGETS = new Set(['yesNo', 'radio', 'checkboxes', 'choiceButtons']);
/** Widgets that carry their own visible label (a checkbox's text, a toggle's button text). */
const INLINE_WIDGETS = new Set(['checkbox', 'toggleButton']);
/** Widgets that take the whole row of the grid. */
const WIDE_WIDGETS = new Set(['textarea', 'checkbox', 'checkboxes', 'toggleButton', 'choiceButtons', 'note']);

type Kind = 'root' | 'note' | 'container' | 'group' | 'inline' | 'control';

function typeOf(schema: RJSFSchema): string {
  const t = schema.type;
  if (Array.isArray(t)) return (t.find((x) => x !== 'null') as string | undefined) ?? 'null';
  return (t as string | undefined) ?? (schema.properties ? 'object' : schema.items ? 'array' : 'string');
}

function kindOf(path: string, schema: RJSFSchema, widget: string | undefined): Kind {
  if (path === '') return 'root';
  const type = typeOf(schema);
  if (type === 'null' || widget === 'note') return 'note';
  if (widget && GROUP_WIDGETS.has(widget)) return 'group';
  if (type === 'object') return 'container';
  // An array drawn by one widget (a multi-select lookup) is a control; otherwise a list.
  if (type === 'array') return widget && widget !== 'hidden' ? 'control' : 'container';
  if ((widget && INLINE_WIDGETS.has(widget)) || (type === 'boolean' && !widget)) return 'inline';
  return 'control';
}

/**
 * Draws one field around its widget: the label (or a legend for groups), the help text, and the engine's error,
 * tied to the input with aria-describedby. It asks the store, not the data, whether the field is hidden, whether to
 * show its error and whether a rule changed its label, so a commit re-renders only the fields whose status changed.
 * Blurring anything inside marks the field as touched (its errors show from then on).
 */
function FieldTemplateInner(props: FieldTemplateProps) {
  const {
    id,
    label,
    children,
    hidden,
    schema,
    uiSchema = {},
    fieldPathId,
    rawHelp,
    displayLabel,
    required: schemaRequired,
  } = props;
  const path = pathKey(fieldPathId.path);
  const store = useFormStore();
  const isHidden = useStoreValue((s) => s.isHidden(path));
  const error = useStoreValue((s) => s.shownError(path));
  const text = useStoreValue((s) => s.textOf(path));
  const locked = useStoreValue((s) => s.isReadonly(path));
  const ui = uiSchema as Record<string, unknown>;
  const widget = ui['ui:widget'] as string | undefined;
  const description = ui['ui:description'] as string | undefined;
  const options = (ui['ui:options'] ?? {}) as Record<string, unknown>;
  const kind = kindOf(path, schema, widget);
  // While a readonly rule holds, `readonlyHelp` says why the field cannot be changed, in place of the usual help.
  const lockedHelp = locked && typeof options.readonlyHelp === 'string' ? options.readonlyHelp : undefined;
  const help = lockedHelp ?? rawHelp;
  const helpId = help ? `${id}__help` : undefined;
  const descriptionId = description && kind !== 'note' && kind !== 'container' ? `${id}__description` : undefined;
  const errorId = error ? `${id}__error` : undefined;
  const describedBy = [descriptionId, helpId, errorId].filter(Boolean).join(' ') || undefined;
  // Containers (an insured, a list) are not answered themselves: only the controls inside are marked.
  // `htmlRequired`: the input itself requires a value (the browser's check), not the rules; it is marked all the same.
  const required =
    kind !== 'container' &&
    kind !== 'note' &&
    kind !== 'root' &&
    (Boolean(schemaRequired) || store.isRequired(path) || options.htmlRequired === true);
  const info = useMemo(
    () => ({ path, describedBy, invalid: Boolean(error), required, readonly: locked }),
    [path, describedBy, error, required, locked],
  );

  if (hidden || isHidden) return null;
  if (kind === 'root') return <FieldInfoContext.Provider value={info}>{children}</FieldInfoContext.Provider>;
  if (kind === 'note') return <div className="field field-note span-2">{children}</div>;

  const shownLabel = text ?? label;
  const showLabel = options.label !== false && (kind !== 'control' || displayLabel !== false || Boolean(shownLabel));
  const enumCount = Array.isArray(schema.enum) ? schema.enum.filter((v) => v !== null).length : 2;
  // A list drawn by one control (a multi-select) takes the whole row, so its options' labels are not cut.
  const wide =
    kind === 'container' ||
    (kind === 'control' && typeOf(schema) === 'array') ||
    (widget !== undefined && WIDE_WIDGETS.has(widget)) ||
    kind === 'inline' ||
    (kind === 'group' && (enumCount > 3 || (shownLabel?.length ?? 0) > 34));
  const className = `field field-${kind}${wide ? ' span-2' : ''}${error ? ' has-error' : ''}`;
  const extras = (
    <>
      {help ? (
        // `helpPointer: "fine"`: a mouse-and-keyboard hint ("Hold Ctrl/Cmd"), not shown on touch screens.
        <p
          id={helpId}
          className={`field-hint${!lockedHelp && options.helpPointer === 'fine' ? ' field-hint-fine-pointer' : ''}`}
        >
          {help}
        </p>
      ) : null}
      {error ? (
        // Not an alert: after a refused Next the error summary is announced once, not every field at the same time.
        <p id={errorId} className="field-error">
          <span aria-hidden="true" className="field-error-icon">
            !
          </span>
          {error}
        </p>
      ) : null}
    </>
  );
  const descriptionNode = descriptionId ? (
    <p id={descriptionId} className="field-description">
      {description}
    </p>
  ) : null;
  // Moving between a list's own buttons and titles (from Add to the new row's title) visits no field: it would show
  // the list's errors before its new row is answered.
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (
      next instanceof Node &&
      event.currentTarget.contains(next) &&
      event.target instanceof Element &&
      event.target.closest('.array-actions, .array-item-header')
    )
      return;
    store.touch(path);
  };
  // The profile's asterisk (drawn by CSS, so the label's text stays the field's name), hidden from assistive
  // technology: the control itself says it with aria-required.
  const requiredMark = required ? <span className="field-required" aria-hidden="true" /> : null;

  if (kind === 'group') {
    return (
      <FieldInfoContext.Provider value={info}>
        <fieldset className={className} onBlur={onBlur} data-path={path}>
          {showLabel ? (
            <legend id={`${id}__label`} className="field-label">
              {shownLabel}
              {requiredMark}
            </legend>
          ) : null}
          {descriptionNode}
          {children}
          {extras}
        </fieldset>
      </FieldInfoContext.Provider>
    );
  }
  return (
    <FieldInfoContext.Provider value={info}>
      <div className={className} onBlur={onBlur} data-path={path}>
        {kind === 'control' && showLabel ? (
          <label id={`${id}__label`} htmlFor={id} className="field-label">
            {shownLabel}
            {requiredMark}
          </label>
        ) : null}
        {descriptionNode}
        {children}
        {extras}
      </div>
    </FieldInfoContext.Provider>
  );
}

export const FieldTemplate = memo(FieldTemplateInner);
