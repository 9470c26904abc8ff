import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { AuthUser } from '../types.ts';

/**
 * The ownership rule, as a condition on `clients`: a client belongs to the user who created it and to the
 * brokers it lists (by the user's email). Every query that reaches a client goes through this.
 */
export function visibleTo(user: AuthUser) {
  return (eb: ExpressionBuilder<Database, 'clients'>) =>
    eb.or([
      eb('clients.owner_user_id', '=', user.id),
      eb.exists(
        eb
          .selectFrom('client_brokers')
          .select('client_brokers.client_id')
          .whereRef('client_brokers.client_id', '=', 'clients.id')
          .where('client_brokers.broker_email', '=', user.email.toLowerCase()),
      ),
    ]);
}
