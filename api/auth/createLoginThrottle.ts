import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Failed logins of one account from one address (or any other counted try: password reset requests). */
export interface LoginThrottle {
  /** Milliseconds until this account may be tried again from this address (0: now). */
  wait(username: string, ip: string): Promise<number>;
  /** Counts a failure; from the FREE-th on, each one doubles the wait before the next try. */
  fail(username: string, ip: string): Promise<void>;
  /** A successful login forgets the failures of this account at this address. */
  succeed(username: string, ip: string): Promise<void>;
}

export interface ThrottleSettings {
  /** Failures allowed without any wait. */
  free: number;
  /** The wait after the FREE-th failure; each further failure doubles it. */
  baseMs: number;
  /** The longest wait. */
  maxMs: number;
  /** Failures are forgotten this long after the last one. */
  forgetMs: number;
}

export const THROTTLE: ThrottleSettings = { free: 5, baseMs: 5_000, maxMs: 15 * 60_000, forgetMs: 24 * 60 * 60_000 };

/** The account name is hashed: the store (maybe a shared Redis) holds no usernames or addresses in clear. */
function keyOf(username: string, ip: string): string {
  return createHash('sha256').update(`${username.trim().toLowerCase()}\n${ip}`).digest('hex');
}

function delayAfter(count: number, settings: ThrottleSettings): number {
  if (count < settings.free) return 0;
  return Math.min(settings.baseMs * 2 ** Math.min(count - settings.free, 30), settings.maxMs);
}

/**
 * Failed logins throttled per account and address, with growing waits and no lockout: a stranger guessing from
 * their address only slows themselves, while the owner logs in from theirs. Counters live in Redis when a client
 * is given (shared by every instance), in memory otherwise.
 * @param redis - a connected ioredis client, or undefined for memory
 * @param prefix - the Redis key prefix
 * @param settings - the waits (THROTTLE by default)
 * @param family - what is counted, the start of its keys after the prefix ('login-fail' by default)
 */
export function createLoginThrottle(
  redis?: Redis,
  prefix = 'insure:',
  settings: ThrottleSettings = THROTTLE,
  family = 'login-fail',
): LoginThrottle {
  return redis ? redisThrottle(redis, `${prefix}${family}:`, settings) : memoryThrottle(settings);
}

function memoryThrottle(settings: ThrottleSettings): LoginThrottle {
  const entries = new Map<string, { count: number; until: number; last: number }>();
  const current = (key: string) => {
    const entry = entries.get(key);
    if (entry && Date.now() - entry.last > settings.forgetMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async wait(username, ip) {
      return Math.max(0, (current(keyOf(username, ip))?.until ?? 0) - Date.now());
    },
    async fail(username, ip) {
      const key = keyOf(username, ip);
      const count = (current(key)?.count ?? 0) + 1;
      const now = Date.now();
      entries.delete(key);
      entries.set(key, { count, until: now + delayAfter(count, settings), last: now });
      // Oldest first: a flood of made-up names cannot grow the map without bound.
      if (entries.size > 100_000) entries.delete(entries.keys().next().value as string);
    },
    async succeed(username, ip) {
      entries.delete(keyOf(username, ip));
    },
  };
}

/** One atomic step: count the failure, set the time of the next allowed try, and refresh the expiry. */
const FAIL_SCRIPT = `
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
local free, base, max, now, forget = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local delay = 0
if count >= free then delay = math.min(base * 2 ^ math.min(count - free, 30), max) end
redis.call('HSET', KEYS[1], 'until', now + delay)
redis.call('PEXPIRE', KEYS[1], forget)
return count
`;

function redisThrottle(redis: Redis, prefix: string, settings: ThrottleSettings): LoginThrottle {
  return {
    async wait(username, ip) {
      const until = Number(await redis.hget(prefix + keyOf(username, ip), 'until'));
      return Number.isFinite(until) ? Math.max(0, until - Date.now()) : 0;
    },
    async fail(username, ip) {
      await redis.eval(
        FAIL_SCRIPT,
        1,
        prefix + keyOf(username, ip),
        settings.free,
        settings.baseMs,
        settings.maxMs,
        Date.now(),
        settings.forgetMs,
      );
    },
    async succeed(username, ip) {
      await redis.del(prefix + keyOf(username, ip));
    },
  };
}
