import { useSyncExternalStore, type RefObject } from 'react';
import { useFormStore } from './contexts.ts';

/** The element to focus for an error's field: the input itself, else the first of its group. */
function focusField(idPrefix: string, path: string): void {
  const id = [idPrefix, ...path.split('.')].join('_');
  const el =
    document.getElementById(id) ??
    document.getElementById(`${id}-0`) ??
    document.querySelector<HTMLElement>(
      `[data-path="${path}"] input, [data-path="${path}"] select, [data-path="${path}"] textarea, [data-path="${path}"] button`,
    );
  if (!el) return;
  el.scrollIntoView?.({ block: 'center' });
  el.focus();
}

/**
 * Errors in the order their fields are on the page (the engine lists schema errors before rule errors); an error
 * whose field is not drawn keeps its place after them.
 */
function inPageOrder<T extends { field: string }>(errors: T[], root: HTMLElement | null): T[] {
  if (!root) return errors;
  const position = new Map<string, number>();
  const drawn = Array.from(root.querySelectorAll<HTMLElement>('[data-path]'), (el) => el.dataset.path ?? '');
  for (const e of errors) {
    const at = drawn.indexOf(e.field);
    position.set(e.field, at < 0 ? Number.MAX_SAFE_INTEGER : at);
  }
  return [...errors].sort((a, b) => (position.get(a.field) ?? 0) - (position.get(b.field) ?? 0));
}

/** "First Name: This field is required", when the field's label is on the page and the message does not name it. */
function withLabel(idPrefix: string, path: string, message: string): string {
  if (typeof document === 'undefined') return message;
  const id = [idPrefix, ...path.split('.')].join('_');
  const label = document.getElementById(`${id}__label`)?.textContent?.trim().replace(/:$/, '');
  if (!label || message.toLowerCase().includes(label.toLowerCase())) return message;
  return `${label}: ${message}`;
}

export interface ErrorSummaryProps {
  /** Heading of the block. */
  title?: string;
  /** rjsf's idPrefix (default "root"), to find each field. */
  idPrefix?: string;
  /** The form's element, whose fields (`data-path`) give the order of the list; without it, the engine's order. */
  formRef?: RefObject<HTMLElement | null>;
}

/**
 * The alert block listing every error of the form, with the spec's messages; shown after a refused Next or Save.
 * Each message is a button that moves focus to its field.
 */
export function ErrorSummary({
  title = 'Please correct the following:',
  idPrefix = 'root',
  formRef,
}: ErrorSummaryProps) {
  const store = useFormStore();
  useSyncExternalStore(store.subscribe, store.getVersion);
  const errors = store.showingAll ? store.allErrors().filter((e) => !store.isHidden(e.field)) : [];
  if (!errors.length) return null;
  // A message shared by several fields ("This field is required") is told apart by its field's label.
  const counts = new Map<string, number>();
  for (const e of errors) counts.set(e.message, (counts.get(e.message) ?? 0) + 1);
  const seen = new Set<string>();
  const unique = inPageOrder(
    errors.filter((e) => {
      const key = `${e.field}\u0000${e.message}`;
      return seen.has(key) ? false : (seen.add(key), true);
    }),
    formRef?.current ?? null,
  );
  return (
    <div className="alert alert-error error-summary" role="alert" tabIndex={-1}>
      <span className="alert-icon" aria-hidden="true">
        !
      </span>
      <div>
        <p className="alert-title">{title}</p>
        <ul>
          {unique.map((e) => (
            <li key={`${e.field}:${e.message}`}>
              {e.field ? (
                <button type="button" className="link error-link" onClick={() => focusField(idPrefix, e.field)}>
                  {(counts.get(e.message) ?? 0) > 1 ? withLabel(idPrefix, e.field, e.message) : e.message}
                </button>
              ) : (
                e.message
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
