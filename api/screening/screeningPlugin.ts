import fp from 'fastify-plugin';
import { notFound } from '../http/apiError.ts';
import { bodyOf, parseId, userOf } from '../http/requestHelpers.ts';
import { errorResponses, idParams, ref } from '../http/routeSchemas.ts';
import { createScreeningService, type ScreeningService } from './createScreeningService.ts';
import { createScreeningStore, type ScreeningStore } from './createScreeningStore.ts';
import { progressRoutes } from './progressRoutes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The step records as stored, one row per client and step. */
    records: ScreeningStore;
    /** Loading a client's screening and the one save path of every step (engine check, bound records, one transaction). */
    screening: ScreeningService;
  }
}

/**
 * The screening: the generic calls the web app uses (the whole application's data of a client, the save of one step
 * record, a partial save of a page) and the spec's progress calls.
 */
export const screeningPlugin = fp(async (app) => {
  const { db, dialect } = app.database;
  const records = createScreeningStore(db, dialect === 'sqlite');
  const screening = createScreeningService(app.engine, records, app.clients, db);
  app.decorate('records', records);
  app.decorate('screening', screening);
  const { engine } = app;
  const stepParams = {
    type: 'object',
    properties: { clientId: (idParams('clientId').properties as { clientId: unknown }).clientId, stepId: { type: 'string', enum: engine.order } },
    required: ['clientId', 'stepId'],
  };
  const stepOf = (params: unknown): { clientId: number; stepId: string } => {
    const { clientId, stepId } = params as { clientId: string; stepId: string };
    if (!engine.isScreeningStep(stepId)) throw notFound();
    return { clientId: parseId(clientId), stepId };
  };

  app.get('/screening/:clientId/', {
    schema: {
      tags: ['screening'],
      summary: 'Every saved step record of the client, keyed by step id, with the proposed insureds read from their client records and $context (the facts the definitions read)',
      params: idParams('clientId'),
      response: { 200: ref('ApplicationData'), ...errorResponses(401, 404) },
    },
  }, async (request) => screening.load(userOf(request), parseId((request.params as { clientId: string }).clientId), { facts: true }));

  app.put('/screening/:clientId/:stepId/', {
    config: { metric: 'save' },
    schema: {
      tags: ['screening'],
      summary: 'Save one step record whole; 400 with the definitions\' messages when the engine finds errors',
      'x-clearsHiddenAnswers': true,
      description: 'The record\'s shape is steps/{stepId}/schema.json; the step\'s rules (rules.json) are checked too.',
      params: stepParams,
      // One path per step in the document, each with its step's schema.
      body: ref('step_{stepId}', 'The step record'),
      response: { 200: ref('step_{stepId}', 'The record as saved'), ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const { clientId, stepId } = stepOf(request.params);
    return (await screening.save(userOf(request), clientId, stepId, bodyOf(request))).values;
  });

  app.patch('/screening/:clientId/:stepId/', {
    config: { metric: 'save' },
    schema: {
      tags: ['screening'],
      summary: 'Save part of a step record ("Save Progress" of one page): the top-level fields given are merged into the stored record; for a step with pages only those pages are checked',
      'x-clearsHiddenAnswers': true,
      params: stepParams,
      body: ref('step_{stepId}', 'Some top-level fields of the step record'),
      response: { 200: ref('step_{stepId}', 'The whole record as saved'), ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const { clientId, stepId } = stepOf(request.params);
    return (await screening.merge(userOf(request), clientId, stepId, bodyOf(request))).values;
  });

  progressRoutes(app);
}, { name: 'screening', dependencies: ['db', 'engine', 'clients'] });
