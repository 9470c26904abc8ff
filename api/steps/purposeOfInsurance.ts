import type { FastifyInstance } from 'fastify';
import { bodyOf, clientIdFrom, parseId } from '../requestHelpers.ts';
import { anyObject, errorResponses, idParams } from '../routeSchemas.ts';
import type { JsonObject } from '../types.ts';
import { withoutKeys, type StepAccess } from './createStepAccess.ts';

const STEP = 'purpose-of-insurance';

/** "a, b" -> ["a", "b"]; a list is kept as it is. */
function splitSources(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

function fromRecord(record: JsonObject, clientId: number): JsonObject {
  return { ...record, source_of_payment: Array.isArray(record.source_of_payment) ? record.source_of_payment : [], client_id: clientId, screening_id: clientId };
}

/**
 * POST /insurance/screening/purpose-of-insurance/ (source_of_payment comma-joined, stored as a list) and
 * GET /insurance/screening/purpose-of-insurance/{clientId}/ (the list back).
 */
export function purposeOfInsuranceRoutes(app: FastifyInstance, access: StepAccess): void {
  app.get('/insurance/screening/purpose-of-insurance/:clientId/', {
    schema: {
      tags: ['screening: purpose of insurance'],
      summary: 'The purpose of insurance, source_of_payment as a list; 404 when none is saved',
      params: idParams('clientId'),
      response: { 200: anyObject, ...errorResponses(401, 404) },
    },
  }, async (request) => {
    const clientId = parseId((request.params as { clientId: string }).clientId);
    return fromRecord(await access.loadStep(request, clientId, STEP), clientId);
  });

  app.post('/insurance/screening/purpose-of-insurance/', {
    schema: {
      tags: ['screening: purpose of insurance'],
      summary: 'Save the purpose; source_of_payment as a comma-joined string (a list is accepted too)',
      body: { ...anyObject, required: ['client_id'], properties: { source_of_payment: { type: 'string', example: 'employment_income,investment_income' } } },
      response: { 200: anyObject, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const clientId = clientIdFrom(request);
    const record = withoutKeys(bodyOf(request), ['client_id', 'screening_id']);
    if ('source_of_payment' in record) record.source_of_payment = splitSources(record.source_of_payment);
    return fromRecord(await access.save(request, clientId, STEP, record), clientId);
  });
}
