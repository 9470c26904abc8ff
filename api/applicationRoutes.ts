import type { FastifyInstance } from 'fastify';
import { clientIdFrom, userOf } from './requestHelpers.ts';
import { errorResponses, objectBody } from './routeSchemas.ts';
import type { JsonObject, ServerContext } from './types.ts';

function faceAmount(plan: JsonObject | undefined): number | null {
  const rows = [plan?.single_life_options, plan?.joint_plan_options].flatMap((l) => (Array.isArray(l) ? l : []));
  const amounts = rows.map((r) => (r && typeof r === 'object' ? (r as JsonObject).face_amount : null)).filter((a): a is number => typeof a === 'number' && Number.isFinite(a));
  return amounts.length ? amounts.reduce((a, b) => a + b, 0) : null;
}

/** POST /applications/create_new_application/: a DRAFT life application for a client. */
export function applicationRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/applications/create_new_application/', {
    schema: {
      tags: ['applications'],
      summary: 'Create a DRAFT application for a client; type, product, insureds and face amount are taken from the screening so far',
      body: objectBody({ client_id: { type: ['integer', 'string'] } }, ['client_id']),
      response: {
        201: { type: 'object', properties: { id: { type: 'integer' }, client_id: { type: 'integer' }, application_type: { type: 'string' }, product_type: { type: ['string', 'null'] }, number_of_insureds: { type: 'integer' }, status: { type: 'string' }, face_amount: { type: ['number', 'null'] }, created_at: { type: 'string' } } },
        ...errorResponses(400, 401, 404),
      },
    },
  }, async (request, reply) => {
    const user = userOf(request);
    const clientId = clientIdFrom(request, 'Client ID is required');
    await ctx.clients.requireAccess(user, clientId);
    const data = await ctx.screening.load(clientId);
    const basic = data.basic;
    const plan = data['plan-details'];
    const insureds = data['proposed-insured']?.number_of_insureds ?? basic?.number_of_insureds;
    const values = {
      client_id: clientId,
      created_at: new Date().toISOString(),
      application_type: typeof basic?.application_type === 'string' ? basic.application_type : 'NEW',
      product_type: typeof plan?.product_type === 'string' ? plan.product_type : typeof basic?.product_type === 'string' ? basic.product_type : null,
      number_of_insureds: insureds === 2 ? 2 : 1,
      status: 'DRAFT',
      face_amount: faceAmount(plan),
    };
    const row = await ctx.layer.db.insertInto('life_applications').values(values).returning('id').executeTakeFirstOrThrow();
    return reply.code(201).send({ id: row.id, ...values });
  });
}
