import { loadavg } from 'node:os';

/** The worst event-loop stall seen, two ways. */
export interface Stall {
  /** The longest a timer tick came late, in wall-clock ms: what a request waited. */
  wall: number;
  /**
   * The most CPU time the process spent between two ticks, in ms: the stall the work itself causes. On a loaded machine
   * the wall figure also counts the time the OS gave other processes; this one does not.
   */
  busy: number;
  /** The 1-minute load average at the end, to read the wall figure by. */
  load: number;
}

/**
 * Measures the longest time the event loop was blocked: a timer every `intervalMs` that notes how late each tick is
 * and how much CPU time went by since the previous one.
 * @example const m = stallMonitor(); await work(); const { wall, busy } = await m.stop();
 */
export function stallMonitor(intervalMs = 5): { stop(): Promise<Stall> } {
  let wall = 0;
  let busy = 0;
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  const timer = setInterval(() => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    wall = Math.max(wall, now - last - intervalMs);
    busy = Math.max(busy, (cpu.user + cpu.system) / 1000 - intervalMs);
    last = now;
    lastCpu = process.cpuUsage();
  }, intervalMs);
  return {
    async stop() {
      // One more tick, so a stall at the very end is seen.
      await new Promise((resolve) => setTimeout(resolve, intervalMs * 2));
      clearInterval(timer);
      return { wall: Math.max(0, wall), busy: Math.max(0, busy), load: loadavg()[0] };
    },
  };
}
