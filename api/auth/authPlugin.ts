import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ApiError, badRequest, unauthorized } from '../http/apiError.ts';
import { bodyOf, userOf } from '../http/requestHelpers.ts';
import { errorResponses, objectBody } from '../http/routeSchemas.ts';
import type { FieldError } from '../types.ts';
import { createLoginLimiter, type LoginLimiter } from './createLoginLimiter.ts';
import { createTokenStore, type TokenCache, type TokenStore } from './createTokenStore.ts';
import { hashPassword, verifyPassword } from './hashPassword.ts';

export interface AuthPluginOptions {
  /** Lifetime of a login token. */
  tokenTtlMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenStore;
    limiter: LoginLimiter;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True for a unique-constraint violation on either database. */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

function duplicate(message: string, field: string): ApiError {
  return new ApiError(400, { error: message, detail: message, errors: [{ field, message }] });
}

const REVOKED = 'insure:tokens:revoked';

/** SQLite means one process; on PostgreSQL other instances may log a token out, so it is cached only with Redis. */
function tokenCachePolicy(app: FastifyInstance): TokenCache {
  const { redis } = app;
  if (app.database.dialect === 'sqlite') return { kind: 'local' };
  if (!redis) return { kind: 'none' };
  return { kind: 'shared', broadcast: (hash) => redis.publish(REVOKED, hash), onRevoked: (listener) => redis.subscribe(REVOKED, listener) };
}

/**
 * Accounts and sessions: the token check of every route of the scope it is registered in (except routes marked
 * `config.public`), and POST /users/ (sign-up), POST /login/, POST /logout/ and GET /clients/user_info/.
 */
export const authPlugin = fp<AuthPluginOptions>(async (app, options) => {
  const { db } = app.database;
  const tokens = await createTokenStore(db, options.tokenTtlMs, tokenCachePolicy(app));
  const limiter = createLoginLimiter();
  app.decorate('tokens', tokens);
  app.decorate('limiter', limiter);
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const header = request.headers.authorization;
    const token = header ? /^Token\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
    if (!token) throw unauthorized('No authentication token found');
    const user = await tokens.find(token);
    if (!user) throw unauthorized('Invalid token');
    request.user = user;
  });

  app.post('/users/', {
    config: { public: true },
    schema: {
      tags: ['accounts'],
      summary: 'Create an account (username defaults to the email)',
      security: [],
      body: objectBody({
        email: { type: 'string', format: 'email' },
        password: { type: 'string', minLength: 8 },
        username: { type: 'string' },
      }, ['email', 'password']),
      response: { 201: { type: 'object', properties: { id: { type: 'integer' }, email: { type: 'string' }, username: { type: 'string' } } }, ...errorResponses(400) },
    },
  }, async (request, reply) => {
    const body = bodyOf(request);
    const errors: FieldError[] = [];
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (!EMAIL.test(email) || email.length > 254) errors.push({ field: 'email', message: 'Please enter a valid email address' });
    const password = body.password;
    if (typeof password !== 'string' || password.length < 8) errors.push({ field: 'password', message: 'Password must be at least 8 characters' });
    else if (password.length > 256) errors.push({ field: 'password', message: 'Password must be at most 256 characters' });
    const givenName = typeof body.username === 'string' ? body.username.trim() : '';
    const username = givenName || email;
    if (body.username !== undefined && body.username !== null && typeof body.username !== 'string') errors.push({ field: 'username', message: 'Please enter a valid username' });
    else if (username.length > 150) errors.push({ field: 'username', message: 'Username must be at most 150 characters' });
    if (errors.length) {
      const err = badRequest(errors);
      err.body.detail = err.body.error;
      throw err;
    }
    const taken = await db
      .selectFrom('users')
      .select(['email', 'username'])
      .where((eb) => eb.or([eb('email', '=', email), eb(eb.fn('lower', ['username']), '=', username.toLowerCase())]))
      .execute();
    if (taken.some((u) => u.email === email)) throw duplicate('A user with that email already exists', 'email');
    if (taken.length) throw duplicate('A user with that username already exists', 'username');
    const password_hash = await hashPassword(password as string);
    try {
      const row = await db
        .insertInto('users')
        .values({ email, username, password_hash, role: 'adviser', created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return reply.code(201).send({ id: row.id, email, username });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate('A user with that email or username already exists', 'email');
      throw err;
    }
  });

  app.post('/login/', {
    config: { public: true },
    schema: {
      tags: ['accounts'],
      summary: 'Log in with username (or email) and password; answers a token for "Authorization: Token {token}"',
      security: [],
      body: objectBody({ username: { type: 'string' }, password: { type: 'string' } }, ['username', 'password']),
      response: {
        200: { type: 'object', properties: { token: { type: 'string' }, username: { type: 'string' }, role: { type: 'string' }, user_id: { type: 'integer' }, expires_at: { type: 'string' } } },
        ...errorResponses(400, 401, 429),
      },
    },
  }, async (request) => {
    const body = bodyOf(request);
    if (typeof body.username !== 'string' || typeof body.password !== 'string' || !body.username.trim()) {
      throw badRequest([{ field: 'username', message: 'Username and password are required' }]);
    }
    const name = body.username.trim();
    if (limiter.isBlocked(name, request.ip)) {
      throw new ApiError(429, { error: 'Too many failed login attempts. Please try again later.' });
    }
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.or([eb(eb.fn('lower', ['username']), '=', name.toLowerCase()), eb('email', '=', name.toLowerCase())]))
      .orderBy('id')
      .executeTakeFirst();
    const ok = await verifyPassword(body.password.slice(0, 256), user?.password_hash);
    if (!user || !ok) {
      limiter.fail(name, request.ip);
      throw new ApiError(401, { error: 'Invalid credentials' });
    }
    limiter.succeed(name);
    const token = await tokens.issue(user.id);
    return { token, username: user.username, role: user.role, user_id: user.id };
  });

  app.post('/logout/', {
    schema: {
      tags: ['accounts'],
      summary: 'Revoke the token of this request',
      response: { 200: { type: 'object', properties: { success: { type: 'boolean' } } }, ...errorResponses(401) },
    },
  }, async (request) => {
    userOf(request);
    const token = /^Token\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (token) await tokens.revoke(token);
    return { success: true };
  });

  app.get('/clients/user_info/', {
    schema: {
      tags: ['accounts'],
      summary: 'The signed-in user',
      response: { 200: { type: 'object', properties: { user_id: { type: 'integer' }, username: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } } }, ...errorResponses(401) },
    },
  }, async (request) => {
    const user = userOf(request);
    return { user_id: user.id, username: user.username, email: user.email, role: user.role };
  });
}, { name: 'auth', dependencies: ['db'] });
