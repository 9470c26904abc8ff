/**
 * Measures the longest time the event loop was blocked: a 5 ms timer that notes how late each tick is.
 * @example const m = stallMonitor(); await work(); const worst = await m.stop();
 */
export function stallMonitor(intervalMs = 5): { stop(): Promise<number> } {
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - intervalMs);
    last = now;
  }, intervalMs);
  return {
    async stop() {
      // One more tick, so a stall at the very end is seen.
      await new Promise((resolve) => setTimeout(resolve, intervalMs * 2));
      clearInterval(timer);
      return Math.max(0, worst);
    },
  };
}
