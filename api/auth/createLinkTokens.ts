import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

/** How long a password reset link works. */
export const RESET_TTL_MS = 30 * 60_000;

/** How long an email verification link works. */
export const VERIFY_TTL_MS = 48 * 60 * 60_000;

/** Why a link's token was refused: never issued (or forged), used (or made void by a later change), or too old. */
export type LinkRefusal = 'invalid' | 'used' | 'expired';

/** The tables of single-use mailed links: password resets (0012) and email verifications (0013), of one shape. */
export type LinkTable = 'password_resets' | 'email_verifications';

export interface LinkTokens {
  /** A new token for the user (32 random bytes, hex); only its sha-256 is stored. */
  issue(userId: number): Promise<string>;
  /** The user a token was issued to while it may be used, or why not (nothing is marked). */
  check(token: string): Promise<{ userId: number } | { refused: LinkRefusal }>;
  /**
   * Marks a checked token used: false when another try used it (or it expired) in between. One conditional update,
   * so two tries at once cannot both pass.
   */
  take(token: string): Promise<boolean>;
  /** Makes every unused token of the user void (its password was just set, its email just verified). */
  voidAll(userId: number): Promise<void>;
  /** How many tokens the user was issued since that time (ISO 8601), and when the last one was. */
  issuedSince(userId: number, since: string): Promise<{ count: number; last: string | null }>;
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The tokens of mailed single-use links (password resets, email verifications), on either database: 32 random bytes
 * in the link, their sha-256 in the table.
 * @param db - the data layer
 * @param table - which links
 * @param ttlMs - how long a token works (RESET_TTL_MS, VERIFY_TTL_MS)
 */
export function createLinkTokens(db: Kysely<Database>, table: LinkTable, ttlMs: number): LinkTokens {
  return {
    async issue(userId) {
      const token = randomBytes(32).toString('hex');
      const now = Date.now();
      // Tokens expired a day ago are dropped on each request, so the table does not grow without bound; younger
      // ones stay, so a late click is told "expired" rather than "not valid".
      await db
        .deleteFrom(table)
        .where('user_id', '=', userId)
        .where('expires_at', '<=', new Date(now - 24 * 60 * 60_000).toISOString())
        .execute();
      await db
        .insertInto(table)
        .values({
          token_hash: hashOf(token),
          user_id: userId,
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + ttlMs).toISOString(),
        })
        .execute();
      return token;
    },
    async check(token) {
      if (!/^[0-9a-f]{64}$/.test(token)) return { refused: 'invalid' };
      const hash = hashOf(token);
      const row = await db
        .selectFrom(table)
        .select(['user_id', 'expires_at', 'used_at'])
        .where('token_hash', '=', hash)
        .executeTakeFirst();
      if (!row) return { refused: 'invalid' };
      if (row.used_at) return { refused: 'used' };
      if (row.expires_at <= new Date().toISOString()) return { refused: 'expired' };
      return { userId: row.user_id };
    },
    async take(token) {
      const now = new Date().toISOString();
      const { numUpdatedRows } = await db
        .updateTable(table)
        .set({ used_at: now })
        .where('token_hash', '=', hashOf(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(numUpdatedRows) === 1;
    },
    async voidAll(userId) {
      await db
        .updateTable(table)
        .set({ used_at: new Date().toISOString() })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },
    async issuedSince(userId, since) {
      const row = await db
        .selectFrom(table)
        .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.max('created_at').as('last')])
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .executeTakeFirst();
      return { count: Number(row?.count ?? 0), last: row?.last ?? null };
    },
  };
}
