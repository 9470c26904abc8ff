import type { DataLayer } from '../../api/db/tables.ts';

/**
 * Writes an adviser and one client of theirs straight into the tables, for tests of the storage layer that need a
 * client row to hang an application on (no server, no sign-up).
 * @returns - the client's id
 */
export async function insertClientRow(db: DataLayer['db'], at: string): Promise<number> {
  const user = await db
    .insertInto('users')
    .values({ email: 'a@example.com', username: 'adviser', password_hash: 'x', role: 'adviser', created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const client = await db
    .insertInto('clients')
    .values({
      owner_user_id: user.id,
      first_name: 'Élise',
      last_name: 'Tremblay',
      email: null,
      phone_primary: null,
      date_of_birth: null,
      gender_sex_at_birth: null,
      profile: '{}',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return client.id;
}
