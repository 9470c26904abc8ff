import { useEffect, useState } from 'react';
import type { ListPage } from '../api/types.ts';

/** One page of a list as the page shows it: the last answer stays on screen while the next one loads. */
export interface ListPageState<T> {
  data: ListPage<T> | null;
  loading: boolean;
  error: string | null;
  /** Asks again (after a delete). */
  reload(): void;
}

/**
 * Loads a page of a list whenever `key` (its parameters) changes; a request that a newer one overtook is aborted.
 * @param load - asks the server for the page
 * @param key - the page's parameters, as text
 * @param fallback - the error text when the failure has none
 * @param onInvalidPage - a page after the last (404 "Invalid page."): the list goes to its first page
 */
export function useListPage<T>(
  load: (signal: AbortSignal) => Promise<ListPage<T>>,
  key: string,
  fallback: string,
  onInvalidPage: () => void,
): ListPageState<T> {
  const [data, setData] = useState<ListPage<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    load(controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setData(page);
        setError(null);
        setLoading(false);
      },
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        const status = (cause as { status?: unknown }).status;
        setLoading(false);
        if (status === 404) {
          onInvalidPage();
          return;
        }
        setError(cause instanceof Error && cause.message ? cause.message : fallback);
      },
    );
    return () => controller.abort();
    // `load` is rebuilt each render; the key names what it asks for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  return { data, loading, error, reload: () => setAttempt((n) => n + 1) };
}
