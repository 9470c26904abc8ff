import type { Kysely } from 'kysely';
import { normalizeEmail } from '../auth/identity.ts';
import type { Database } from '../db/tables.ts';
import type { CommandResult } from './brokerGrants.ts';
import { recordAdminAction } from './recordAdminAction.ts';

/**
 * Disables or enables an account. A disabled account's logins are refused with a message saying so; its sessions
 * are ended by the caller (the token store belongs to the server), at once.
 * @param db - the data layer
 * @param userId - the account
 * @param disabled - true to disable, false to enable
 * @param by - who acts (`admin:EMAIL`), for the audit trail
 */
export async function setDisabled(
  db: Kysely<Database>,
  userId: number,
  disabled: boolean,
  by: string,
): Promise<CommandResult & { email?: string }> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'disabled_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return { code: 1, message: `No account #${userId}.` };
  if (Boolean(user.disabled_at) === disabled)
    return { code: 0, message: `${user.email} is already ${disabled ? 'disabled' : 'enabled'}; nothing changed.` };
  await db
    .updateTable('users')
    .set({ disabled_at: disabled ? new Date().toISOString() : null })
    .where('id', '=', userId)
    .execute();
  await recordAdminAction(db, { actor: by, action: disabled ? 'disable' : 'enable', userId, email: user.email });
  return {
    code: 0,
    email: user.email,
    message: disabled
      ? `${user.email} is disabled: its sessions have ended and it cannot sign in.`
      : `${user.email} is enabled: it can sign in again.`,
  };
}

/**
 * Makes the account with this email an administrator (the Admin page).
 * @param db - the data layer
 * @param email - the account's email
 * @param by - who acts (`cli:USER`), for the audit trail
 */
export async function makeAdmin(db: Kysely<Database>, email: string, by: string): Promise<CommandResult> {
  const address = normalizeEmail(email);
  const user = await db.selectFrom('users').select(['id', 'is_admin']).where('email', '=', address).executeTakeFirst();
  if (!user)
    return { code: 1, message: `No account has the email ${address}. Sign up with it first, then run this again.` };
  if (user.is_admin === 1) return { code: 0, message: `${address} is already an administrator; nothing changed.` };
  await db.updateTable('users').set({ is_admin: 1 }).where('id', '=', user.id).execute();
  await recordAdminAction(db, { actor: by, action: 'make-admin', userId: user.id, email: address });
  return { code: 0, message: `${address} is now an administrator: the app shows it the Admin page.` };
}
