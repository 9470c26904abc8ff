/**
 * The plans of the queries a client list page runs, for bench/apiLists.ts: the store's own queries, captured from a
 * second Kysely on the same database that logs what it runs, then asked for their plans (PostgreSQL: EXPLAIN
 * (ANALYZE), its scans, sorts, heap fetches and time; SQLite: EXPLAIN QUERY PLAN). The proof that each is read from
 * an index, and from which end.
 */
import Sqlite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { createAuditLog } from '../api/audit/createAuditLog.ts';
import { createClientStore, type ClientOrderField } from '../api/clients/createClientStore.ts';
import type { Database } from '../api/db/tables.ts';
import type { ListQuery } from '../api/http/listQuery.ts';
import type { AuthUser } from '../api/types.ts';

/** Where the bench's data lives: a SQLite file, or a PostgreSQL schema. */
export type PlanTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema: string };

/** The lines of a PostgreSQL plan worth reading here. */
const KEPT = /Scan|Sort|Heap Fetches|Limit|Execution Time|Bitmap/;

/**
 * Prints the count and page-id queries of each list page with their plans.
 * @param pages - a name and a list query each
 */
export async function printListPlans(
  target: PlanTarget,
  user: AuthUser,
  pages: [string, ListQuery<ClientOrderField>][],
): Promise<void> {
  const captured: { sql: string; parameters: readonly unknown[] }[] = [];
  const log = (event: { level: string; query: { sql: string; parameters: readonly unknown[] } }) => {
    if (event.level === 'query') captured.push({ sql: event.query.sql, parameters: event.query.parameters });
  };
  const file = target.kind === 'sqlite' ? new Sqlite(target.file, { readonly: true }) : null;
  const pool =
    target.kind === 'postgres'
      ? new pg.Pool({ connectionString: target.url, max: 1, options: `-c search_path=${target.schema}` })
      : null;
  const db = new Kysely<Database>({
    dialect: file ? new SqliteDialect({ database: file }) : new PostgresDialect({ pool: pool! }),
    log,
  });
  try {
    const store = createClientStore(db, createAuditLog(db));
    for (const [name, query] of pages) {
      captured.length = 0;
      await store.list(user, query);
      console.log(`${target.kind} plans, ${name}:`);
      // The count and the page's ids (not the grant look-up, nor the 25 rows and their brokers read by id).
      for (const { sql, parameters } of captured.filter((q) => q.sql.includes('owner_user_id'))) {
        console.log(`  ${sql.replace(/\s+/g, ' ').slice(0, 150)}`);
        if (file) {
          const rows = file.prepare(`explain query plan ${sql}`).all(...(parameters as unknown[])) as {
            detail: string;
          }[];
          for (const row of rows) console.log(`    ${row.detail}`);
        } else {
          const { rows } = await pool!.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, costs off) ${sql}`,
            parameters as unknown[],
          );
          for (const row of rows) if (KEPT.test(row['QUERY PLAN'])) console.log(`    ${row['QUERY PLAN'].trim()}`);
        }
      }
    }
  } finally {
    await db.destroy();
  }
}
