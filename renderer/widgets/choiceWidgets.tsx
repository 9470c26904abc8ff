import { useContext, useMemo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { FieldInfoContext, useStoreValue } from '../contexts.ts';
import { lookupFailed, lookupsOf, requestNextOf, selectWordOf, unavailableChoicesOf, wordsOf } from '../formContext.ts';
import { choicesOf, emptyValue, fillTemplate, type Choice } from '../options.ts';

function indexOfValue(choices: Choice[], value: unknown): number {
  return choices.findIndex(
    (c) =>
      Object.is(c.value, value) ||
      (c.value !== null &&
        value !== null &&
        value !== undefined &&
        String(c.value) === String(value) &&
        typeof c.value === typeof value),
  );
}

/**
 * The ARIA of a choice control. aria-required only where its role allows it (radiogroup, select, checkbox), never on
 * the plain box around a group of checkboxes or buttons.
 */
function aria(info: { describedBy?: string; invalid: boolean; required?: boolean }, roleTakesRequired = true) {
  return {
    'aria-describedby': info.describedBy,
    'aria-invalid': info.invalid || undefined,
    'aria-required': (roleTakesRequired && info.required) || undefined,
  };
}

/** Radio buttons, one per choice; the FieldTemplate draws the fieldset and its legend. */
export function RadioWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, schema, uiSchema, autofocus, htmlName } = props;
  const info = useContext(FieldInfoContext);
  const words = wordsOf(props.registry.formContext);
  const choices = useMemo(() => choicesOf(schema, uiSchema, words), [schema, uiSchema, words]);
  const selected = indexOfValue(choices, value);
  return (
    <div
      className={`radio-group${choices.length > 3 ? ' radio-group-column' : ''}`}
      role="radiogroup"
      aria-labelledby={`${id}__label`}
      {...aria(info)}
    >
      {choices.map((c, i) => (
        <label key={String(c.value)} className="radio">
          <input
            type="radio"
            id={`${id}-${i}`}
            name={htmlName || id}
            checked={selected === i}
            disabled={disabled || readonly || info.readonly}
            autoFocus={autofocus && i === 0}
            onChange={() => onChange(c.value)}
            onFocus={() => onFocus(id, value)}
            onBlur={() => onBlur(id, value)}
          />
          <span>{c.label}</span>
        </label>
      ))}
    </div>
  );
}

/** A drop-down of the enum's choices with an empty first option (ui:placeholder, else the flow's word for it). */
export function SelectWidget(props: WidgetProps) {
  const {
    id,
    value,
    onChange,
    onBlur,
    onFocus,
    disabled,
    readonly,
    schema,
    uiSchema,
    placeholder,
    autofocus,
    htmlName,
  } = props;
  const info = useContext(FieldInfoContext);
  const words = wordsOf(props.registry.formContext);
  const choices = useMemo(() => choicesOf(schema, uiSchema, words), [schema, uiSchema, words]);
  const selected = indexOfValue(choices, value);
  return (
    <select
      id={id}
      name={htmlName || id}
      value={selected < 0 ? '' : String(selected)}
      disabled={disabled || readonly || info.readonly}
      autoFocus={autofocus}
      {...aria(info)}
      onChange={(e) => onChange(e.target.value === '' ? emptyValue(schema) : choices[Number(e.target.value)].value)}
      onFocus={() => onFocus(id, value)}
      onBlur={() => onBlur(id, value)}
    >
      <option value="">{placeholder || selectWordOf(props.registry.formContext)}</option>
      {choices.map((c, i) => (
        <option key={String(c.value)} value={String(i)}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

/**
 * The answers of the fields beside a field (same object) that `match` names, as one string (a stable store value).
 * @param path - the field's dotted record path (`single_life_options.0.plan_name`)
 */
function siblingAnswers(match: Record<string, string> | undefined, path: string) {
  const parent = path.includes('.') ? `${path.slice(0, path.lastIndexOf('.'))}.` : '';
  return (store: { valueAt(path: string): unknown }): string =>
    match ? JSON.stringify(Object.values(match).map((sibling) => store.valueAt(parent + sibling) ?? null)) : '';
}

/**
 * A select whose options are a list from the form context (`ui:options.source`), labelled by `optionLabel` and valued
 * by `valueKey` (default "id"); `firstOption` comes first; `multiple` makes it a multi-select over an array value.
 * `match` (`{"product_type": "product_type"}`) offers only the rows whose field equals the answer of the named field
 * beside this one, once that is answered; `groupBy` names the row field its options are grouped under (optgroups).
 */
export function LookupSelectWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, schema, options, placeholder, registry, htmlName } =
    props;
  const info = useContext(FieldInfoContext);
  const source = String(options.source ?? '');
  const list = lookupsOf(registry.formContext)[source];
  const key = String(options.valueKey ?? options.key ?? 'id');
  const template = String(options.optionLabel ?? '{name}');
  const first = options.firstOption as { value: string; label: string } | undefined;
  const multiple = options.multiple === true;
  const match = options.match as Record<string, string> | undefined;
  const groupBy = typeof options.groupBy === 'string' ? options.groupBy : undefined;
  const siblings = useStoreValue(siblingAnswers(match, info.path));
  const rows = useMemo(() => {
    const all = Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
    if (!match || !siblings) return all;
    const wanted = JSON.parse(siblings) as unknown[];
    const fields = Object.keys(match);
    return all.filter((row) => fields.every((f, i) => wanted[i] === null || wanted[i] === '' || row[f] === wanted[i]));
  }, [list, match, siblings]);
  const choices: Choice[] = [
    ...(first ? [{ value: first.value, label: first.label }] : []),
    ...rows.map((row) => ({
      value: row[key],
      label: fillTemplate(template, row) || String(row[key]),
      group: groupBy ? String(row[groupBy] ?? '') : undefined,
    })),
  ];
  // A chosen value the list no longer offers (another product type, an insurer left) stays shown and chosen.
  if (!multiple && value !== undefined && value !== null && value !== '' && indexOfValue(choices, value) < 0) {
    const row = (Array.isArray(list) ? (list as Record<string, unknown>[]) : []).find((r) => r[key] === value);
    choices.push({ value, label: row ? fillTemplate(template, row) || String(value) : String(value) });
  }
  // Chosen values the list lacks (not loaded yet, or no longer offered) stay shown and chosen, by their value.
  if (multiple && Array.isArray(value)) {
    for (const v of value as unknown[]) if (indexOfValue(choices, v) < 0) choices.push({ value: v, label: String(v) });
  }
  const failed = lookupFailed(registry.formContext, source);
  const locked = disabled || readonly || info.readonly;
  const hint =
    failed && typeof options.loadErrorMessage === 'string' ? (
      <p className="field-hint field-hint-warning" role="status">
        {options.loadErrorMessage}
      </p>
    ) : null;
  if (multiple) {
    const current = Array.isArray(value) ? (value as unknown[]) : [];
    const chosen = choices
      .map((c, i) => (current.some((v) => indexOfValue([c], v) === 0) ? String(i) : null))
      .filter((x): x is string => x !== null);
    return (
      <>
        <select
          id={id}
          name={htmlName || id}
          multiple
          value={chosen}
          disabled={locked}
          {...aria(info)}
          onChange={(e) => onChange(Array.from(e.target.selectedOptions).map((o) => choices[Number(o.value)].value))}
          onFocus={() => onFocus(id, value)}
          onBlur={() => onBlur(id, value)}
        >
          {choices.map((c, i) => (
            <option key={`${String(c.value)}-${i}`} value={String(i)}>
              {c.label}
            </option>
          ))}
        </select>
        {hint}
      </>
    );
  }
  const selected = indexOfValue(choices, value);
  return (
    <>
      <select
        id={id}
        name={htmlName || id}
        value={selected < 0 ? '' : String(selected)}
        disabled={locked}
        {...aria(info)}
        onChange={(e) => onChange(e.target.value === '' ? emptyValue(schema) : choices[Number(e.target.value)].value)}
        onFocus={() => onFocus(id, value)}
        onBlur={() => onBlur(id, value)}
      >
        <option value="">{placeholder || selectWordOf(props.registry.formContext)}</option>
        {groupBy ? groupedOptions(choices) : choices.map(optionOf)}
      </select>
      {hint}
    </>
  );
}

const optionOf = (c: Choice, i: number) => (
  <option key={`${String(c.value)}-${i}`} value={String(i)}>
    {c.label}
  </option>
);

/** Options under an optgroup per group, in the order the groups first appear; ungrouped ones after them. */
function groupedOptions(choices: Choice[]) {
  const groups = new Map<string, { c: Choice; i: number }[]>();
  const loose: { c: Choice; i: number }[] = [];
  choices.forEach((c, i) => {
    if (!c.group) loose.push({ c, i });
    else groups.set(c.group, [...(groups.get(c.group) ?? []), { c, i }]);
  });
  return [
    ...[...groups].map(([label, members]) => (
      <optgroup key={label} label={label}>
        {members.map(({ c, i }) => optionOf(c, i))}
      </optgroup>
    )),
    ...loose.map(({ c, i }) => optionOf(c, i)),
  ];
}

/** A single checkbox with its label beside it. */
export function CheckboxWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, label, autofocus, htmlName } = props;
  const info = useContext(FieldInfoContext);
  const text = useStoreValue((store) => store.textOf(info.path)) ?? label;
  return (
    <label className="checkbox checkbox-field">
      <input
        type="checkbox"
        id={id}
        name={htmlName || id}
        checked={value === true}
        disabled={disabled || readonly || info.readonly}
        autoFocus={autofocus}
        {...aria(info)}
        onChange={(e) => onChange(e.target.checked)}
        onFocus={() => onFocus(id, value)}
        onBlur={() => onBlur(id, value)}
      />
      <span>{text}</span>
    </label>
  );
}

/** Several checkboxes for an array of enum values (uniqueItems). */
export function CheckboxesWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, schema, uiSchema, htmlName, registry } = props;
  const info = useContext(FieldInfoContext);
  const words = wordsOf(props.registry.formContext);
  const choices = useMemo(() => choicesOf(schema, uiSchema, words), [schema, uiSchema, words]);
  const current = Array.isArray(value) ? (value as unknown[]) : [];
  const unavailable = unavailableChoicesOf(registry.formContext, info.path);
  const toggle = (choice: Choice, on: boolean): void => {
    const next = on ? [...current, choice.value] : current.filter((v) => !Object.is(v, choice.value));
    // Keep the definition's order, whatever the order of clicks.
    onChange(choices.map((c) => c.value).filter((v) => next.includes(v)));
  };
  return (
    <div className={`checkbox-group${choices.length > 4 ? ' checkbox-group-columns' : ''}`} {...aria(info, false)}>
      {choices.map((c, i) => {
        const checked = current.includes(c.value);
        const reason = unavailable[String(c.value)];
        const reasonId = `${id}-${i}-reason`;
        const input = (
          <input
            type="checkbox"
            id={`${id}-${i}`}
            name={htmlName || id}
            checked={checked}
            // A ticked choice that cannot be taken stays enabled: unticking it is how the adviser answers the reason.
            disabled={disabled || readonly || info.readonly || (reason !== undefined && !checked)}
            aria-describedby={reason === undefined ? undefined : reasonId}
            onChange={(e) => toggle(c, e.target.checked)}
            onFocus={() => onFocus(id, value)}
            onBlur={() => onBlur(id, value)}
          />
        );
        if (reason === undefined)
          return (
            <label key={String(c.value)} className="checkbox">
              {input}
              <span>{c.label}</span>
            </label>
          );
        return (
          <div key={String(c.value)} className={`checkbox-unavailable${checked ? ' checkbox-unavailable-chosen' : ''}`}>
            <label className="checkbox">
              {input}
              <span>{c.label}</span>
            </label>
            <span id={reasonId} className="checkbox-reason">
              {reason}
            </span>
          </div>
        );
      })}
    </div>
  );
}

/** A button that switches a boolean (ui:options onLabel / offLabel), such as "Add Second Individual". */
export function ToggleButtonWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, options, label } = props;
  const info = useContext(FieldInfoContext);
  const on = value === true;
  const text = on ? String(options.onLabel ?? label) : String(options.offLabel ?? label);
  return (
    <button
      type="button"
      id={id}
      className={`btn ${on ? 'btn-secondary' : 'btn-primary btn-soft'} toggle-button`}
      aria-pressed={on}
      aria-describedby={info.describedBy}
      disabled={disabled || readonly || info.readonly}
      onClick={() => onChange(!on)}
      onFocus={() => onFocus(id, value)}
      onBlur={() => onBlur(id, value)}
    >
      <span aria-hidden="true" className="toggle-button-icon">
        {on ? '−' : '+'}
      </span>
      {text}
    </button>
  );
}

/** One large button per choice: picking one commits it and asks the wizard to go on (ui "pick one and go on"). */
export function ChoiceButtonsWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, schema, uiSchema, registry } = props;
  const info = useContext(FieldInfoContext);
  const words = wordsOf(props.registry.formContext);
  const choices = useMemo(() => choicesOf(schema, uiSchema, words), [schema, uiSchema, words]);
  const selected = indexOfValue(choices, value);
  const requestNext = requestNextOf(registry.formContext);
  return (
    <div className="choice-buttons" {...aria(info, false)}>
      {choices.map((c, i) => (
        <button
          key={String(c.value)}
          type="button"
          id={i === 0 ? id : `${id}-${i}`}
          className={`choice-button${selected === i ? ' is-selected' : ''}`}
          aria-pressed={selected === i}
          disabled={disabled || readonly || info.readonly}
          onClick={() => {
            if (selected !== i) onChange(c.value);
            requestNext?.();
          }}
        >
          {c.label}
        </button>
      ))}
    </div>
  );
}
