import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/apiError.ts';
import { createLoginThrottle, type LoginThrottle, type ThrottleSettings } from './createLoginThrottle.ts';
import { createTokenStore, type TokenCache, type TokenStore } from './createTokenStore.ts';

export interface AuthPluginOptions {
  /** Lifetime of a login token. */
  tokenTtlMs: number;
  /** How long a session may go without a request. */
  sessionIdleMs: number;
}

/**
 * Password reset requests, counted like failed logins: 3 mails to one address are free, then each further request
 * waits 1 min, 2 min… up to an hour; one client address may ask 20 times before its waits start.
 */
export const RESET_THROTTLES: { email: ThrottleSettings; address: ThrottleSettings } = {
  email: { free: 3, baseMs: 60_000, maxMs: 60 * 60_000, forgetMs: 60 * 60_000 },
  address: { free: 20, baseMs: 60_000, maxMs: 60 * 60_000, forgetMs: 60 * 60_000 },
};

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenStore;
    loginThrottle: LoginThrottle;
    /** Password reset requests per email (any address) and per client address (any email). */
    resetThrottles: { email: LoginThrottle; address: LoginThrottle };
  }
}

/**
 * Every later log line of the request names the user: the handlers' and the "request completed" line, which fastify
 * writes through the reply's logger (the "incoming request" line comes before the token is read; its reqId links it).
 */
export function nameUser(request: FastifyRequest, reply: FastifyReply, userId: number): void {
  request.log = request.log.child({ userId });
  reply.log = request.log;
}

/** SQLite means one process; on PostgreSQL other instances may log a token out, so it is cached only with Redis. */
function tokenCachePolicy(app: FastifyInstance): TokenCache {
  const { redis } = app;
  if (app.database.dialect === 'sqlite') return { kind: 'local' };
  if (!redis) return { kind: 'none' };
  const REVOKED = `${app.redisPrefix}tokens:revoked`;
  return {
    kind: 'shared',
    broadcast: (hash) => redis.publish(REVOKED, hash),
    onRevoked: (listener) => redis.subscribe(REVOKED, listener),
  };
}

/**
 * Sessions: decorates `tokens`, `loginThrottle` and `resetThrottles`, and adds the token check to every route of the scope it is
 * registered in (except routes marked `config.public`), which then has `request.user`. The routes: authRoutes.ts.
 */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    const { db } = app.database;
    const tokens = await createTokenStore(
      db,
      { ttlMs: options.tokenTtlMs, idleMs: options.sessionIdleMs },
      tokenCachePolicy(app),
    );
    const redis = app.redis?.client;
    // A Redis lost after the start lets tries through (logged) rather than refusing every one.
    const tolerant = (what: string, shared: LoginThrottle): LoginThrottle => {
      const failed =
        <T>(step: string, fallback: T) =>
        (err: unknown): T => {
          app.log.warn({ err }, `${what}: ${step} failed`);
          return fallback;
        };
      return {
        wait: (name, ip) => shared.wait(name, ip).catch(failed('wait', 0)),
        fail: (name, ip) => shared.fail(name, ip).catch(failed('fail', undefined)),
        succeed: (name, ip) => shared.succeed(name, ip).catch(failed('succeed', undefined)),
      };
    };
    const throttle = tolerant('login throttle', createLoginThrottle(redis, app.redisPrefix));
    app.decorate('resetThrottles', {
      email: tolerant(
        'reset throttle',
        createLoginThrottle(redis, app.redisPrefix, RESET_THROTTLES.email, 'reset-email'),
      ),
      address: tolerant(
        'reset throttle',
        createLoginThrottle(redis, app.redisPrefix, RESET_THROTTLES.address, 'reset-address'),
      ),
    });
    app.decorate('tokens', tokens);
    app.decorate('loginThrottle', throttle);
    app.decorateRequest('user', null);

    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config.public) return;
      const header = request.headers.authorization;
      const token = header ? /^Token\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
      if (!token) throw unauthorized('No authentication token found');
      const user = await tokens.find(token);
      if (!user) throw unauthorized('Invalid token');
      request.user = user;
      nameUser(request, reply, user.id);
    });
  },
  { name: 'auth', dependencies: ['db', 'limits'] },
);
