import fp from 'fastify-plugin';
import type { JsonObject } from '../types.ts';
import { buildOpenApiDocument, type DocumentedRoute } from './buildOpenApiDocument.ts';

declare module 'fastify' {
  /** What a route schema says for the document only (fastify ignores these). */
  interface FastifySchema {
    hide?: boolean;
    tags?: string[];
    summary?: string;
    description?: string;
    /** Answers hidden by the step's visibility rules are dropped before the check, whatever they hold. */
    'x-clearsHiddenAnswers'?: boolean;
    /**
     * What the document says in place of the body or an answer, where another check than the route schema's reads
     * it: a step record is checked by the engine with the step's schema and rules (after dropping hidden answers),
     * and written as stored.
     */
    document?: { body?: unknown; querystring?: unknown; response?: { [status: number]: unknown } };
  }
  interface FastifyInstance {
    /** The OpenAPI 3.1 document of every route registered so far (built once, after the server is ready). */
    openApiDocument(): JsonObject;
  }
}

/**
 * Records every route as it is registered (its schema, whether it is public or rate limited) and serves the
 * document built from them at GET /docs (so /api/docs). Registered before the routes it documents.
 */
export const openApiPlugin = fp(
  async (app) => {
    const routes: DocumentedRoute[] = [];
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const config = (route.config ?? {}) as { public?: boolean; rateLimit?: unknown };
      for (const method of methods) {
        routes.push({
          method,
          url: route.url,
          schema: route.schema as JsonObject | undefined,
          isPublic: config.public === true,
          rateLimited: config.rateLimit !== undefined,
        });
      }
    });
    let built: JsonObject | undefined;
    app.decorate('openApiDocument', () => {
      built ??= buildOpenApiDocument(routes, app.engine);
      return built;
    });
    app.get('/docs', { config: { public: true }, schema: { hide: true } }, async () => app.openApiDocument());
  },
  { name: 'openapi', dependencies: ['engine'] },
);
