import type { Kysely } from 'kysely';
import { diffRecords, type FieldChange } from '../audit/diffRecords.ts';
import type { Database } from '../db/tables.ts';
import type { AdviserProfile } from './adviserProfile.ts';

/** One change to the profile, as its trail lists it. */
export interface ProfileChange {
  id: number;
  at: string;
  changes: FieldChange[];
}

export interface ProfileStore {
  /** The adviser's profile; undefined until it is first saved. */
  get(userId: number): Promise<{ profile: AdviserProfile; updated_at: string } | undefined>;
  /** Saves the whole profile and records what changed (nothing when nothing did). */
  save(userId: number, profile: AdviserProfile): Promise<{ profile: AdviserProfile; updated_at: string }>;
  /** The profile's changes, newest first. */
  history(userId: number, limit?: number): Promise<ProfileChange[]>;
}

const parse = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** The adviser profiles and their trail, on either database. */
export function createProfileStore(db: Kysely<Database>): ProfileStore {
  const read = async (on: Kysely<Database>, userId: number) => {
    const row = await on
      .selectFrom('adviser_profiles')
      .select(['profile', 'updated_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row
      ? { profile: parse<AdviserProfile>(row.profile, {} as AdviserProfile), updated_at: row.updated_at }
      : undefined;
  };
  return {
    get: (userId) => read(db, userId),
    save: (userId, profile) =>
      db.transaction().execute(async (trx) => {
        const before = await read(trx, userId);
        const updated_at = new Date().toISOString();
        const changes = diffRecords(before?.profile ?? {}, profile);
        if (before)
          await trx
            .updateTable('adviser_profiles')
            .set({ profile: JSON.stringify(profile), updated_at })
            .where('user_id', '=', userId)
            .execute();
        else
          await trx
            .insertInto('adviser_profiles')
            .values({ user_id: userId, profile: JSON.stringify(profile), updated_at })
            .execute();
        if (changes.length)
          await trx
            .insertInto('adviser_profile_audit')
            .values({ user_id: userId, at: updated_at, changes: JSON.stringify(changes) })
            .execute();
        return { profile, updated_at };
      }),
    async history(userId, limit = 50) {
      const rows = await db
        .selectFrom('adviser_profile_audit')
        .select(['id', 'at', 'changes'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: r.id, at: r.at, changes: parse<FieldChange[]>(r.changes, []) }));
    },
  };
}
