import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** Marks the instance as stopping: /ready answers 503 so a load balancer sends no new work. */
    drain(): void;
  }
}

/**
 * The operational surface, outside authentication: `/health` (the process answers), `/ready` (the database answers
 * and the instance is not stopping: 503 otherwise, for a load balancer), and `/metrics` in Prometheus' text format
 * (request counts and durations by route and status, and the process' own figures).
 */
export const opsPlugin = fp(async (app) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'http_requests_total', help: 'Requests answered, by method, route and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  let stopping = false;
  app.decorate('drain', () => {
    stopping = true;
  });
  app.addHook('onClose', async () => {
    stopping = true;
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL: ids would make a new series per client.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  const hidden = { schema: { hide: true }, config: { public: true } };
  app.get('/health', hidden, async () => ({ status: 'ok' }));
  app.get('/ready', hidden, async (_request, reply) => {
    if (stopping) return reply.code(503).send({ status: 'stopping' });
    try {
      await sql`select 1`.execute(app.database.db);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });
  app.get('/metrics', hidden, async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()));
}, { name: 'ops', dependencies: ['db'] });
