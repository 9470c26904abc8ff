import { CompiledQuery, PostgresAdapter, type Kysely } from 'kysely';
import { statementNames } from './statementNames.ts';
import type { Database } from './tables.ts';

/** A query of a fixed shape, run with the values of one call, on the database or inside a transaction. */
export interface PreparedQuery<K extends string, R> {
  (on: Kysely<Database>, values: Readonly<Record<K, unknown>>): Promise<R[]>;
  /** The SQL text and parameters a call would send (for a connection Kysely does not hold: the SQLite writer thread). */
  bind(on: Kysely<Database>, values: Readonly<Record<K, unknown>>): { sql: string; parameters: unknown[] };
}

/** A query builder, or a `sql` template (which compiles on the database given). */
interface Buildable<R> {
  compile(db: Kysely<Database>): CompiledQuery<R>;
}

const marker = (name: string): string => `\u0001P:${name}\u0001`;

/**
 * A hot query built and compiled once instead of on every call (Kysely's building and compiling cost more CPU than
 * the query itself on a busy server): `build` runs once with a marker in place of each named value, and every call
 * sends the same SQL with its own values in the markers' places. The markers hold capitals, so a builder that
 * transforms a value (lowercases it) or lets one choose the shape inlines no marker: that is refused when first
 * run, and such a value must be given already transformed (and its query built with it as a parameter).
 * @param names - the values a call gives
 * @param build - the query, built on the database given from the markers (typed as the values they stand for)
 * @returns the query: the first call compiles it with the dialect of the database it runs on (one prepared query
 *   serves one database and its transactions)
 * @throws Error on the first call, when a parameter of the compiled query is not one of the markers, or a marker
 *   ended up in the SQL text itself
 */
export function preparedQuery<K extends string, R>(
  names: readonly K[],
  build: (db: Kysely<Database>, markers: Record<K, never>) => Buildable<R>,
): PreparedQuery<K, R> {
  let compiled: { sql: string; order: K[] } | undefined;
  const compile = (on: Kysely<Database>): { sql: string; order: K[] } => {
    const markers = Object.fromEntries(names.map((n) => [n, marker(n)])) as Record<K, never>;
    const byMarker = new Map<unknown, K>(names.map((n) => [marker(n), n]));
    const query = build(on, markers).compile(on);
    const order = query.parameters.map((p, i) => {
      const name = byMarker.get(p);
      if (name === undefined)
        throw new Error(`preparedQuery: parameter ${i + 1} of "${query.sql}" is not a value given by name`);
      return name;
    });
    if (query.sql.includes('\u0001'))
      throw new Error(`preparedQuery: a value was written into the SQL text of "${query.sql}"`);
    // Its text is one of a bounded set: on PostgreSQL it runs as a named statement (api/db/namedStatementClient.ts).
    if (on.getExecutor().adapter instanceof PostgresAdapter) statementNames.register(query.sql);
    return { sql: query.sql, order };
  };
  const bind = (on: Kysely<Database>, values: Readonly<Record<K, unknown>>): { sql: string; parameters: unknown[] } => {
    compiled ??= compile(on);
    return { sql: compiled.sql, parameters: compiled.order.map((n) => values[n]) };
  };
  const run = async (on: Kysely<Database>, values: Readonly<Record<K, unknown>>): Promise<R[]> => {
    const { sql, parameters } = bind(on, values);
    const { rows } = await on.executeQuery<R>(CompiledQuery.raw(sql, parameters));
    return rows;
  };
  return Object.assign(run, { bind });
}
