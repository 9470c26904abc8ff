import { readdirSync, readFileSync } from 'node:fs';

/** CPU milliseconds (user + system) spent by the parties of a bench run; null where /proc cannot tell (not Linux). */
export interface CpuSample {
  server: number | null;
  postgres: number | null;
  loadGenerator: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** The user + system CPU time of one process from /proc, or null when it is gone or /proc is absent. */
function processCpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** The CPU time of every PostgreSQL process on the machine (its backends do a query's work, the others its WAL). */
function postgresCpuMs(): number | null {
  let dirs: string[];
  try {
    dirs = readdirSync('/proc');
  } catch {
    return null;
  }
  let total = 0;
  for (const dir of dirs) {
    if (!/^\d+$/.test(dir)) continue;
    try {
      if (readFileSync(`/proc/${dir}/comm`, 'utf8').trim() === 'postgres') total += processCpuMs(Number(dir)) ?? 0;
    } catch {
      /* exited meanwhile */
    }
  }
  return total;
}

/**
 * Reads the CPU time so far of the server process, of PostgreSQL and of this process (autocannon's load generator);
 * the difference of two samples over a run, divided by its requests, is what one request cost each of them.
 */
export function sampleCpu(serverPid: number | undefined): CpuSample {
  const own = process.cpuUsage();
  return {
    server: serverPid ? processCpuMs(serverPid) : null,
    postgres: postgresCpuMs(),
    loadGenerator: (own.user + own.system) / 1000,
  };
}

/** The CPU milliseconds per request between two samples (null where either sample is unknown). */
export function cpuPerRequest(before: CpuSample, after: CpuSample, requests: number): CpuSample {
  const per = (a: number | null, b: number | null): number | null =>
    a === null || b === null || requests === 0 ? null : (b - a) / requests;
  return {
    server: per(before.server, after.server),
    postgres: per(before.postgres, after.postgres),
    loadGenerator: (after.loadGenerator - before.loadGenerator) / Math.max(1, requests),
  };
}
