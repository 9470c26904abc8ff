import type { FastifyInstance } from 'fastify';
import { bodyOf, clientIdFrom, parseId } from '../requestHelpers.ts';
import { anyObject, errorResponses, idParams } from '../routeSchemas.ts';
import { withoutKeys, type StepAccess } from './createStepAccess.ts';

const STEP = 'multi-owner';

/** POST /insurance/screening/save_multi_owner/ and GET /insurance/screening/multi_owner/{clientId}/ ({success, data}). */
export function multiOwnerRoutes(app: FastifyInstance, access: StepAccess): void {
  app.post('/insurance/screening/save_multi_owner/', {
    schema: {
      tags: ['screening: multi-owner'],
      summary: 'Save the multi-owner (survivorship) record: client_id plus its fields',
      body: { ...anyObject, required: ['client_id'] },
      response: { 200: anyObject, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const clientId = clientIdFrom(request);
    const record = { ...withoutKeys(bodyOf(request), ['screening_id']), client_id: clientId };
    return access.save(request, clientId, STEP, record);
  });

  app.get('/insurance/screening/multi_owner/:clientId/', {
    schema: {
      tags: ['screening: multi-owner'],
      summary: 'The multi-owner record as {success: true, data}; 404 when none is saved',
      params: idParams('clientId'),
      response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, data: anyObject } }, ...errorResponses(401, 404) },
    },
  }, async (request) => {
    const clientId = parseId((request.params as { clientId: string }).clientId);
    const data = await access.loadStep(request, clientId, STEP);
    return { success: true, data: { ...data, client_id: clientId } };
  });
}
