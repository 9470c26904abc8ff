import type { FastifyInstance } from 'fastify';
import { notFound } from './apiError.ts';
import { bodyOf, parseId } from './requestHelpers.ts';
import { anyObject, errorResponses } from './routeSchemas.ts';
import { createStepAccess } from './steps/createStepAccess.ts';
import type { ServerContext } from './types.ts';

/**
 * The generic calls the web app uses: the whole application's data of a client, the save of one step record
 * (checked by the engine; hidden answers dropped, computed values recomputed), and a partial save of a page.
 */
export function screeningRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const access = createStepAccess(ctx);
  app.get('/screening/:clientId/', {
    schema: {
      tags: ['screening'],
      summary: 'Every saved step record of the client, keyed by step id',
      params: { type: 'object', properties: { clientId: { type: 'string' } }, required: ['clientId'] },
      response: { 200: { ...anyObject, description: 'ApplicationData: {"basic": {...}, "owner": {...}}' }, ...errorResponses(401, 404) },
    },
  }, async (request) => {
    return access.load(request, parseId((request.params as { clientId: string }).clientId));
  });

  app.put('/screening/:clientId/:stepId/', {
    schema: {
      tags: ['screening'],
      summary: 'Save one step record whole; 400 with the definitions\' messages when the engine finds errors',
      description: `stepId is one of ${ctx.engine.order.join(', ')}. The record's shape is steps/<stepId>/schema.json (see components.schemas).`,
      params: { type: 'object', properties: { clientId: { type: 'string' }, stepId: { type: 'string', enum: ctx.engine.order } }, required: ['clientId', 'stepId'] },
      body: { ...anyObject, description: 'The step record' },
      response: { 200: { ...anyObject, description: 'The record as saved' }, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const { clientId: rawId, stepId } = request.params as { clientId: string; stepId: string };
    const clientId = parseId(rawId);
    if (!ctx.engine.hasStep(stepId)) throw notFound();
    return access.save(request, clientId, stepId, bodyOf(request));
  });
  app.patch('/screening/:clientId/:stepId/', {
    schema: {
      tags: ['screening'],
      summary: 'Save part of a step record ("Save Progress" of one page): the top-level fields given are merged into the stored record; for a step with pages only those pages are checked',
      params: { type: 'object', properties: { clientId: { type: 'string' }, stepId: { type: 'string', enum: ctx.engine.order } }, required: ['clientId', 'stepId'] },
      body: { ...anyObject, description: 'Some top-level fields of the step record' },
      response: { 200: { ...anyObject, description: 'The whole record as saved' }, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const { clientId: rawId, stepId } = request.params as { clientId: string; stepId: string };
    const clientId = parseId(rawId);
    if (!ctx.engine.hasStep(stepId)) throw notFound();
    return access.merge(request, clientId, stepId, bodyOf(request));
  });
}
