import type { Kysely } from 'kysely';
import { normalizeEmail } from '../../api/auth/identity.ts';
import type { Database } from '../../api/db/tables.ts';

/**
 * Marks an account's email verified, as opening the link of its welcome mail does: for tests whose subject is not
 * the link (a broker to grant), so they need no mail server.
 * @param db - the server's data layer
 * @param email - the account's email
 */
export async function markVerified(db: Kysely<Database>, email: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified_at: new Date().toISOString() })
    .where('email', '=', normalizeEmail(email))
    .execute();
}
