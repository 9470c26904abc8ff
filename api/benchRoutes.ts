import type { FastifyInstance } from 'fastify';
import { bodyOf } from './requestHelpers.ts';
import { anyObject } from './routeSchemas.ts';
import type { ServerContext } from './types.ts';

/**
 * POST /bench/baseline: the floor for bench/api.ts. Parses the same body and inserts it into the same
 * database with the same durability, with no auth and no engine. Only registered with BENCH_BASELINE=1.
 */
export function benchRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/bench/baseline', { config: { public: true }, schema: { hide: true, body: anyObject } }, async (request) => {
    const row = await ctx.layer.db
      .insertInto('bench_records')
      .values({ data: JSON.stringify(bodyOf(request)), created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
}
