/**
 * Moves focus to an element once React has drawn it (the next frame), bringing it to the middle of the view: the
 * error summary after a refused Next, Save or Continue. A screen reader then reads the summary once, and the
 * keyboard starts from it, instead of staying on a button far below it.
 * @param find - returns the element to focus (it needs tabIndex -1); nothing happens when it returns null
 */
export function focusAfterRender(find: () => HTMLElement | null | undefined): void {
  requestAnimationFrame(() => {
    const el = find();
    if (!el) return;
    el.scrollIntoView?.({ block: 'center' });
    el.focus({ preventScroll: true });
  });
}
