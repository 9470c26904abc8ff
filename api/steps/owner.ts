import type { FastifyInstance } from 'fastify';
import { notFound } from '../apiError.ts';
import { bodyOf, clientIdFrom, parseId } from '../requestHelpers.ts';
import { anyObject, errorResponses, idParams } from '../routeSchemas.ts';
import type { JsonObject } from '../types.ts';
import { withoutKeys, type StepAccess } from './createStepAccess.ts';

const STEP = 'owner';
/** Stored name -> the name the spec reads back (physical_residence is read back as physical_location). */
const READ_BACK: [stored: string, readBack: string][] = [
  ['physical_residence', 'physical_location'],
  ['individual_2_physical_residence', 'individual_2_physical_location'],
];

/** The owner as the spec reads it: id (one owner per client, so the client's id), client_id, physical_location. */
function fromRecord(record: JsonObject, clientId: number): JsonObject {
  const out: JsonObject = { ...record, id: clientId, client_id: clientId };
  for (const [stored, readBack] of READ_BACK) {
    if (stored in out) {
      out[readBack] = out[stored];
      delete out[stored];
    }
  }
  return out;
}

/** A body in either naming to the record. */
function toRecord(body: JsonObject, clientId: number): JsonObject {
  const record = withoutKeys(body, ['screening_id']);
  for (const [stored, readBack] of READ_BACK) {
    if (readBack in record) {
      if (!(stored in record)) record[stored] = record[readBack];
      delete record[readBack];
    }
  }
  return { ...record, id: clientId, client_id: clientId };
}

const fieldPath = (path: string): string => READ_BACK.find(([stored]) => path === stored)?.[1] ?? path;

/**
 * Owner calls: GET /insurance/screening/owner/{clientId}/ (a list of at most one owner), POST
 * /insurance/screening/owner/ (create or replace), PATCH /insurance/screening/{id}/owner/ (merge).
 */
export function ownerRoutes(app: FastifyInstance, access: StepAccess): void {
  app.get('/insurance/screening/owner/:clientId/', {
    schema: {
      tags: ['screening: owner'],
      summary: 'The client\'s owner as a list (empty when none); physical_residence reads back as physical_location',
      params: idParams('clientId'),
      response: { 200: { type: 'array', items: anyObject }, ...errorResponses(401, 404) },
    },
  }, async (request) => {
    const clientId = parseId((request.params as { clientId: string }).clientId);
    const record = (await access.load(request, clientId))[STEP];
    return record ? [fromRecord(record, clientId)] : [];
  });

  app.post('/insurance/screening/owner/', {
    schema: {
      tags: ['screening: owner'],
      summary: 'Save the owner (creates it, or replaces the stored one); the body is the owner record with client_id',
      description: 'Record shape: components.schemas.step_owner. physical_location is accepted for physical_residence.',
      body: { ...anyObject, required: ['client_id'] },
      response: { 200: anyObject, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const clientId = clientIdFrom(request);
    const saved = await access.save(request, clientId, STEP, toRecord(bodyOf(request), clientId), fieldPath);
    return fromRecord(saved, clientId);
  });

  app.patch('/insurance/screening/:id/owner/', {
    schema: {
      tags: ['screening: owner'],
      summary: 'Change some fields of a stored owner (id from the GET); the fields given are checked, the merged record saved whole',
      params: idParams('id'),
      body: anyObject,
      response: { 200: anyObject, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const clientId = parseId((request.params as { id: string }).id);
    if (!(await access.load(request, clientId))[STEP]) throw notFound();
    const changes = toRecord(withoutKeys(bodyOf(request), ['client_id', 'id']), clientId);
    return fromRecord(await access.merge(request, clientId, STEP, changes, fieldPath), clientId);
  });
}
