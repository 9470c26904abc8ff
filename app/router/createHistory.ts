import type { Blocker, BlockerFunction, Location, Navigate } from './types.ts';

/** A history entry as a backend keeps it: the URL, the navigation's state, its key and its position. */
export interface Entry {
  url: string;
  state: unknown;
  key: string;
  /** The position in the session's history; null for an entry the app did not write (a followed #fragment). */
  idx: number | null;
}

/** Where the entries live: the browser's history, or an array (tests, stories). */
export interface HistoryBackend {
  current: () => Entry;
  write: (entry: Entry, replace: boolean) => void;
  go: (delta: number) => void;
  /** Calls back after go() or the browser's back and forward moved to another entry. */
  listen: (onPop: () => void) => void;
}

/** The app's history: where it is, navigation through it, and the held navigation of a blocker. */
export interface AppHistory {
  readonly location: Location;
  readonly blocker: Blocker;
  navigate: Navigate;
  /** Calls back when the location or the blocker changed. */
  subscribe: (listener: () => void) => () => void;
  /** Installs the check asked before each navigation (one at a time), or removes it (null). */
  setBlocker: (check: BlockerFunction | null) => void;
}

const UNBLOCKED: Blocker = { state: 'unblocked', proceed: () => undefined, reset: () => undefined };

function toLocation(entry: Entry): Location {
  const url = new URL(entry.url, 'http://app.invalid');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state: entry.state, key: entry.key };
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/**
 * The history over a backend. A blocker is asked before every navigation: a push or replace waits, not written,
 * until proceed(); back and forward have already moved when the browser says so, so the history goes back to the
 * entry left (the distance known from each entry's position, kept in its state) and moves again on proceed().
 * @returns - the app's history
 */
export function createHistory(backend: HistoryBackend): AppHistory {
  let entry = backend.current();
  let location = toLocation(entry);
  let blocker = UNBLOCKED;
  let check: BlockerFunction | null = null;
  // Set while the history undoes a blocked back or forward (its own move is not a navigation), and while it carries
  // out a proceeded one (not to be asked again).
  let undoing = false;
  let proceeding = false;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const arrive = (next: Entry) => {
    entry = next;
    location = toLocation(next);
    if (blocker.state === 'proceeding') blocker = UNBLOCKED;
    notify();
  };

  /** Holds the navigation to `next` if the blocker says so; `go` carries it out. */
  const held = (next: Location, go: () => void): boolean => {
    if (!check || blocker.state !== 'unblocked' || !check({ currentLocation: location, nextLocation: next }))
      return false;
    blocker = {
      state: 'blocked',
      proceed: () => {
        blocker = { ...UNBLOCKED, state: 'proceeding' };
        notify();
        go();
      },
      reset: () => {
        blocker = UNBLOCKED;
        notify();
      },
    };
    notify();
    return true;
  };

  backend.listen(() => {
    if (undoing) {
      undoing = false;
      return;
    }
    let next = backend.current();
    if (next.idx === null) {
      // A #fragment followed: an entry after the current one, given its position so back from it can be told.
      next = { ...next, idx: (entry.idx ?? 0) + 1, key: newKey() };
      backend.write(next, true);
    }
    const delta = next.idx! - (entry.idx ?? 0);
    if (!proceeding && delta !== 0 && blocker.state === 'blocked') {
      // Back or forward again while the dialog asks: undone too, and the first move still waits for its answer.
      undoing = true;
      backend.go(-delta);
      return;
    }
    if (!proceeding && delta !== 0 && held(toLocation(next), () => ((proceeding = true), backend.go(delta)))) {
      undoing = true;
      backend.go(-delta);
      return;
    }
    proceeding = false;
    arrive(next);
  });

  const navigate: Navigate = (to, options = {}) => {
    if (typeof to === 'number') {
      backend.go(to);
      return;
    }
    const url = to.startsWith('?') || to.startsWith('#') ? location.pathname + to : to;
    // To the URL already shown, unless told: replaced, not pushed (as react-router did), so back leaves it.
    const replace = options.replace ?? url === location.pathname + location.search + location.hash;
    const next: Entry = {
      url,
      state: options.state ?? null,
      key: newKey(),
      idx: replace ? entry.idx : (entry.idx ?? 0) + 1,
    };
    const write = () => {
      backend.write(next, replace);
      arrive(next);
    };
    if (!held(toLocation(next), write)) write();
  };

  return {
    get location() {
      return location;
    },
    get blocker() {
      return blocker;
    },
    navigate,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setBlocker: (next) => {
      check = next;
      if (!next && blocker.state !== 'unblocked') {
        blocker = UNBLOCKED;
        notify();
      }
    },
  };
}
