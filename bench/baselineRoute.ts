import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/**
 * POST /bench/baseline: the floor for bench/api.ts. Parses the same body and inserts it into the same database with
 * the same durability, with no auth and no engine. The bench registers it (buildServer's `plugins`); its table is
 * the bench's own, created here, never by the production migrations.
 */
export async function baselineRoute(app: FastifyInstance): Promise<void> {
  const { db, dialect } = app.database;
  const id = dialect === 'postgres' ? sql`serial primary key` : sql`integer primary key autoincrement`;
  await sql`create table if not exists bench_records (id ${id}, data text not null, created_at text not null)`.execute(
    db,
  );
  app.post(
    '/bench/baseline',
    { config: { public: true }, schema: { hide: true, body: { type: 'object', additionalProperties: true } } },
    async (request) => {
      const row = await sql<{
        id: number;
      }>`insert into bench_records (data, created_at) values (${JSON.stringify(request.body ?? {})}, ${new Date().toISOString()}) returning id`.execute(
        db,
      );
      return { id: row.rows[0]?.id };
    },
  );
}
