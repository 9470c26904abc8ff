import type { FastifyInstance } from 'fastify';
import { bodyOf, clientIdFrom } from '../requestHelpers.ts';
import { anyObject, errorResponses } from '../routeSchemas.ts';
import type { JsonObject } from '../types.ts';
import { objectOr, withoutKeys, type StepAccess } from './createStepAccess.ts';

const STEP = 'beneficiary';

function fromRecord(record: JsonObject, clientId: number): JsonObject {
  return { ...record, client_id: clientId, screening_id: clientId, insured_2: record.insured_2 ?? null, has_insured_2: record.has_insured_2 === true };
}

/**
 * POST /insurance/screening/save_beneficiaries/ and GET /insurance/screening/get_beneficiaries/?client_id=.
 * An insured_2 that is null (or absent) means the insured 2 section is off, unless has_insured_2 says otherwise.
 */
export function beneficiaryRoutes(app: FastifyInstance, access: StepAccess): void {
  app.get('/insurance/screening/get_beneficiaries/', {
    schema: {
      tags: ['screening: beneficiary'],
      summary: 'The beneficiary designation; 404 when none is saved',
      querystring: { type: 'object', properties: { client_id: { type: 'string' } }, required: ['client_id'] },
      response: { 200: anyObject, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const clientId = clientIdFrom(request, 'client_id is required');
    return fromRecord(await access.loadStep(request, clientId, STEP), clientId);
  });

  app.post('/insurance/screening/save_beneficiaries/', {
    schema: {
      tags: ['screening: beneficiary'],
      summary: 'Save {client_id, screening_id, is_quebec_policy, insured_1, insured_2}; shares are checked to total 100',
      body: { ...anyObject, required: ['client_id'] },
      response: { 200: anyObject, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const clientId = clientIdFrom(request, 'client_id is required');
    const body = bodyOf(request);
    const record = withoutKeys(body, ['client_id', 'screening_id']);
    const second = objectOr(body.insured_2);
    if (typeof body.has_insured_2 !== 'boolean') record.has_insured_2 = second !== undefined;
    if (body.insured_2 === null) delete record.insured_2;
    return fromRecord(await access.save(request, clientId, STEP, record), clientId);
  });
}
