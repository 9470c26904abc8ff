import type { Expression, ExpressionBuilder } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { AuthUser } from '../types.ts';

/** What the ownership rule reads of an account: its id, and its email as grants hold it (lowercase). */
export interface Viewer {
  userId: number;
  email: string;
}

/** The account as the ownership rule reads it (a query prepared once takes these as its values). */
export function viewerOf(user: AuthUser): Viewer {
  return { userId: user.id, email: user.email.toLowerCase() };
}

/**
 * The ownership rule, as a condition on `clients`: a client belongs to the user who created it, and is shared with
 * the brokers it lists, but only through an account an administrator made a broker for that email
 * (`broker_grants`, see scripts/user.ts). Signing up with a listed email proves nothing and reaches nothing.
 * Every query that reaches a client goes through this.
 */
export function visibleTo(user: AuthUser) {
  return visibleToViewer(viewerOf(user));
}

/** The account as values, or as expressions giving them per row (a read batching several viewers' requests). */
export interface ViewerOperands {
  userId: number | Expression<number>;
  email: string | Expression<string>;
}

/** visibleTo, given the account as viewerOf reads it (or expressions giving it). */
export function visibleToViewer({ userId, email }: ViewerOperands) {
  return (eb: ExpressionBuilder<Database, 'clients'>) =>
    eb.or([
      eb('clients.owner_user_id', '=', userId),
      eb.exists(
        eb
          .selectFrom('client_brokers')
          .innerJoin('broker_grants', 'broker_grants.email', 'client_brokers.broker_email')
          .select('client_brokers.client_id')
          .whereRef('client_brokers.client_id', '=', 'clients.id')
          .where('broker_grants.user_id', '=', userId)
          // The grant is for the email the account had then: an account that no longer has it loses the access.
          .where('broker_grants.email', '=', email),
      ),
    ]);
}
