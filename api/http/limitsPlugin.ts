import fastifyRateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { RateLimit, RateLimits } from '../types.ts';
import { ApiError } from './apiError.ts';

/**
 * An office behind one address shares these: 30 logins a minute is far above what a team types, and 10 sign-ups in
 * 10 minutes lets a team join at once while a script gets 1,440 a day instead of 50 a second.
 */
export const RATE_LIMITS: RateLimits = {
  signup: { max: 10, windowMs: 10 * 60_000 },
  login: { max: 30, windowMs: 60_000 },
};

export interface LimitsPluginOptions {
  /** Prefix of every Redis key (tests use a fresh one). */
  redisPrefix: string;
  rateLimits: RateLimits;
}

declare module 'fastify' {
  interface FastifyInstance {
    redisPrefix: string;
    rateLimits: RateLimits;
  }
}

/**
 * Counters that throttle: @fastify/rate-limit (per-address limits that routes opt into with `config.rateLimit`)
 * over the shared Redis when REDIS_URL is set (redisPlugin), in memory otherwise. A Redis lost after the start lets
 * requests through (logged) rather than refusing every login.
 */
export const limitsPlugin = fp<LimitsPluginOptions>(
  async (app, options) => {
    const redis = app.redis?.client ?? null;
    app.decorate('redisPrefix', options.redisPrefix);
    app.decorate('rateLimits', options.rateLimits);
    await app.register(fastifyRateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: `${options.redisPrefix}rate:` } : {}),
      skipOnError: true,
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      errorResponseBuilder: () =>
        new ApiError(429, { error: 'Too many requests. Please try again later.', errors: [] }),
    });
  },
  { name: 'limits', dependencies: ['redis'] },
);

/**
 * The route option of one limit, per address.
 * @param limit - requests and window
 */
export function perAddress(limit: RateLimit): { max: number; timeWindow: number } {
  return { max: limit.max, timeWindow: limit.windowMs };
}
