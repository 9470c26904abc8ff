/** How many frames to wait for the element: about half a second. */
const MAX_FRAMES = 30;

/**
 * Moves focus to an element once React has drawn it, bringing it to the middle of the view: the error summary after
 * a refused Next, Save or Continue. A screen reader then reads the summary once, and the keyboard starts from it,
 * instead of staying on a button far below it. The element may take a few frames to appear (a form keeps its error
 * display still while a pointer is pressed, see FormStore.hold), so it is looked for on each frame until found.
 * @param find - returns the element to focus (it needs tabIndex -1); nothing happens when it never appears
 */
export function focusAfterRender(find: () => HTMLElement | null | undefined): void {
  let frames = 0;
  const attempt = () => {
    const el = find();
    if (!el) {
      if ((frames += 1) < MAX_FRAMES) requestAnimationFrame(attempt);
      return;
    }
    el.scrollIntoView?.({ block: 'center' });
    el.focus({ preventScroll: true });
  };
  requestAnimationFrame(attempt);
}
