export interface LoginLimiter {
  /** Whether a login for this name from this address is refused right now. */
  isBlocked(username: string, ip: string): boolean;
  fail(username: string, ip: string): void;
  succeed(username: string): void;
}

interface Window {
  count: number;
  since: number;
}

/**
 * Refuses logins after repeated failures: `perUser` failures for one user name, or `perIp` from one address,
 * within `windowMs`. Kept in memory: a restart forgets the counts, which only costs an attacker a restart.
 */
export function createLoginLimiter(perUser = 5, perIp = 50, windowMs = 15 * 60 * 1000): LoginLimiter {
  const users = new Map<string, Window>();
  const ips = new Map<string, Window>();
  const current = (map: Map<string, Window>, key: string): Window | undefined => {
    const w = map.get(key);
    if (w && Date.now() - w.since > windowMs) {
      map.delete(key);
      return undefined;
    }
    return w;
  };
  const bump = (map: Map<string, Window>, key: string) => {
    const w = current(map, key);
    if (w) w.count += 1;
    else map.set(key, { count: 1, since: Date.now() });
    if (map.size > 100_000) map.delete(map.keys().next().value as string);
  };
  return {
    isBlocked(username, ip) {
      return (current(users, username.toLowerCase())?.count ?? 0) >= perUser || (current(ips, ip)?.count ?? 0) >= perIp;
    },
    fail(username, ip) {
      bump(users, username.toLowerCase());
      bump(ips, ip);
    },
    succeed(username) {
      users.delete(username.toLowerCase());
    },
  };
}
