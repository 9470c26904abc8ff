import type { FastifyInstance } from 'fastify';
import { errorResponses } from './routeSchemas.ts';
import type { ServerContext } from './types.ts';

/** GET /brokers/: every broker, by name. */
export function brokerRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/brokers/', {
    schema: {
      tags: ['brokers'],
      summary: 'Brokers a client can list; a user whose email is a listed broker\'s sees that client',
      response: { 200: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } } } }, ...errorResponses(401) },
    },
  }, async () => ctx.layer.db.selectFrom('brokers').select(['id', 'name', 'email']).orderBy('name').execute());
}
