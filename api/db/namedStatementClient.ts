import pg from 'pg';
import { statementNames, type StatementNames } from './statementNames.ts';

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/** PostgreSQL's "cached plan must not change result type": the table a prepared `select *` reads has changed. */
const planChanged = (err: { code?: string; routine?: string }): boolean =>
  err.code === '0A000' && err.routine === 'RevalidateCachedQuery';

/**
 * The query of a client sending the texts registered in `names` as named statements. Kysely's PostgresDriver sends
 * every query as `query(text, values)`, unnamed: PostgreSQL then parses and plans it on every call. Sent with a name,
 * node-postgres has a connection parse it once and afterwards only binds and executes it, so the hot queries (those
 * compiled once by preparedQuery) are parsed and planned once per connection. The original query is looked up on
 * each call (so wrapping pg.Client.prototype.query, as the bench and tests do to count queries, still sees them).
 * A statement a connection prepared before its table changed (a migration by another instance) fails with
 * planChanged: it is then sent unnamed, on that connection, from then on.
 */
export function namedQuery(names: StatementNames): Query {
  const stale = new WeakMap<pg.Client, Set<string>>();
  return function (this: pg.Client, ...args: unknown[]): unknown {
    const query = pg.Client.prototype.query as Query;
    const [text, values] = args;
    const name =
      args.length === 2 && typeof text === 'string' && Array.isArray(values) ? names.nameOf(text) : undefined;
    if (name === undefined || stale.get(this)?.has(name)) return query.apply(this, args);
    return (query.call(this, { name, text, values }) as Promise<unknown>).catch(
      (err: { code?: string; routine?: string }) => {
        if (!planChanged(err)) throw err;
        stale.set(this, (stale.get(this) ?? new Set<string>()).add(name));
        return query.apply(this, args);
      },
    );
  };
}

/** A pg.Client sending the statements registered in api/db/statementNames.ts by name (the Pool's `Client`). */
export class NamedStatementClient extends pg.Client {}
Object.assign(NamedStatementClient.prototype, { query: namedQuery(statementNames) });
