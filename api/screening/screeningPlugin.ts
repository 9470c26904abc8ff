import fp from 'fastify-plugin';
import { forbidden, notFound } from '../http/apiError.ts';
import { bodyOf, parseId, userOf } from '../http/requestHelpers.ts';
import { anyObject, errorResponses } from '../http/routeSchemas.ts';
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

const START_OVER_FORBIDDEN = "Only the client's adviser can start this screening over";

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
    properties: { clientId: { type: 'string' }, stepId: { type: 'string', enum: engine.order } },
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
      params: { type: 'object', properties: { clientId: { type: 'string' } }, required: ['clientId'] },
      response: { 200: { ...anyObject, description: 'ApplicationData: {"basic": {...}, "owner": {...}, "$context": {...}}' }, ...errorResponses(401, 404) },
    },
  }, async (request) => screening.load(userOf(request), parseId((request.params as { clientId: string }).clientId), { facts: true }));

  app.put('/screening/:clientId/:stepId/', {
    config: { metric: 'save' },
    schema: {
      tags: ['screening'],
      summary: 'Save one step record whole; 400 with the definitions\' messages when the engine finds errors',
      description: `stepId is one of ${engine.order.join(', ')}. The record's shape is steps/<stepId>/schema.json (see components.schemas).`,
      params: stepParams,
      body: { ...anyObject, description: 'The step record' },
      response: { 200: { ...anyObject, description: 'The record as saved' }, ...errorResponses(400, 401, 404) },
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
      params: stepParams,
      body: { ...anyObject, description: 'Some top-level fields of the step record' },
      response: { 200: { ...anyObject, description: 'The whole record as saved' }, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const { clientId, stepId } = stepOf(request.params);
    return (await screening.merge(userOf(request), clientId, stepId, bodyOf(request))).values;
  });

  app.delete('/screening/:clientId/', {
    schema: {
      tags: ['screening'],
      summary: 'Start over: delete every step record and the progress of the client\'s screening; the client\'s profile (and insured 1\'s answers kept there) stays. Only the client\'s own adviser may.',
      params: { type: 'object', properties: { clientId: { type: 'string' } }, required: ['clientId'] },
      response: { 200: { type: 'object', properties: { success: { type: 'boolean' } } }, ...errorResponses(401, 403, 404) },
    },
  }, async (request) => {
    const user = userOf(request);
    const clientId = parseId((request.params as { clientId: string }).clientId);
    await app.clients.requireAccess(user, clientId);
    // A broker the client lists may work on the screening, but throwing it away is its adviser's decision.
    if ((await app.clients.ownerOf(clientId)).ownerUserId !== user.id) throw forbidden('clientId', START_OVER_FORBIDDEN);
    await db.transaction().execute(async (trx) => {
      await records.clear(clientId, trx);
      await trx.deleteFrom('screening_progress').where('client_id', '=', clientId).execute();
    });
    return { success: true };
  });

  progressRoutes(app);
}, { name: 'screening', dependencies: ['db', 'engine', 'clients'] });
