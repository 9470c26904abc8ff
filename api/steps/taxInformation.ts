import type { FastifyInstance } from 'fastify';
import { bodyOf, parseId } from '../requestHelpers.ts';
import { anyObject, errorResponses, idParams } from '../routeSchemas.ts';
import { withoutKeys, type StepAccess } from './createStepAccess.ts';

const STEP = 'tax-information';

/** GET /insurance/screening/tax-information/{clientId}/ and POST /insurance/screening/save-tax-information/{clientId}/. */
export function taxInformationRoutes(app: FastifyInstance, access: StepAccess): void {
  app.get('/insurance/screening/tax-information/:clientId/', {
    schema: {
      tags: ['screening: tax information'],
      summary: 'The owners\' tax fields (SIN in three parts, FATCA, CRS); 404 when none is saved',
      params: idParams('clientId'),
      response: { 200: anyObject, ...errorResponses(401, 404) },
    },
  }, async (request) => {
    const clientId = parseId((request.params as { clientId: string }).clientId);
    return { ...(await access.loadStep(request, clientId, STEP)), client_id: clientId };
  });

  app.post('/insurance/screening/save-tax-information/:clientId/', {
    schema: {
      tags: ['screening: tax information'],
      summary: 'Save the tax fields',
      params: idParams('clientId'),
      body: anyObject,
      response: { 200: anyObject, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const clientId = parseId((request.params as { clientId: string }).clientId);
    const saved = await access.save(request, clientId, STEP, withoutKeys(bodyOf(request), ['client_id', 'screening_id']));
    return { ...saved, client_id: clientId };
  });
}
