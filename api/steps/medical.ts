import type { FastifyInstance } from 'fastify';
import { bodyOf, clientIdFrom } from '../requestHelpers.ts';
import { anyObject, errorResponses } from '../routeSchemas.ts';
import type { ApplicationData, JsonObject } from '../types.ts';
import { objectOr, type StepAccess } from './createStepAccess.ts';

const STEP = 'medical';

function fromRecord(record: JsonObject, clientId: number, data: ApplicationData): JsonObject {
  const two = record.has_insured_2 === true;
  return {
    client_id: clientId,
    screening_id: clientId,
    number_of_insureds: two ? 2 : 1,
    proposed_insured_1_id: data.basic?.proposed_insured_1 ?? clientId,
    proposed_insured_2_id: data.basic?.proposed_insured_2 ?? null,
    insured_1: record.insured_1 ?? {},
    insured_2: two ? record.insured_2 ?? {} : null,
  };
}

/**
 * POST /insurance/screening/save_medical/ and GET /insurance/screening/get_medical/?client_id=, in the envelope
 * {client_id, screening_id, number_of_insureds, proposed_insured_1_id, proposed_insured_2_id, insured_1, insured_2}.
 */
export function medicalRoutes(app: FastifyInstance, access: StepAccess): void {
  app.get('/insurance/screening/get_medical/', {
    schema: {
      tags: ['screening: medical'],
      summary: 'The medical envelope; 404 when none is saved',
      querystring: { type: 'object', properties: { client_id: { type: 'string' } }, required: ['client_id'] },
      response: { 200: anyObject, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const clientId = clientIdFrom(request);
    const record = await access.loadStep(request, clientId, STEP);
    return fromRecord(record, clientId, await access.load(request, clientId));
  });

  app.post('/insurance/screening/save_medical/', {
    schema: {
      tags: ['screening: medical'],
      summary: 'Save the medical envelope; insured_2 (or number_of_insureds 2) turns the second insured on',
      body: { ...anyObject, required: ['client_id'] },
      response: { 200: anyObject, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const clientId = clientIdFrom(request);
    const body = bodyOf(request);
    const record: JsonObject = {};
    if (body.insured_1 !== undefined && body.insured_1 !== null) record.insured_1 = body.insured_1;
    const second = objectOr(body.insured_2);
    record.has_insured_2 = typeof body.has_insured_2 === 'boolean' ? body.has_insured_2 : second !== undefined || body.number_of_insureds === 2;
    if (body.insured_2 !== undefined && body.insured_2 !== null) record.insured_2 = body.insured_2;
    const saved = await access.save(request, clientId, STEP, record);
    return fromRecord(saved, clientId, await access.load(request, clientId));
  });
}
