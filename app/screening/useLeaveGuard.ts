import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from '../router/useBlocker.ts';
import type { Blocker, BlockerFunction } from '../router/types.ts';

/**
 * Asks before leaving a step with unsaved changes: the router's blocker for links and the browser's back and
 * forward, beforeunload for a reload or a closed tab. `beforeLeave` runs first either way, so the typed answers are
 * written to the step's draft before anything can be lost.
 * @param isDirty - true while the step has answers not saved to the server (asked after beforeLeave ran)
 * @param beforeLeave - writes the answers to the draft
 * @returns - the blocker: state "blocked" means a dialog should ask; proceed() or reset()
 */
export function useLeaveGuard(isDirty: () => boolean, beforeLeave: () => void): Blocker {
  const dirtyRef = useRef(isDirty);
  dirtyRef.current = isDirty;
  const leaveRef = useRef(beforeLeave);
  leaveRef.current = beforeLeave;

  const check = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => {
    if (currentLocation.pathname === nextLocation.pathname) return false;
    leaveRef.current();
    return dirtyRef.current();
  }, []);
  const blocker = useBlocker(check);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      leaveRef.current();
      if (!dirtyRef.current()) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    const onPageHide = () => leaveRef.current();
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);

  return blocker;
}
