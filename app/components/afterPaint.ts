/**
 * Runs `fn` once the browser has painted what was just committed: after the next frame, in a task of its own. For
 * work a page starts when it draws but that draws nothing itself (a request whose answer comes later anyway): a page
 * drawn in one synchronous pass (app/App.tsx's opened page) runs its effects before the browser paints, so such work
 * would otherwise delay that paint (docs/decisions/performance-styles-in-html.md).
 * @returns - a cancel function, for an effect's cleanup
 */
export function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(fn, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
