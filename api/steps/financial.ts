import type { FastifyInstance } from 'fastify';
import { bodyOf, clientIdFrom } from '../requestHelpers.ts';
import { anyObject, errorResponses } from '../routeSchemas.ts';
import type { ApplicationData, JsonObject } from '../types.ts';
import { nestUnder, objectOr, type StepAccess } from './createStepAccess.ts';

const STEP = 'financial';

/** `{client_id, financial_data}` -> the data (a bare data object is accepted too). */
function unwrap(value: unknown): JsonObject | undefined {
  const obj = objectOr(value);
  if (!obj) return undefined;
  return 'financial_data' in obj ? objectOr(obj.financial_data) ?? {} : obj;
}

function fromRecord(record: JsonObject, clientId: number, data: ApplicationData): JsonObject {
  const second = data.basic?.proposed_insured_2 ?? null;
  return {
    client_id: clientId,
    screening_id: clientId,
    ownership_type: data.owner?.ownership_type ?? null,
    insured_1: { client_id: clientId, financial_data: record.insured_1 ?? {} },
    insured_2: record.has_insured_2 === true && record.insured_2 ? { client_id: second, financial_data: record.insured_2 } : null,
    owner_financial_data: record.owner_financial_data ?? null,
    corporate_data: record.corporate_data ?? null,
  };
}

/**
 * POST /insurance/screening/save_financial/?client_id= and GET /insurance/screening/get_financial/?client_id=,
 * in the spec's envelope: insured_1/insured_2 as {client_id, financial_data}, owner_financial_data, corporate_data.
 * ownership_type comes from the owner step and is not stored here.
 */
export function financialRoutes(app: FastifyInstance, access: StepAccess): void {
  app.get('/insurance/screening/get_financial/', {
    schema: {
      tags: ['screening: financial'],
      summary: 'The financial envelope; 404 when none is saved',
      querystring: { type: 'object', properties: { client_id: { type: 'string' } }, required: ['client_id'] },
      response: { 200: anyObject, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const clientId = clientIdFrom(request);
    const record = await access.loadStep(request, clientId, STEP);
    return fromRecord(record, clientId, await access.load(request, clientId));
  });

  app.post('/insurance/screening/save_financial/', {
    schema: {
      tags: ['screening: financial'],
      summary: 'Save {client_id, screening_id, ownership_type, insured_1, insured_2 (or null), owner_financial_data, corporate_data}',
      querystring: { type: 'object', properties: { client_id: { type: 'string' } } },
      body: anyObject,
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
    for (const key of ['owner_financial_data', 'corporate_data']) {
      if (body[key] !== null && body[key] !== undefined) record[key] = body[key];
    }
    const fieldPath = nestUnder({ insured_1: 'insured_1.financial_data', insured_2: 'insured_2.financial_data' });
    const saved = await access.save(request, clientId, STEP, record, fieldPath);
    return fromRecord(saved, clientId, await access.load(request, clientId));
  });
}
