import type { KeyboardEvent } from 'react';

/**
 * Arrow-key, Home and End movement between the [role=menuitem] elements of a menu.
 * @param event - the keydown on the menu element.
 */
export function onMenuKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]'));
  if (items.length === 0) return;
  const index = items.indexOf(document.activeElement as HTMLElement);
  let next: number | undefined;
  if (event.key === 'ArrowDown') next = (index + 1) % items.length;
  else if (event.key === 'ArrowUp') next = (index - 1 + items.length) % items.length;
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = items.length - 1;
  if (next === undefined) return;
  event.preventDefault();
  items[next].focus();
}
