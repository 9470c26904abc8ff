import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../http/apiError.ts';
import { userOf } from '../http/requestHelpers.ts';
import { Success, errorResponses } from '../http/routeSchemas.ts';
import { hashToken } from './createTokenStore.ts';
import { SessionList, SessionParams, SignedOut } from './sessionSchemas.ts';

/** The token of the request (the auth hook has checked it). */
function tokenOf(request: FastifyRequest): string {
  return /^Token\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
}

/**
 * "Where you're signed in" (encapsulated): GET /sessions/ lists the account's live sessions, DELETE /sessions/{id}/
 * signs one out, POST /sessions/sign-out-others/ every one but this request's.
 */
export const sessionRoutes = fp(
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const { tokens } = app;

    app.get(
      '/sessions/',
      {
        schema: {
          tags: ['accounts'],
          summary: "Where I'm signed in: my live sessions (device, address, creation, last use), the last used first",
          response: { 200: SessionList, ...errorResponses(401) },
        },
      },
      async (request) => {
        const me = userOf(request);
        const current = hashToken(tokenOf(request));
        const sessions = await tokens.list(me.id);
        return {
          results: sessions.map((s) => ({
            id: s.id,
            user_agent: s.userAgent,
            address: s.address,
            created_at: s.createdAt,
            last_used_at: s.lastUsedAt,
            expires_at: s.expiresAt,
            current: s.id === current,
          })),
        };
      },
    );

    app.delete(
      '/sessions/:id/',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Sign out one of my sessions (this one too, like a logout)',
          params: SessionParams,
          response: { 200: Success, ...errorResponses(401, 404) },
        },
      },
      async (request) => {
        const me = userOf(request);
        if (!(await tokens.revokeSession(me.id, request.params.id))) throw notFound();
        return { success: true } as const;
      },
    );

    app.post(
      '/sessions/sign-out-others/',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Sign out every session of mine but this one',
          response: { 200: SignedOut, ...errorResponses(401) },
        },
      },
      async (request) => {
        const me = userOf(request);
        return { ended: await tokens.revokeAll(me.id, tokenOf(request)) };
      },
    );
  },
  { name: 'sessionRoutes', encapsulate: true, dependencies: ['auth'] },
);
