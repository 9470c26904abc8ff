import type { ReactNode } from 'react';
import { SortDownIcon, SortIcon, SortUpIcon } from './icons.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/common';

/** The direction a list is sorted by a field, from its ordering ("-created_at,last_name"); null when it is not. */
export function sortOf(ordering: string, field: string): 'ascending' | 'descending' | null {
  const first = ordering.split(',')[0] ?? '';
  if (first === field) return 'ascending';
  if (first === `-${field}`) return 'descending';
  return null;
}

/** The ordering a click on a column asks for: the other direction when sorted by it, else its first direction. */
export function toggledOrdering(ordering: string, field: string, firstDescending = false): string {
  const now = sortOf(ordering, field);
  if (now === 'ascending') return `-${field}`;
  if (now === 'descending') return field;
  return firstDescending ? `-${field}` : field;
}

/**
 * A column header that sorts the list: a button in the header cell, which says how the list is sorted (aria-sort).
 * Dates sort newest first on the first click (`firstDescending`).
 */
export function SortHeader({
  field,
  ordering,
  onSort,
  firstDescending = false,
  className,
  children,
}: {
  field: string;
  ordering: string;
  onSort(ordering: string): void;
  firstDescending?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const sort = sortOf(ordering, field);
  return (
    <th scope="col" className={className} aria-sort={sort ?? undefined}>
      <button
        type="button"
        className={`sort-button${sort ? ' is-sorted' : ''}`}
        onClick={() => onSort(toggledOrdering(ordering, field, firstDescending))}
      >
        {children}
        {sort === 'ascending' ? <SortUpIcon /> : sort === 'descending' ? <SortDownIcon /> : <SortIcon />}
      </button>
      {/* Where the table is cards its header is only read out, and the sort menu sorts: the name without a button. */}
      <span className="sort-header-text" hidden>
        {children}
      </span>
    </th>
  );
}

/** One way a list may be sorted, for the sort menu of narrow screens (no column headers there). */
export interface SortChoice {
  ordering: string;
  label: string;
}

/** The sort menu shown where the table becomes cards. */
export function SortSelect({
  choices,
  ordering,
  onSort,
  id,
}: {
  choices: SortChoice[];
  ordering: string;
  onSort(ordering: string): void;
  id: string;
}) {
  const t = useT();
  const known = choices.some((c) => c.ordering === ordering);
  return (
    <div className="sort-select">
      <label htmlFor={id} className="text-sm muted">
        {t('common.sort.by')}
      </label>
      <select id={id} className="input input-compact" value={ordering} onChange={(e) => onSort(e.target.value)}>
        {known ? null : <option value={ordering}>{t('common.sort.custom')}</option>}
        {choices.map((c) => (
          <option key={c.ordering} value={c.ordering}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}
