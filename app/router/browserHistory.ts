import { createHistory, type AppHistory, type Entry } from './createHistory.ts';

interface StoredState {
  usr: unknown;
  key: string;
  idx: number;
}

function isStored(state: unknown): state is StoredState {
  return typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number';
}

function current(): Entry {
  const { pathname, search, hash } = window.location;
  const stored: unknown = window.history.state;
  return isStored(stored)
    ? { url: pathname + search + hash, state: stored.usr, key: stored.key, idx: stored.idx }
    : { url: pathname + search + hash, state: null, key: 'default', idx: null };
}

function write(entry: Entry, replace: boolean): void {
  const state: StoredState = { usr: entry.state, key: entry.key, idx: entry.idx ?? 0 };
  window.history[replace ? 'replaceState' : 'pushState'](state, '', entry.url);
}

/**
 * The app's history over the browser's: each entry's state keeps the navigation's state, a key and its position
 * (the entry the app opened on is position 0, unless a reload finds one already).
 * @returns - the history
 */
export function createBrowserHistory(): AppHistory {
  const opened = current();
  if (opened.idx === null) write({ ...opened, idx: 0 }, true);
  return createHistory({
    current,
    write,
    go: (delta) => window.history.go(delta),
    listen: (onPop) => window.addEventListener('popstate', onPop),
  });
}
