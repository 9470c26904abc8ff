import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { ApiError, notFound } from '../http/apiError.ts';
import type { AuthUser } from '../types.ts';
import { visibleTo } from './visibleTo.ts';

/** How a user reaches a client: as its adviser (who created it) or as a granted broker it lists. */
export type ClientAccess = 'owner' | 'broker';

/**
 * The user's access to a client; 404 when they have none (as for a client that does not exist).
 * @param db - the data layer
 * @param user - the signed-in user
 * @param id - the client's id
 */
export async function accessOf(db: Kysely<Database>, user: AuthUser, id: number): Promise<ClientAccess> {
  const row = await db
    .selectFrom('clients')
    .select('owner_user_id')
    .where('clients.id', '=', id)
    .where(visibleTo(user))
    .executeTakeFirst();
  if (!row) throw notFound();
  return row.owner_user_id === user.id ? 'owner' : 'broker';
}

/**
 * 403 unless the user is the client's adviser: what only the owner may do (delete it, change who it is shared with).
 * @param db - the data layer
 * @param user - the signed-in user
 * @param id - the client's id
 * @param message - what was refused, for the answer
 */
export async function requireOwner(db: Kysely<Database>, user: AuthUser, id: number, message: string): Promise<void> {
  if ((await accessOf(db, user, id)) !== 'owner') throw new ApiError(403, { error: message, errors: [] });
}
