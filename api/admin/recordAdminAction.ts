import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

/** What an administrator did to an account. */
export type AdminAction = 'grant-broker' | 'revoke-broker' | 'disable' | 'enable' | 'make-admin';

/**
 * Writes one line of the administrators' audit trail (admin_audit, 0014): from the Admin page and `npm run user`
 * alike, only for an action that changed something.
 * @param db - the data layer (or the transaction the change is in)
 * @param entry - who (`admin:EMAIL`, `cli:USER`), what, and the account
 */
export async function recordAdminAction(
  db: Kysely<Database>,
  entry: { actor: string; action: AdminAction; userId: number; email: string },
): Promise<void> {
  await db
    .insertInto('admin_audit')
    .values({
      at: new Date().toISOString(),
      actor: entry.actor,
      action: entry.action,
      target_user_id: entry.userId,
      target_email: entry.email,
    })
    .execute();
}
