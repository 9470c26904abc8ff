import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { AuthUser } from '../types.ts';

export interface TokenStore {
  /** Creates a token for the user; only its hash is stored. */
  issue(userId: number): Promise<string>;
  /** The user of a live token, or undefined for an unknown, revoked or expired one. */
  find(token: string): Promise<AuthUser | undefined>;
  /** Revokes one token. */
  revoke(token: string): Promise<void>;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** How long a looked-up token is trusted without asking the database again (a logout here clears it at once). */
const CACHE_MS = 30_000;

/**
 * Login tokens: 32 random bytes, stored as sha256 hashes, expiring after ttlMs. Lookups are cached in memory
 * for a short while; a logout through this server removes the entry at once, and expiry is checked on every hit.
 * @param db - the data layer
 * @param ttlMs - lifetime of a token
 */
export function createTokenStore(db: Kysely<Database>, ttlMs: number): TokenStore {
  const cache = new Map<string, { user: AuthUser; expiresAt: string; until: number }>();
  return {
    async issue(userId) {
      const token = randomBytes(32).toString('hex');
      const now = Date.now();
      // Expired tokens of this user are removed on each login, so the table does not grow without bound.
      await db.deleteFrom('tokens').where('user_id', '=', userId).where('expires_at', '<=', new Date(now).toISOString()).execute();
      await db
        .insertInto('tokens')
        .values({
          token_hash: hashToken(token),
          user_id: userId,
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + ttlMs).toISOString(),
        })
        .execute();
      return token;
    },
    async find(token) {
      if (!/^[0-9a-f]{64}$/.test(token)) return undefined;
      const hash = hashToken(token);
      const now = Date.now();
      const hit = cache.get(hash);
      if (hit && hit.until > now && hit.expiresAt > new Date(now).toISOString()) return hit.user;
      cache.delete(hash);
      const row = await db
        .selectFrom('tokens')
        .innerJoin('users', 'users.id', 'tokens.user_id')
        .select(['users.id', 'users.email', 'users.username', 'users.role', 'tokens.expires_at'])
        .where('tokens.token_hash', '=', hash)
        .executeTakeFirst();
      if (!row || row.expires_at <= new Date(now).toISOString()) return undefined;
      const user = { id: row.id, email: row.email, username: row.username, role: row.role };
      if (cache.size >= 10_000) cache.clear();
      cache.set(hash, { user, expiresAt: row.expires_at, until: now + CACHE_MS });
      return user;
    },
    async revoke(token) {
      cache.delete(hashToken(token));
      await db.deleteFrom('tokens').where('token_hash', '=', hashToken(token)).execute();
    },
  };
}
