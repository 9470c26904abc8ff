import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';

/**
 * Holds the buttons pressed (and Enter in a field, which asks for Next) inside an element until `ready`, then presses
 * them again: the wizard draws a step before its flow machine has loaded (useFlowActor.ts), and Next or Back in those
 * first moments then acts once the machine runs, with nothing drawn differently meanwhile.
 * @returns - the capture handlers for the element
 */
export function useHoldUntil(ready: boolean): {
  onClickCapture: (event: MouseEvent) => void;
  onKeyDownCapture: (event: KeyboardEvent) => void;
} {
  const held = useRef<(() => void)[]>([]);
  const readyRef = useRef(ready);
  readyRef.current = ready;
  useEffect(() => {
    if (!ready) return;
    const replay = held.current.splice(0);
    let stopped = false;
    // One press per task: React commits what a press changed (a choice, a count) before the next press reads it,
    // as when the person pressed them one after the other.
    const pressNext = (): void => {
      const press = replay.shift();
      if (stopped || !press) return;
      press();
      if (replay.length) setTimeout(pressNext, 0);
    };
    pressNext();
    return () => {
      stopped = true;
    };
  }, [ready]);
  return {
    onClickCapture: (event) => {
      if (readyRef.current || !(event.target instanceof Element)) return;
      const button = event.target.closest('button');
      if (!button) return;
      event.preventDefault();
      event.stopPropagation();
      held.current.push(() => button.click());
    },
    onKeyDownCapture: (event) => {
      if (readyRef.current || event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
      const input = event.target;
      event.preventDefault();
      event.stopPropagation();
      held.current.push(() =>
        input.dispatchEvent(new globalThis.KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })),
      );
    },
  };
}
