import type { FastifyInstance } from 'fastify';
import { badRequest } from './apiError.ts';
import { bodyOf, parseId, queryParam, userOf } from './requestHelpers.ts';
import { anyObject, errorResponses, idParams, objectBody } from './routeSchemas.ts';
import type { JsonObject, ServerContext } from './types.ts';
import { CLIENT_FORM, validateClient } from './validateClient.ts';


/** The client list, one client, create, patch, delete, and previous proposed insureds. */
export function clientRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // The documented body is the client profile's definition (steps/client-profile), without its messages.
  const profile = (ctx.engine.schemas[CLIENT_FORM].properties ?? {}) as Record<string, JsonObject>;
  const clientFields = Object.fromEntries(Object.entries(profile).map(([name, { errorMessage: _messages, ...rest }]) => [name, rest]));
  const clientView = { ...anyObject, properties: { id: { type: 'integer' }, ...clientFields, phone: { type: ['string', 'null'] }, created_at: { type: 'string' }, updated_at: { type: 'string' } } };
  const check = (record: JsonObject, fields?: string[]) => ctx.engine.evaluateStep(CLIENT_FORM, { [CLIENT_FORM]: record }, { fields }).errors;
  const brokerEmails = async (): Promise<Set<string>> =>
    new Set((await ctx.layer.db.selectFrom('brokers').select('email').execute()).map((b) => b.email.toLowerCase()));

  app.get('/clients/', {
    schema: {
      tags: ['clients'],
      summary: 'The user\'s clients, newest first; ?search= matches name, email or phone',
      querystring: { type: 'object', properties: { search: { type: 'string' } } },
      response: { 200: { type: 'object', properties: { results: { type: 'array', items: clientView }, count: { type: 'integer' } } }, ...errorResponses(401) },
    },
  }, async (request) => {
    const results = await ctx.clients.list(userOf(request), queryParam(request, 'search')?.slice(0, 200));
    return { results, count: results.length };
  });

  app.post('/clients/', {
    schema: {
      tags: ['clients'],
      summary: 'Create a client (required: first and last name, phone, date of birth, gender); also takes proposed-insured profile fields',
      body: objectBody(clientFields, ['first_name', 'last_name', 'phone_primary', 'date_of_birth', 'gender_sex_at_birth']),
      response: { 201: clientView, ...errorResponses(400, 401) },
    },
  }, async (request, reply) => {
    const user = userOf(request);
    const v = validateClient(bodyOf(request), { partial: false, check, brokers: await brokerEmails() });
    if (v.errors.length) throw badRequest(v.errors);
    const core = { ...v.core, first_name: v.core.first_name as string, last_name: v.core.last_name as string };
    const client = await ctx.clients.create(user, core, v.profile, v.brokers ?? []);
    return reply.code(201).send(client);
  });

  app.get('/clients/:id/', {
    schema: {
      tags: ['clients'],
      summary: 'One client; ?include=life_applications adds its applications',
      params: idParams('id'),
      querystring: { type: 'object', properties: { include: { type: 'string', enum: ['life_applications'] } } },
      response: { 200: clientView, ...errorResponses(401, 404) },
    },
  }, async (request) => {
    const include = (queryParam(request, 'include') ?? '').split(',').includes('life_applications');
    return ctx.clients.get(userOf(request), parseId((request.params as { id: string }).id), include);
  });

  app.patch('/clients/:id/', {
    schema: {
      tags: ['clients'],
      summary: 'Change some fields of a client (the same rules as create, for the fields given)',
      params: idParams('id'),
      body: objectBody(clientFields),
      response: { 200: clientView, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const user = userOf(request);
    const id = parseId((request.params as { id: string }).id);
    await ctx.clients.requireAccess(user, id);
    const v = validateClient(bodyOf(request), { partial: true, check, brokers: await brokerEmails() });
    if (v.errors.length) throw badRequest(v.errors);
    return ctx.clients.update(user, id, v.core, v.profile, v.brokers);
  });

  app.delete('/clients/:id/', {
    schema: {
      tags: ['clients'],
      summary: 'Delete a client with its applications, progress and screening records',
      params: idParams('id'),
      response: { 200: { type: 'object', properties: { success: { type: 'boolean' } } }, ...errorResponses(401, 404) },
    },
  }, async (request) => {
    await ctx.clients.remove(userOf(request), parseId((request.params as { id: string }).id));
    return { success: true };
  });

  app.get('/clients/:id/get_previous_proposed_insureds/', {
    schema: {
      tags: ['clients'],
      summary: 'The user\'s other clients with their profile fields and id, to copy into a second insured',
      params: idParams('id'),
      response: { 200: { type: 'array', items: clientView }, ...errorResponses(401, 404) },
    },
  }, async (request) => {
    const user = userOf(request);
    const id = parseId((request.params as { id: string }).id);
    await ctx.clients.requireAccess(user, id);
    return (await ctx.clients.list(user)).filter((c) => c.id !== id);
  });
}
