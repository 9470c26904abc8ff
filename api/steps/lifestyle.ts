import type { FastifyInstance } from 'fastify';
import { bodyOf, clientIdFrom } from '../requestHelpers.ts';
import { anyObject, errorResponses } from '../routeSchemas.ts';
import type { ApplicationData, JsonObject } from '../types.ts';
import { objectOr, type StepAccess } from './createStepAccess.ts';

const STEP = 'lifestyle';

function fromRecord(record: JsonObject, clientId: number, data: ApplicationData, secondId?: unknown): JsonObject {
  return {
    client_id: clientId,
    insured_2_client_id: secondId ?? data.basic?.proposed_insured_2 ?? null,
    screening_id: clientId,
    lifestyle_data_1: record.lifestyle_data_1 ?? {},
    lifestyle_data_2: record.has_insured_2 === true ? record.lifestyle_data_2 ?? {} : null,
  };
}

/**
 * POST /insurance/screening/save_lifestyle/ and GET /insurance/screening/get_lifestyle/?client_id=.
 * lifestyle_data_2 (or an insured_2_client_id) turns the second insured on.
 */
export function lifestyleRoutes(app: FastifyInstance, access: StepAccess): void {
  app.get('/insurance/screening/get_lifestyle/', {
    schema: {
      tags: ['screening: lifestyle'],
      summary: 'The lifestyle envelope; 404 when none is saved',
      querystring: { type: 'object', properties: { client_id: { type: 'string' } }, required: ['client_id'] },
      response: { 200: anyObject, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const clientId = clientIdFrom(request);
    const record = await access.loadStep(request, clientId, STEP);
    return fromRecord(record, clientId, await access.load(request, clientId));
  });

  app.post('/insurance/screening/save_lifestyle/', {
    schema: {
      tags: ['screening: lifestyle'],
      summary: 'Save {client_id, lifestyle_data_1, lifestyle_data_2, insured_2_client_id}',
      body: { ...anyObject, required: ['client_id'] },
      response: { 200: anyObject, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const clientId = clientIdFrom(request);
    const body = bodyOf(request);
    const record: JsonObject = {};
    if (body.lifestyle_data_1 !== undefined && body.lifestyle_data_1 !== null) record.lifestyle_data_1 = body.lifestyle_data_1;
    const second = objectOr(body.lifestyle_data_2);
    const secondId = body.insured_2_client_id;
    record.has_insured_2 = typeof body.has_insured_2 === 'boolean' ? body.has_insured_2 : second !== undefined;
    if (body.lifestyle_data_2 !== undefined && body.lifestyle_data_2 !== null) record.lifestyle_data_2 = body.lifestyle_data_2;
    const saved = await access.save(request, clientId, STEP, record);
    return fromRecord(saved, clientId, await access.load(request, clientId), secondId === '' ? null : secondId);
  });
}
