import type { FastifyInstance } from 'fastify';
import { bodyOf, clientIdFrom } from '../requestHelpers.ts';
import { anyObject, errorResponses } from '../routeSchemas.ts';
import type { ApplicationData, JsonObject } from '../types.ts';
import { nestUnder, objectOr, type StepAccess } from './createStepAccess.ts';

const STEP = 'insurance-history';

function unwrap(value: unknown): JsonObject | undefined {
  const obj = objectOr(value);
  if (!obj) return undefined;
  return 'insurance_history_data' in obj ? objectOr(obj.insurance_history_data) ?? {} : obj;
}

function fromRecord(record: JsonObject, clientId: number, data: ApplicationData): JsonObject {
  const second = data.basic?.proposed_insured_2 ?? null;
  return {
    client_id: clientId,
    screening_id: clientId,
    insured_1: { client_id: clientId, insurance_history_data: record.insured_1 ?? {} },
    insured_2: record.has_insured_2 === true && record.insured_2 ? { client_id: second, insurance_history_data: record.insured_2 } : null,
  };
}

/**
 * POST /insurance/screening/save_insurance_history/ and GET /insurance/screening/get_insurance_history/?client_id=,
 * insured_1/insured_2 as {client_id, insurance_history_data}; insured_2 null when absent.
 */
export function insuranceHistoryRoutes(app: FastifyInstance, access: StepAccess): void {
  app.get('/insurance/screening/get_insurance_history/', {
    schema: {
      tags: ['screening: insurance history'],
      summary: 'The insurance history envelope; 404 when none is saved',
      querystring: { type: 'object', properties: { client_id: { type: 'string' } }, required: ['client_id'] },
      response: { 200: anyObject, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const clientId = clientIdFrom(request);
    const record = await access.loadStep(request, clientId, STEP);
    return fromRecord(record, clientId, await access.load(request, clientId));
  });

  app.post('/insurance/screening/save_insurance_history/', {
    schema: {
      tags: ['screening: insurance history'],
      summary: 'Save {client_id, screening_id, insured_1, insured_2}; the saved envelope is returned',
      body: { ...anyObject, required: ['client_id'] },
      response: { 200: anyObject, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const clientId = clientIdFrom(request);
    const body = bodyOf(request);
    const record: JsonObject = {};
    const first = unwrap(body.insured_1);
    const second = unwrap(body.insured_2);
    if (first) record.insured_1 = first;
    record.has_insured_2 = typeof body.has_insured_2 === 'boolean' ? body.has_insured_2 : second !== undefined;
    if (second) record.insured_2 = second;
    const fieldPath = nestUnder({ insured_1: 'insured_1.insurance_history_data', insured_2: 'insured_2.insurance_history_data' });
    const saved = await access.save(request, clientId, STEP, record, fieldPath);
    return fromRecord(saved, clientId, await access.load(request, clientId));
  });
}
