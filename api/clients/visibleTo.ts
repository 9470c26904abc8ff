import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { AuthUser } from '../types.ts';

/**
 * The ownership rule, as a condition on `clients`: a client belongs to the user who created it, and is shared with
 * the brokers it lists, but only through an account an administrator made a broker for that email
 * (`broker_grants`, see scripts/user.ts). Signing up with a listed email proves nothing and reaches nothing.
 * Every query that reaches a client goes through this.
 */
export function visibleTo(user: AuthUser) {
  return (eb: ExpressionBuilder<Database, 'clients'>) =>
    eb.or([
      eb('clients.owner_user_id', '=', user.id),
      eb.exists(
        eb
          .selectFrom('client_brokers')
          .innerJoin('broker_grants', 'broker_grants.email', 'client_brokers.broker_email')
          .select('client_brokers.client_id')
          .whereRef('client_brokers.client_id', '=', 'clients.id')
          .where('broker_grants.user_id', '=', user.id)
          // The grant is for the email the account had then: an account that no longer has it loses the access.
          .where('broker_grants.email', '=', user.email.toLowerCase()),
      ),
    ]);
}
