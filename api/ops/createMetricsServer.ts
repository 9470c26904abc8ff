import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * The metrics' own listener: GET /metrics answers the instance's Prometheus registry, anything else 404. It stays
 * apart from the API (on loopback unless told otherwise): the metrics are for the operator's Prometheus, and a load
 * balancer in front of the API never forwards to them.
 * @param app - the built server, whose registry it answers
 * @returns the listener, not yet listening
 */
export function createMetricsServer(app: FastifyInstance): Server {
  return createServer((req, res) => {
    if (req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    app.metrics.metrics().then(
      (text) => res.writeHead(200, { 'content-type': app.metrics.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
}
