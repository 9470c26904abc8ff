import type { FastifyInstance } from 'fastify';
import { textProblems } from '../../engine/index.ts';
import { badRequest } from './apiError.ts';

/**
 * The text rule (engine/textRule) for the query string, as the JSON parser applies it to bodies: a NUL, a control
 * character or half a surrogate in a parameter (a client search) is a 400 naming the parameter, before any handler or
 * database sees it.
 * @param app - the root instance
 */
export function refuseQueryNonText(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const [problem] = textProblems(request.query, () => true, 1);
    if (problem) throw badRequest([problem]);
  });
}
