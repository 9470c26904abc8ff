import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { createSqliteWriter } from './createSqliteWriter.ts';
import { NamedStatementClient } from './namedStatementClient.ts';
import { ensurePrivateDir, ensurePrivateFile } from '../privateFiles.ts';
import type { DataLayer, Database } from './tables.ts';

export interface DataLayerOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL only: a schema to create if missing and put first on the search path. */
  pgSchema?: string;
}

/**
 * Opens the one data layer: SQLite (better-sqlite3, WAL, synchronous=FULL) in dataDir/app.db,
 * or PostgreSQL when a postgres:// URL is given. Both speak through the same Kysely queries.
 * @param options - where the data lives
 * @returns - the Kysely instance, which dialect it is, and a close function
 */
export async function createDataLayer(options: DataLayerOptions): Promise<DataLayer> {
  if (options.databaseUrl) {
    const schema = options.pgSchema;
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
      // Sends the queries preparedQuery compiled as named statements, parsed and planned once per connection.
      Client: NamedStatementClient,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // Fail loudly (and early) when the server is unreachable.
    const client = await pool.connect();
    let current: string;
    try {
      // Two instances starting at once both create it: "if not exists" still races in PostgreSQL, so the loser's
      // duplicate is ignored (the migrations themselves run behind Kysely's advisory lock).
      if (schema)
        await client.query(`create schema if not exists ${schema}`).catch((e: { code?: string }) => {
          if (e.code !== '23505' && e.code !== '42P06') throw e;
        });
      // The tables go to the first schema of the search path (which a URL's options may set): the migrations'
      // own table must live there too, or another schema's migration history would be taken for this one's.
      const result = await client.query<{ schema: string | null }>('select current_schema() as schema');
      current = result.rows[0]?.schema ?? 'public';
    } catch (err) {
      client.release();
      await pool.end();
      throw err;
    }
    client.release();
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      schema: current,
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
      // Deleted rows stay in dead tuples until vacuumed: the policy is the operator's (docs/deploy.md).
      eraseDeleted: async () => undefined,
    };
  }
  ensurePrivateDir(options.dataDir);
  const file = join(options.dataDir, 'app.db');
  ensurePrivateFile(file, true);
  for (const side of [`${file}-wal`, `${file}-shm`]) ensurePrivateFile(side);
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Deleted or replaced content is overwritten with zeros (a deleted client's text does not stay in free pages).
  database.pragma('secure_delete = ON');
  // Kysely prepares every query anew; better-sqlite3 statements can be reused, so keep them by SQL text.
  const statements = new Map<string, SqliteDatabase.Statement>();
  const cached = {
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= 500) statements.clear();
        // A transaction takes the write lock when it begins: the writer thread commits on a connection of its own,
        // and a deferred transaction that read before it committed could not write after (SQLITE_BUSY_SNAPSHOT).
        statement = database.prepare(text === 'begin' ? 'begin immediate' : text);
        statements.set(text, statement);
      }
      return statement;
    },
    close() {
      database.close();
    },
  };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cached }) });
  await sql`select 1`.execute(db);
  const writer = createSqliteWriter(file);
  return {
    db,
    dialect: 'sqlite',
    writer,
    eraseDeleted: () => writer.checkpoint(),
    close: async () => {
      await writer.close();
      await db.destroy();
    },
  };
}
