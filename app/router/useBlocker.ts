import { useEffect, useSyncExternalStore } from 'react';
import type { Blocker, BlockerFunction } from './types.ts';
import { useHistory } from './useHistory.ts';

/**
 * Holds navigations the check says to (links, navigate() and the browser's back and forward) until the returned
 * blocker's proceed() or reset().
 * @param check - asked before each navigation; keep it stable or cheap, it is installed on each change
 * @returns - the blocker: state "blocked" while a navigation waits
 */
export function useBlocker(check: BlockerFunction): Blocker {
  const history = useHistory();
  useEffect(() => {
    history.setBlocker(check);
    return () => history.setBlocker(null);
  }, [history, check]);
  return useSyncExternalStore(history.subscribe, () => history.blocker);
}
