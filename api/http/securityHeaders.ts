import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';

/**
 * One policy for pages, API answers and PDFs. The built app loads only its own scripts and styles (no inline
 * script); `data:` images are the favicon and Vite's inlined assets. `upgrade-insecure-requests` is left out: it
 * would break an instance served over plain HTTP on a private network.
 */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false as const,
    directives: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    },
  },
  frameguard: { action: 'deny' as const },
  referrerPolicy: { policy: 'same-origin' as const },
  // No HTTPS is assumed: the TLS terminator in front of a networked instance sets HSTS.
  strictTransportSecurity: false,
};

const applyHeaders = helmet(HELMET_OPTIONS);

/**
 * Security headers on every answer: @fastify/helmet for routed requests (including 404s and errors), and the
 * same headers for the answers fastify gives before routing (a bad URL, an over-long id), see applySecurityHeaders.
 * @param app - the root instance
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, { ...HELMET_OPTIONS, global: true });
}

/**
 * Sends a JSON error with the same headers, for an answer no hook sees (fastify's frameworkErrors).
 * @param reply - the reply of the refused request
 * @param status - the status to send
 * @param body - the error body
 */
export function sendWithSecurityHeaders(reply: FastifyReply, status: number, body: unknown): void {
  applyHeaders(reply.request.raw, reply.raw, () => {
    void reply.code(status).type('application/json; charset=utf-8').send(body);
  });
}
