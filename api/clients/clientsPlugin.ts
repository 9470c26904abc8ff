import fp from 'fastify-plugin';
import { badRequest, fieldError } from '../http/apiError.ts';
import { bodyOf, parseId, queryParam, userOf } from '../http/requestHelpers.ts';
import { errorResponses, idParams, ref } from '../http/routeSchemas.ts';
import { clientChecks } from './clientRules.ts';
import { createClientStore, type ClientStore } from './createClientStore.ts';
import { validateClient } from './validateClient.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Clients, with the ownership rule on every query a user makes. */
    clients: ClientStore;
  }
}

/** The one thing GET /clients/{id}/ can include. */
const INCLUDE = 'life_applications';

/**
 * Clients and brokers: GET/POST /clients/, GET/PATCH/DELETE /clients/{id}/, GET /brokers/. A client's fields are
 * the client profile form's and a proposed insured's; both sets of rules come from the definitions.
 */
export const clientsPlugin = fp(async (app) => {
  const { db } = app.database;
  const clients = createClientStore(db);
  app.decorate('clients', clients);
  const checks = clientChecks(app.engine);

  const brokerEmails = async (): Promise<Set<string>> => new Set((await db.selectFrom('brokers').select('email').execute()).map((b) => b.email.toLowerCase()));

  app.get('/clients/', {
    schema: {
      tags: ['clients'],
      summary: 'The user\'s clients, newest first; ?search= matches name, email or phone',
      querystring: { type: 'object', properties: { search: { type: 'string', description: 'Only its first 200 characters are used' } } },
      response: { 200: ref('ClientList'), ...errorResponses(401) },
    },
  }, async (request) => {
    const results = await clients.list(userOf(request), queryParam(request, 'search')?.slice(0, 200));
    return { results, count: results.length };
  });

  app.post('/clients/', {
    schema: {
      tags: ['clients'],
      summary: 'Create a client (the profile form\'s required fields); also takes a proposed insured\'s fields, checked by the proposed-insured rules',
      body: ref('ClientInput'),
      response: { 201: ref('Client'), ...errorResponses(400, 401) },
    },
  }, async (request, reply) => {
    const user = userOf(request);
    const v = validateClient(bodyOf(request), undefined, { partial: false, checks, brokers: await brokerEmails() });
    if (v.errors.length) throw badRequest(v.errors);
    const id = await clients.create(user.id, v.fields, v.brokers ?? []);
    return reply.code(201).send(await clients.get(user, id));
  });

  app.get('/clients/:id/', {
    schema: {
      tags: ['clients'],
      summary: 'One client; ?include=life_applications adds its applications',
      params: idParams('id'),
      querystring: { type: 'object', properties: { include: { type: 'string', enum: [INCLUDE] } } },
      response: { 200: ref('Client'), ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const user = userOf(request);
    const id = parseId((request.params as { id: string }).id);
    const include = queryParam(request, 'include');
    // An unknown include is refused rather than ignored: a caller's typo would otherwise look like "no applications".
    if (include !== undefined && include !== INCLUDE) throw fieldError('include', `include must be ${INCLUDE}`);
    const client = await clients.get(user, id);
    if (include === INCLUDE) client.life_applications = await app.applications.list(user, id);
    return client;
  });

  app.patch('/clients/:id/', {
    schema: {
      tags: ['clients'],
      summary: 'Change some fields of a client: the profile form\'s rules and, for a proposed insured\'s fields, the proposed-insured rules (for the fields given)',
      params: idParams('id'),
      body: ref('ClientPatch'),
      response: { 200: ref('Client'), ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const user = userOf(request);
    const id = parseId((request.params as { id: string }).id);
    const stored = await clients.get(user, id);
    const v = validateClient(bodyOf(request), stored, { partial: true, checks, brokers: await brokerEmails() });
    if (v.errors.length) throw badRequest(v.errors);
    await clients.update(id, v.fields, v.brokers);
    return clients.get(user, id);
  });

  app.delete('/clients/:id/', {
    schema: {
      tags: ['clients'],
      summary: 'Delete a client with its applications, progress and screening records',
      params: idParams('id'),
      response: { 200: ref('Success'), ...errorResponses(401, 404) },
    },
  }, async (request) => {
    const user = userOf(request);
    const id = parseId((request.params as { id: string }).id);
    await clients.requireAccess(user, id);
    // The generated PDFs go with the client: their keys are read before the records that list them are deleted.
    const keys = await app.applications.fileKeys(id);
    await clients.remove(user, id);
    await Promise.all(keys.map((key) => app.files.delete(key).catch((err: unknown) => request.log.warn({ err, key }, 'could not delete a generated file'))));
    return { success: true };
  });

  app.get('/brokers/', {
    schema: {
      tags: ['brokers'],
      summary: 'Brokers a client can list; a user whose email is a listed broker\'s sees that client',
      response: { 200: { type: 'array', items: ref('Broker') }, ...errorResponses(401) },
    },
  }, async () => db.selectFrom('brokers').select(['id', 'name', 'email']).orderBy('name').execute());
}, { name: 'clients', dependencies: ['db', 'engine'] });
