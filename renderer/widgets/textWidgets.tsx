import { memo, useCallback, useContext, type KeyboardEvent } from 'react';
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { FieldInfoContext } from '../contexts.ts';
import { emptyValue, formatMoney, isNumeric, parseMoney, parseNumber } from '../options.ts';
import { useDraft } from '../useDraft.ts';

type InputKind = 'text' | 'email' | 'tel' | 'number' | 'money' | 'postalCode' | 'sinPart' | 'textarea' | 'date';

function textOf(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

function readText(kind: InputKind, schema: RJSFSchema) {
  return (text: string): unknown => {
    if (kind === 'money') return parseMoney(text);
    if (kind === 'number' || (kind === 'text' && isNumeric(schema))) return parseNumber(text, schema);
    return text === '' ? emptyValue(schema) : text;
  };
}

const upper = (t: string): string => t.toUpperCase();

/** A date bound of ui:options (`min`/`max`): a YYYY-MM-DD date, or "today" (the device's local date). */
function dateBound(bound: unknown): string | undefined {
  if (bound !== 'today') return typeof bound === 'string' ? bound : undefined;
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
const digits3 = (t: string): string => t.replace(/\D/g, '').slice(0, 3);

/** Moves focus to the next SIN part of the same row once three digits are typed. */
function advanceSinPart(input: HTMLInputElement): void {
  const row = input.closest('[data-layout="row"]') ?? input.form ?? document;
  const parts = Array.from(row.querySelectorAll<HTMLInputElement>('input[data-widget="sinPart"]'));
  const next = parts[parts.indexOf(input) + 1];
  next?.focus();
}

/**
 * The one input behind every text-like widget. The typed text stays local (useDraft) and is committed on blur,
 * Enter or a pause, so typing re-renders nothing but this input.
 */
function DraftInput(props: WidgetProps & { kind: InputKind }) {
  const {
    id,
    value,
    onChange,
    onBlur,
    onFocus,
    disabled,
    readonly,
    autofocus,
    placeholder,
    schema,
    options,
    htmlName,
    kind,
  } = props;
  const { describedBy, invalid, required, readonly: locked } = useContext(FieldInfoContext);
  const fromText = readText(kind, schema);
  const money = kind === 'money';
  const draft = useDraft({
    value,
    commit: onChange,
    toText: money ? (v: unknown) => (typeof v === 'number' ? String(v) : textOf(v)) : textOf,
    fromText,
    normalize: kind === 'postalCode' ? upper : kind === 'sinPart' ? digits3 : undefined,
  });
  const { text, onText, flush, focused, setFocused } = draft;
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      if (event.key === 'Enter' && kind !== 'textarea') {
        event.preventDefault();
        flush();
      }
    },
    [flush, kind],
  );
  const common = {
    id,
    name: htmlName || id,
    disabled,
    readOnly: readonly || locked,
    autoFocus: autofocus,
    placeholder: placeholder || undefined,
    // The browser's own check, asked by the page before it sends (ui:options htmlRequired); the rules do not require it.
    required: options.htmlRequired === true || undefined,
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
    'aria-required': required || undefined,
    onFocus: (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
      // A money field swaps "$500,000" for "500000" on focus; keep the browser's select-all (tabbing in) so that
      // typing replaces the amount instead of appending to it.
      const el = e.currentTarget;
      const all = el.value !== '' && el.selectionStart === 0 && el.selectionEnd === el.value.length;
      setFocused(true);
      onFocus(id, value);
      if (money && all) requestAnimationFrame(() => el.select());
    },
    onBlur: () => {
      setFocused(false);
      flush();
      onBlur(id, value);
    },
    onKeyDown,
  };
  if (kind === 'textarea') {
    return (
      <textarea
        {...common}
        value={text}
        rows={(options.rows as number | undefined) ?? 4}
        onChange={(e) => onText(e.target.value)}
      />
    );
  }
  const maxLength =
    (options.maxLength as number | undefined) ?? (kind === 'postalCode' ? 7 : kind === 'sinPart' ? 3 : undefined);
  const inputType =
    kind === 'date'
      ? 'date'
      : kind === 'email' || options.inputType === 'email'
        ? 'email'
        : kind === 'tel'
          ? 'tel'
          : 'text';
  const numeric = kind !== 'date' && (kind === 'number' || kind === 'money' || kind === 'sinPart' || isNumeric(schema));
  const shown = money && !focused && typeof value === 'number' && text === String(value) ? formatMoney(value) : text;
  return (
    <input
      {...common}
      type={inputType}
      inputMode={
        kind === 'sinPart'
          ? 'numeric'
          : numeric
            ? 'decimal'
            : kind === 'tel'
              ? 'tel'
              : kind === 'email'
                ? 'email'
                : undefined
      }
      autoComplete={kind === 'sinPart' ? 'off' : (options.autocomplete as string | undefined)}
      maxLength={maxLength}
      min={kind === 'date' ? dateBound(options.min) : undefined}
      max={kind === 'date' ? dateBound(options.max) : undefined}
      data-widget={kind}
      value={shown}
      onChange={(e) => {
        onText(e.target.value);
        if (kind === 'sinPart' && digits3(e.target.value).length === 3 && digits3(text).length < 3)
          advanceSinPart(e.target);
      }}
    />
  );
}

const MemoDraftInput = memo(DraftInput);

function make(kind: InputKind) {
  const Widget = (props: WidgetProps) => <MemoDraftInput {...props} kind={kind} />;
  Widget.displayName = `${kind}Widget`;
  return Widget;
}

/** Plain text; numbers for number and integer schemas; email when ui:options.inputType is "email". */
export const TextWidget = make('text');
export const EmailWidget = make('email');
export const NumberWidget = make('number');
export const TextareaWidget = make('textarea');
/** An amount in Canadian dollars: the raw amount while editing, "$1,250,000" (en-CA) otherwise. */
export const MoneyWidget = make('money');
export const PhoneWidget = make('tel');
/** A Canadian postal code, upper-cased as typed. */
export const PostalCodeWidget = make('postalCode');
/** One 3-digit part of a SIN; focus moves to the next part after the third digit. */
export const SinPartWidget = make('sinPart');
/** A calendar date (YYYY-MM-DD); committed like text, so the year typed digit by digit is one change. */
export const DateWidget = make('date');
