import type { Kysely } from 'kysely';
import { normalizeEmail } from '../auth/identity.ts';
import type { Database } from '../db/tables.ts';
import { recordAdminAction } from './recordAdminAction.ts';

/** The outcome of an administrator's command: what to print, and the exit code (0 done or nothing to do, 1 refused). */
export interface CommandResult {
  code: 0 | 1;
  message: string;
}

const normal = normalizeEmail;

/** Why an account whose email is not verified cannot be made a broker, and what to do. */
export function unverifiedMessage(address: string): string {
  return `${address} has not verified its email address yet, so it cannot be made a broker. Ask the broker to open the link mailed at sign-up (or to ask for a new one from the app), then try again.`;
}

/**
 * Makes the account with this email a broker: it then sees the clients that list the email. The email must be an
 * account's (the broker signs up first) and on the brokers list (`name` adds it there).
 * @param db - the data layer
 * @param email - the account's email
 * @param options - by: who grants (recorded); name: adds the email to the brokers list under this name
 */
export async function grantBroker(
  db: Kysely<Database>,
  email: string,
  options: { by: string; name?: string },
): Promise<CommandResult> {
  const address = normal(email);
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'email_verified_at', 'disabled_at'])
    .where('email', '=', address)
    .executeTakeFirst();
  if (!user)
    return {
      code: 1,
      message: `No account has the email ${address}. The broker signs up with it first, then run this again.`,
    };
  // Whoever signs up with a broker's address must prove the mailbox before the clients that list it reach them.
  if (!user.email_verified_at) return { code: 1, message: unverifiedMessage(address) };
  if (user.disabled_at) return { code: 1, message: `The account ${address} is disabled: enable it first.` };
  const granted = await db.selectFrom('broker_grants').selectAll().where('user_id', '=', user.id).executeTakeFirst();
  if (granted && granted.email === address) {
    return {
      code: 0,
      message: `${address} is already a broker (granted ${granted.granted_at} by ${granted.granted_by}); nothing changed.`,
    };
  }
  const listed = await db.selectFrom('brokers').select('name').where('email', '=', address).executeTakeFirst();
  const name = options.name?.trim();
  if (!listed && !name) {
    return {
      code: 1,
      message: `${address} is not on the brokers list, so no client can list it. Add it with: grant-broker ${address} --name "Full Name"`,
    };
  }
  await db.transaction().execute(async (trx) => {
    if (!listed && name)
      await trx
        .insertInto('brokers')
        .values({ name, email: address })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
    // A grant for an older email of the account is replaced: one account, one broker email.
    await trx.deleteFrom('broker_grants').where('user_id', '=', user.id).execute();
    await trx
      .insertInto('broker_grants')
      .values({ user_id: user.id, email: address, granted_at: new Date().toISOString(), granted_by: options.by })
      .execute();
    await recordAdminAction(trx, { actor: options.by, action: 'grant-broker', userId: user.id, email: address });
  });
  const clients = await db
    .selectFrom('client_brokers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('broker_email', '=', address)
    .executeTakeFirst();
  return {
    code: 0,
    message: `${address} (account #${user.id}, ${user.username}) is now a broker${!listed ? `, added to the brokers list as ${name}` : ''}: it sees the ${Number(clients?.n ?? 0)} client(s) that list it.`,
  };
}

/**
 * Takes the broker access away from the account with this email; the clients keep listing the email.
 * @param db - the data layer
 * @param email - the account's email
 * @param options - by: who revokes (recorded in the audit trail)
 */
export async function revokeBroker(
  db: Kysely<Database>,
  email: string,
  options: { by: string },
): Promise<CommandResult> {
  const address = normal(email);
  const user = await db.selectFrom('users').select('id').where('email', '=', address).executeTakeFirst();
  if (!user) return { code: 1, message: `No account has the email ${address}.` };
  const removed = await db.deleteFrom('broker_grants').where('user_id', '=', user.id).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return { code: 0, message: `${address} is not a broker; nothing changed.` };
  await recordAdminAction(db, { actor: options.by, action: 'revoke-broker', userId: user.id, email: address });
  return { code: 0, message: `${address} is no longer a broker: it sees only its own clients.` };
}

/**
 * The brokers list, each with the account granted for it (or "not granted").
 * @param db - the data layer
 */
export async function listBrokers(db: Kysely<Database>): Promise<CommandResult> {
  const rows = await db
    .selectFrom('brokers')
    .leftJoin('broker_grants', 'broker_grants.email', 'brokers.email')
    .leftJoin('users', 'users.id', 'broker_grants.user_id')
    .select([
      'brokers.email',
      'brokers.name',
      'broker_grants.user_id',
      'broker_grants.granted_at',
      'broker_grants.granted_by',
      'users.username',
    ])
    .orderBy('brokers.email')
    .execute();
  // Grants for emails no longer on the list still give access to clients listing them: show them too.
  const orphans = await db
    .selectFrom('broker_grants')
    .leftJoin('brokers', 'brokers.email', 'broker_grants.email')
    .innerJoin('users', 'users.id', 'broker_grants.user_id')
    .select([
      'broker_grants.email',
      'broker_grants.user_id',
      'broker_grants.granted_at',
      'broker_grants.granted_by',
      'users.username',
    ])
    .where('brokers.email', 'is', null)
    .execute();
  const lines = [
    ...rows.map(
      (r) =>
        `${r.email}\t${r.name}\t${r.user_id ? `granted to account #${r.user_id} (${r.username}) on ${r.granted_at} by ${r.granted_by}` : 'not granted'}`,
    ),
    ...orphans.map(
      (r) =>
        `${r.email}\t(not on the list)\tgranted to account #${r.user_id} (${r.username}) on ${r.granted_at} by ${r.granted_by}`,
    ),
  ];
  return { code: 0, message: lines.length ? lines.join('\n') : 'The brokers list is empty.' };
}
