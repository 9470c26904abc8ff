import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { AuthUser } from '../types.ts';

export interface TokenStore {
  /** Creates a token for the user (only its hash is stored) and says when it expires (ISO 8601). */
  issue(userId: number): Promise<{ token: string; expiresAt: string }>;
  /** The user of a live token, or undefined for an unknown, revoked or expired one. */
  find(token: string): Promise<AuthUser | undefined>;
  /** Revokes one token. */
  revoke(token: string): Promise<void>;
  /** Revokes every token of the user but `keep` (the session that changed the password), on every instance. */
  revokeAll(userId: number, keep?: string): Promise<void>;
}

function hashToken(token: string): string {
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

/**
 * Login tokens: 32 random bytes, stored as sha256 hashes, expiring after ttlMs. Lookups are cached in memory
 * for a short while when the cache policy allows it; expiry is checked on every hit.
 * @param db - the data layer
 * @param ttlMs - lifetime of a token
 * @param policy - whether lookups are cached, and how revocations reach the other instances
 */
export async function createTokenStore(
  db: Kysely<Database>,
  ttlMs: number,
  policy: TokenCache = { kind: 'local' },
): Promise<TokenStore> {
  const cache = new Map<string, { user: AuthUser; expiresAt: string; until: number }>();
  if (policy.kind === 'shared') await policy.onRevoked((hash) => cache.delete(hash));
  return {
    async issue(userId) {
      const token = randomBytes(32).toString('hex');
      const now = Date.now();
      const expiresAt = new Date(now + ttlMs).toISOString();
      // Expired tokens of this user are removed on each login, so the table does not grow without bound.
      await db
        .deleteFrom('tokens')
        .where('user_id', '=', userId)
        .where('expires_at', '<=', new Date(now).toISOString())
        .execute();
      await db
        .insertInto('tokens')
        .values({
          token_hash: hashToken(token),
          user_id: userId,
          created_at: new Date(now).toISOString(),
          expires_at: expiresAt,
        })
        .execute();
      return { token, expiresAt };
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
      if (policy.kind === 'none') return user;
      if (cache.size >= 10_000) cache.clear();
      cache.set(hash, { user, expiresAt: row.expires_at, until: now + CACHE_MS });
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
    },
  };
}
