import type { FastifyInstance } from 'fastify';
import { bodyOf, clientIdFrom } from '../requestHelpers.ts';
import { anyObject, errorResponses } from '../routeSchemas.ts';
import type { JsonObject } from '../types.ts';
import { objectOr, withoutKeys, type StepAccess } from './createStepAccess.ts';

const STEP = 'plan-details';

/** The spec's shape: {client_id, product_type, plan_details: {...the rest}}. */
function fromRecord(record: JsonObject, clientId: number): JsonObject {
  const { product_type = null, ...plan } = record;
  return { client_id: clientId, product_type, plan_details: plan };
}

const fieldPath = (path: string): string => (path === 'product_type' || path === '' ? path : `plan_details.${path}`);

/**
 * GET /insurance/screening/get_plan_details/?client_id= and POST /insurance/screening/save_plan_details/.
 * product_type is derived from the plans by the definitions, so a sent value is recomputed.
 */
export function planDetailsRoutes(app: FastifyInstance, access: StepAccess): void {
  app.get('/insurance/screening/get_plan_details/', {
    schema: {
      tags: ['screening: plan details'],
      summary: 'The plan details as {client_id, product_type, plan_details}; 404 when none is saved',
      querystring: { type: 'object', properties: { client_id: { type: 'string' } }, required: ['client_id'] },
      response: { 200: anyObject, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const clientId = clientIdFrom(request);
    return fromRecord(await access.loadStep(request, clientId, STEP), clientId);
  });

  app.post('/insurance/screening/save_plan_details/', {
    schema: {
      tags: ['screening: plan details'],
      summary: 'Save {client_id, product_type, plan_details}; option lists default to empty arrays',
      body: { ...anyObject, required: ['client_id'] },
      response: { 200: anyObject, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const clientId = clientIdFrom(request);
    const body = bodyOf(request);
    const wrapped = objectOr(body.plan_details);
    const plan = wrapped ?? withoutKeys(body, ['client_id', 'screening_id', 'product_type', 'plan_details']);
    const record: JsonObject = { ...plan };
    if ('product_type' in body) record.product_type = body.product_type;
    const saved = await access.save(request, clientId, STEP, record, wrapped ? fieldPath : undefined);
    return { success: true, ...fromRecord(saved, clientId) };
  });
}
