import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** Marks the instance as stopping: /readyz answers 503 so a load balancer sends no new work. */
    drain(): void;
    /** The Prometheus registry; main.ts serves it on its own listener when METRICS=1, never on the public port. */
    metrics: Registry;
  }
}

const LABELS = ['method', 'route', 'status'] as const;
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * The operational surface, outside authentication: `/healthz` (the process answers) and `/readyz` (the database
 * and, when configured, Redis answer, and the instance is not stopping: 503 otherwise, for a load balancer).
 * Collects the metrics: requests and their durations by route pattern and status, step saves, generations, and
 * the database pool's use.
 */
export const opsPlugin = fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const registers = [registry];
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by method, route and status',
      labelNames: LABELS,
      registers,
    });
    const durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer, by method, route and status',
      labelNames: LABELS,
      buckets: BUCKETS,
      registers,
    });
    const saves = new Counter({
      name: 'insure_step_saves_total',
      help: 'Step saves answered, by status',
      labelNames: ['status'],
      registers,
    });
    const generations = new Histogram({
      name: 'insure_generation_duration_seconds',
      help: 'PDF generations, by status, and their time',
      labelNames: ['status'],
      buckets: BUCKETS,
      registers,
    });
    const { poolUse } = app.database;
    if (poolUse) {
      new Gauge({
        name: 'insure_db_pool_connections',
        help: 'Database pool connections, by state (total, idle, waiting requests)',
        labelNames: ['state'],
        registers,
        collect() {
          const use = poolUse();
          for (const [state, value] of Object.entries(use)) this.set({ state }, value);
        },
      });
    }
    app.decorate('metrics', registry);

    let stopping = false;
    app.decorate('drain', () => {
      stopping = true;
    });
    app.addHook('onClose', async () => {
      stopping = true;
    });

    // A connection kept alive would hold the close until it times out: once stopping, each answer closes its own.
    app.addHook('onSend', async (_request, reply) => {
      if (stopping) reply.header('connection', 'close');
    });

    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern, never the raw URL: ids would make a new series per client.
      const route = request.routeOptions.url ?? 'unmatched';
      const status = String(reply.statusCode);
      const seconds = reply.elapsedTime / 1000;
      requests.inc({ method: request.method, route, status });
      durations.observe({ method: request.method, route, status }, seconds);
      const { metric } = request.routeOptions.config;
      if (metric === 'save') saves.inc({ status });
      else if (metric === 'generation') generations.observe({ status }, seconds);
    });

    const hidden = { schema: { hide: true }, config: { public: true } };
    app.get('/healthz', hidden, async () => ({ status: 'ok' }));
    app.get('/readyz', hidden, async (_request, reply) => {
      if (stopping) return reply.code(503).send({ status: 'stopping' });
      try {
        await sql`select 1`.execute(app.database.db);
      } catch {
        return reply.code(503).send({ status: 'database unavailable' });
      }
      if (app.redis && (await app.redis.client.ping().catch(() => null)) !== 'PONG')
        return reply.code(503).send({ status: 'redis unavailable' });
      return { status: 'ready' };
    });
  },
  { name: 'ops', dependencies: ['db', 'redis'] },
);
