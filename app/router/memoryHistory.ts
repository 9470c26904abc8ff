import { createHistory, type AppHistory, type Entry } from './createHistory.ts';

/**
 * A history in memory, for tests and stories: the entries given, the last one current (the first "default", as a
 * page opened directly).
 * @param initialEntries - the URLs, oldest first
 * @returns - the history
 */
export function createMemoryHistory(initialEntries: string[] = ['/']): AppHistory {
  const entries: Entry[] = initialEntries.map((url, idx) => ({
    url,
    state: null,
    key: idx ? `m${idx}` : 'default',
    idx,
  }));
  let index = entries.length - 1;
  let onPop = () => undefined as void;
  return createHistory({
    current: () => entries[index],
    write: (entry, replace) => {
      if (!replace) index++;
      entries.splice(index, replace ? 1 : entries.length, { ...entry, idx: index });
    },
    go: (delta) => {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      onPop();
    },
    listen: (listener) => {
      onPop = listener;
    },
  });
}
