import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { AuthUser } from '../types.ts';

/** Where a session was opened from, as the login request told it. */
export interface SessionOrigin {
  userAgent?: string;
  address?: string;
}

/** One live session of an account, as "Where you're signed in" lists it. */
export interface SessionInfo {
  /** The token's hash: names the session without being able to sign in with it. */
  id: string;
  userAgent: string | null;
  address: string | null;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
}

export interface TokenStore {
  /** Creates a token for the user (only its hash is stored) and says when it expires (ISO 8601). */
  issue(userId: number, origin?: SessionOrigin): Promise<{ token: string; expiresAt: string }>;
  /** The live sessions of the user, the most recently used first. */
  list(userId: number): Promise<SessionInfo[]>;
  /** Ends one session of the user by its id; false when the user has no such live session. */
  revokeSession(userId: number, id: string): Promise<boolean>;
  /** The user of a live token, or undefined for an unknown, revoked or expired one. */
  find(token: string): Promise<AuthUser | undefined>;
  /** Revokes one token. */
  revoke(token: string): Promise<void>;
  /** Revokes every token of the user but `keep` (the session that changed the password), on every instance; says how many. */
  revokeAll(userId: number, keep?: string): Promise<number>;
}

/** The session id of a token (its hash), for the route that lists sessions to tell the current one. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** How long a looked-up token is trusted without asking the database again (a logout clears it at once). */
const CACHE_MS = 30_000;

/**
 * How lookups may be cached. `local`: one process owns the database (SQLite), so its own logouts are all there is.
 * `none`: other instances may revoke a token at any moment and nothing would tell this one. `shared`: revocations
 * are broadcast (Redis pub/sub), and every instance drops the token from its cache on hearing one.
 */
export type TokenCache =
  | { kind: 'local' }
  | { kind: 'none' }
  | {
      kind: 'shared';
      broadcast(hash: string): Promise<void>;
      onRevoked(listener: (hash: string) => void): Promise<void>;
    };

/** How much of a User-Agent header is kept (the longest real ones are about 300 characters). */
const USER_AGENT_MAX = 512;

/**
 * Login tokens: 32 random bytes, stored as sha256 hashes, expiring after ttlMs or after idleMs without a request.
 * Lookups are cached in memory for a short while when the cache policy allows it; expiry and idleness are checked on
 * every hit. The last use is written at most every minute (a quarter of idleMs when shorter), not on every request.
 * @param db - the data layer
 * @param lifetimes - ttlMs: lifetime of a token; idleMs: how long a session may go without a request
 * @param policy - whether lookups are cached, and how revocations reach the other instances
 */
export async function createTokenStore(
  db: Kysely<Database>,
  lifetimes: { ttlMs: number; idleMs: number },
  policy: TokenCache = { kind: 'local' },
): Promise<TokenStore> {
  const { ttlMs, idleMs } = lifetimes;
  const touchMs = Math.min(60_000, Math.floor(idleMs / 4));
  const cache = new Map<string, { user: AuthUser; expiresAt: string; lastUsed: number; until: number }>();
  if (policy.kind === 'shared') await policy.onRevoked((hash) => cache.delete(hash));
  const idleSince = (now: number) => new Date(now - idleMs).toISOString();
  return {
    async issue(userId, origin = {}) {
      const token = randomBytes(32).toString('hex');
      const now = Date.now();
      const expiresAt = new Date(now + ttlMs).toISOString();
      // Expired and idle tokens of this user are removed on each login, so the table does not grow without bound.
      await db
        .deleteFrom('tokens')
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or([eb('expires_at', '<=', new Date(now).toISOString()), eb('last_used_at', '<=', idleSince(now))]),
        )
        .execute();
      await db
        .insertInto('tokens')
        .values({
          token_hash: hashToken(token),
          user_id: userId,
          created_at: new Date(now).toISOString(),
          expires_at: expiresAt,
          last_used_at: new Date(now).toISOString(),
          user_agent: origin.userAgent?.slice(0, USER_AGENT_MAX) || null,
          address: origin.address || null,
        })
        .execute();
      return { token, expiresAt };
    },
    async list(userId) {
      const now = Date.now();
      const rows = await db
        .selectFrom('tokens')
        .select(['token_hash', 'user_agent', 'address', 'created_at', 'last_used_at', 'expires_at'])
        .where('user_id', '=', userId)
        .where('expires_at', '>', new Date(now).toISOString())
        .where('last_used_at', '>', idleSince(now))
        .orderBy('last_used_at', 'desc')
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map((r) => ({
        id: r.token_hash,
        userAgent: r.user_agent,
        address: r.address,
        createdAt: r.created_at,
        lastUsedAt: r.last_used_at ?? r.created_at,
        expiresAt: r.expires_at,
      }));
    },
    async revokeSession(userId, id) {
      if (!/^[0-9a-f]{64}$/.test(id)) return false;
      cache.delete(id);
      const removed = await db
        .deleteFrom('tokens')
        .where('user_id', '=', userId)
        .where('token_hash', '=', id)
        .executeTakeFirst();
      if (policy.kind === 'shared') await policy.broadcast(id);
      return Number(removed.numDeletedRows) === 1;
    },
    async find(token) {
      if (!/^[0-9a-f]{64}$/.test(token)) return undefined;
      const hash = hashToken(token);
      const now = Date.now();
      const hit = cache.get(hash);
      if (hit && hit.until > now && hit.expiresAt > new Date(now).toISOString() && now - hit.lastUsed < idleMs)
        return hit.user;
      cache.delete(hash);
      const row = await db
        .selectFrom('tokens')
        .innerJoin('users', 'users.id', 'tokens.user_id')
        .select([
          'users.id',
          'users.email',
          'users.username',
          'users.role',
          'users.language',
          'users.disabled_at',
          'tokens.expires_at',
          'tokens.created_at',
          'tokens.last_used_at',
        ])
        .where('tokens.token_hash', '=', hash)
        .executeTakeFirst();
      if (!row || row.expires_at <= new Date(now).toISOString() || row.disabled_at) return undefined;
      let lastUsed = Date.parse(row.last_used_at ?? row.created_at);
      if (now - lastUsed >= idleMs) {
        // Idle too long: the session ends here, as a logout would end it.
        await db.deleteFrom('tokens').where('token_hash', '=', hash).execute();
        return undefined;
      }
      if (now - lastUsed >= touchMs) {
        lastUsed = now;
        await db
          .updateTable('tokens')
          .set({ last_used_at: new Date(now).toISOString() })
          .where('token_hash', '=', hash)
          .execute();
      }
      const user = { id: row.id, email: row.email, username: row.username, role: row.role, language: row.language };
      if (policy.kind === 'none') return user;
      if (cache.size >= 10_000) cache.clear();
      cache.set(hash, { user, expiresAt: row.expires_at, lastUsed, until: now + Math.min(CACHE_MS, touchMs) });
      return user;
    },
    async revoke(token) {
      const hash = hashToken(token);
      cache.delete(hash);
      await db.deleteFrom('tokens').where('token_hash', '=', hash).execute();
      // After the delete: an instance that hears of it and looks again finds the token gone.
      if (policy.kind === 'shared') await policy.broadcast(hash);
    },
    async revokeAll(userId, keep) {
      const kept = keep ? hashToken(keep) : '';
      const rows = await db
        .deleteFrom('tokens')
        .where('user_id', '=', userId)
        .where('token_hash', '!=', kept)
        .returning('token_hash')
        .execute();
      for (const { token_hash } of rows) cache.delete(token_hash);
      // A token another instance cached may not be in this one's cache: each revoked hash is broadcast.
      if (policy.kind === 'shared') for (const { token_hash } of rows) await policy.broadcast(token_hash);
      return rows.length;
    },
  };
}
