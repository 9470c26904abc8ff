import { useCallback, useState, type RefObject } from 'react';
import { useLeaveGuard } from './useLeaveGuard.ts';

/**
 * Leaving a step with answers not saved: Back asks first (`askToLeave`), and so does any navigation away (the
 * router's blocker), the answers kept as a draft meanwhile.
 * @param dirtyRef - true while answers are not saved
 * @param flushToDraft - keeps the form's latest answers as a draft
 */
export function useLeaving(dirtyRef: RefObject<boolean>, flushToDraft: () => void) {
  const [confirmLeave, setConfirmLeave] = useState<null | (() => void)>(null);
  const blocker = useLeaveGuard(() => dirtyRef.current, flushToDraft);
  const askToLeave = useCallback((go: () => void) => setConfirmLeave(() => go), []);
  const leave = () => {
    const go = confirmLeave;
    setConfirmLeave(null);
    go?.();
  };
  const stay = () => setConfirmLeave(null);
  return { asking: confirmLeave !== null, askToLeave, leave, stay, blocker };
}
