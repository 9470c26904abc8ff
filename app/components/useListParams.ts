import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../router/useSearchParams.ts';

/** A list's page, ordering, search and filters, as the page's URL keeps them. */
export interface ListParamsState {
  page: number;
  ordering: string;
  search: string;
  /** The filters' values ("" when not set). */
  filters: Record<string, string>;
  /**
   * Changes some of them; any change but the page's goes back to page 1. A default value leaves the URL.
   * @param replace - replace the history entry (each keystroke of a search) instead of adding one (a page)
   */
  update(changes: Partial<Record<'page' | 'ordering' | 'search' | string, string | number>>, replace?: boolean): void;
}

/**
 * The state of a paged list kept in the URL's query (?page=&ordering=&search=…), so that a reload, the Back button
 * or a shared link shows the same list.
 * @param defaultOrdering - the server's ordering without ?ordering=
 * @param filterNames - the list's other parameters
 */
export function useListParams(defaultOrdering: string, filterNames: readonly string[] = []): ListParamsState {
  const [params, setParams] = useSearchParams();
  const pageText = params.get('page') ?? '1';
  const page = /^[1-9][0-9]{0,8}$/.test(pageText) ? Number(pageText) : 1;
  const ordering = params.get('ordering') || defaultOrdering;
  const search = params.get('search') ?? '';
  const filterKey = filterNames.map((name) => params.get(name) ?? '').join('\n');
  const filters = useMemo(
    () => Object.fromEntries(filterNames.map((name, i) => [name, filterKey.split('\n')[i] ?? ''])),
    [filterNames, filterKey],
  );
  const update = useCallback<ListParamsState['update']>(
    (changes, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, raw] of Object.entries(changes)) {
            const value = raw === undefined ? '' : String(raw);
            const isDefault =
              value === '' || (key === 'page' && value === '1') || (key === 'ordering' && value === defaultOrdering);
            if (isDefault) next.delete(key);
            else next.set(key, value);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace },
      ),
    [setParams, defaultOrdering],
  );
  return { page, ordering, search, filters, update };
}
