import { useCallback, useContext, useLayoutEffect, useMemo, useRef, type MouseEvent } from 'react';
import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps } from '@rjsf/utils';
import { ArrayContext, SectionContext } from '../contexts.ts';
import { emptyListWordOf } from '../formContext.ts';

function itemHeading(template: string | undefined, fallback: string, n: number): string {
  return template ? template.replace(/\{n\}/g, String(n)) : `${fallback} ${n}`;
}

/**
 * A list with Add and Remove (ui:options addLabel, removeLabel, itemTitle "Beneficiary {n}"). Add is disabled at
 * maxItems, with the definition's maxItems message as the reason; Remove is disabled at minItems. Changing the rows
 * goes through the form like any change, so the engine's effects (share redistribution) apply.
 *
 * The focus follows the rows: Add moves it to the new row's title (read out as "Beneficiary 2", and scrolled to on a
 * phone), Remove to the row that takes the removed one's place, or to Add when none is left. A title, not the
 * row's first field: a field that took and lost the focus would count as visited and show its errors at once.
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { items, canAdd, onAddClick, title, uiSchema = {}, schema, fieldPathId, disabled, readonly, registry } = props;
  const section = useContext(SectionContext);
  const ui = uiSchema as Record<string, unknown>;
  const options = (ui['ui:options'] ?? {}) as Record<string, unknown>;
  const shownTitle = (ui['ui:title'] as string | undefined) ?? title ?? '';
  // A list alone in its section, or titled like it, is already titled by the section.
  const showTitle = Boolean(shownTitle) && !(section && (section.size === 1 || section.title === shownTitle));
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  const errorMessage = (schema as { errorMessage?: Record<string, string> }).errorMessage;
  const addLabel = String(options.addLabel ?? 'Add');
  const removeLabel = String(options.removeLabel ?? 'Remove');
  const rootRef = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  /** Where the focus goes once the rows number `count` (a dialog may stand between Add and the new row). */
  const focusAfter = useRef<{ count: number; index: number } | null>(null);
  useLayoutEffect(() => {
    const want = focusAfter.current;
    if (!want || items.length !== want.count) return;
    focusAfter.current = null;
    const rows = rootRef.current?.querySelectorAll<HTMLElement>(':scope > .array-items > .array-item') ?? [];
    const row = rows.length ? rows[Math.min(want.index, rows.length - 1)] : undefined;
    (row?.querySelector<HTMLElement>(':scope > .array-item-header > .array-item-title') ?? addRef.current)?.focus();
  }, [items.length]);
  const removing = useCallback(
    (index: number) => {
      focusAfter.current = { count: items.length - 1, index };
    },
    [items.length],
  );
  const add = (event: MouseEvent<HTMLButtonElement>) => {
    focusAfter.current = { count: items.length + 1, index: items.length };
    onAddClick(event);
  };
  const info = useMemo(
    // Items are titled one level under the list's h3, or, when the section's title stands for the list, at h3.
    () => ({
      itemTitle: options.itemTitle as string | undefined,
      removeLabel,
      minItems,
      total: items.length,
      title: shownTitle,
      itemLevel: showTitle ? 4 : 3,
      removing,
    }),
    [options.itemTitle, removeLabel, minItems, items.length, shownTitle, showTitle, removing],
  );
  const titleId = `${fieldPathId.$id}__title`;
  const atMax = maxItems !== undefined && items.length >= maxItems;
  const hintId = `${fieldPathId.$id}__limit`;
  return (
    <div
      ref={rootRef}
      className="array-field"
      role="group"
      aria-labelledby={showTitle ? titleId : undefined}
      aria-label={showTitle ? undefined : shownTitle || undefined}
    >
      {showTitle ? (
        <h3 id={titleId} className="array-title">
          {shownTitle}
        </h3>
      ) : null}
      {(ui['ui:description'] as string | undefined) ? (
        <p className="object-description">{ui['ui:description'] as string}</p>
      ) : null}
      <ArrayContext.Provider value={info}>
        <div className="array-items">{items}</div>
      </ArrayContext.Provider>
      {items.length === 0 ? <p className="array-empty">{emptyListWordOf(registry.formContext)}</p> : null}
      {readonly ? null : (
        <div className="array-actions">
          <button
            ref={addRef}
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={add}
            disabled={disabled || !canAdd}
            aria-describedby={atMax ? hintId : undefined}
          >
            <span aria-hidden="true">+</span> {addLabel}
          </button>
          {atMax ? (
            <span id={hintId} className="field-hint">
              {errorMessage?.maxItems ?? `Up to ${maxItems} allowed`}
            </span>
          ) : null}
        </div>
      )}
    </div>
  );
}

/** One row of a list: its numbered title and a Remove button (disabled at the list's minItems). */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, index, totalItems, readonly } = props;
  const list = useContext(ArrayContext);
  const heading = itemHeading(list?.itemTitle, list?.title || 'Item', index + 1);
  const canRemove = buttonsProps.hasRemove && totalItems > (list?.minItems ?? 0);
  const headingId = `${buttonsProps.fieldPathId.$id}__item_title`;
  const removeLabel = list?.removeLabel ?? 'Remove';
  const ItemHeading = `h${list?.itemLevel ?? 4}` as 'h4';
  return (
    <div className="array-item" role="group" aria-labelledby={headingId}>
      <div className="array-item-header">
        <ItemHeading id={headingId} className="array-item-title" tabIndex={-1}>
          {heading}
        </ItemHeading>
        {readonly || !buttonsProps.hasRemove ? null : (
          <button
            type="button"
            className="btn btn-ghost btn-sm array-remove"
            onClick={(event) => {
              list?.removing?.(index);
              buttonsProps.onRemoveItem(event);
            }}
            disabled={!canRemove || buttonsProps.disabled}
            aria-label={`${removeLabel} ${heading}`}
          >
            {removeLabel}
          </button>
        )}
      </div>
      <div className="array-item-body">{children}</div>
    </div>
  );
}
