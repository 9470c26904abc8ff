import type { FastifyInstance } from 'fastify';
import { clientIdFrom } from '../requestHelpers.ts';
import { anyObject, errorResponses } from '../routeSchemas.ts';
import type { JsonObject } from '../types.ts';
import { withoutKeys, type StepAccess } from './createStepAccess.ts';

const STEP = 'basic';

/**
 * GET/POST /insurance/screening/basic/: the basic screening record. A POST merges the fields given into the
 * stored record and checks those fields (the proposed-insured page posts only the insured ids and counts, and
 * each basic sub-step saves its own answers), then saves the record whole.
 */
export function basicRoutes(app: FastifyInstance, access: StepAccess): void {
  const out = (record: JsonObject, clientId: number): JsonObject => ({ ...record, client_id: clientId });

  app.get('/insurance/screening/basic/', {
    schema: {
      tags: ['screening: basic'],
      summary: 'The basic screening record; 404 when none is saved yet',
      querystring: { type: 'object', properties: { client_id: { type: 'string' } }, required: ['client_id'] },
      response: { 200: { ...anyObject, description: 'components.schemas.step_basic' }, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const clientId = clientIdFrom(request);
    return out(await access.loadStep(request, clientId, STEP), clientId);
  });

  app.post('/insurance/screening/basic/', {
    schema: {
      tags: ['screening: basic'],
      summary: 'Save basic screening fields (merged into the stored record; only the fields given are checked)',
      body: { ...anyObject, required: ['client_id'] },
      response: { 200: anyObject, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const clientId = clientIdFrom(request);
    const changes = { ...withoutKeys(request.body as JsonObject, ['screening_id']), client_id: clientId };
    return out(await access.merge(request, clientId, STEP, changes), clientId);
  });
}
