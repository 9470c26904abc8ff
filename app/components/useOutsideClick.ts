import { useEffect, type RefObject } from 'react';

/**
 * Calls onOutside when a pointer press or focus lands outside the element, or Escape is pressed, while active.
 * @param ref - the element that counts as inside (trigger and menu together).
 * @param active - listen only while true (the menu is open).
 * @param onOutside - usually closes the menu.
 */
export function useOutsideClick(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  onOutside: (reason: 'outside' | 'escape') => void,
): void {
  useEffect(() => {
    if (!active) return;
    const onPointer = (event: Event) => {
      const el = ref.current;
      if (el && event.target instanceof Node && !el.contains(event.target)) onOutside('outside');
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onOutside('escape');
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    document.addEventListener('focusin', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
      document.removeEventListener('focusin', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [ref, active, onOutside]);
}
