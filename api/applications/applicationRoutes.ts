import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { notFound } from '../http/apiError.ts';
import { listPage, listQueryOf, listQuerySchema } from '../http/listQuery.ts';
import { clientIdFrom, toId, userOf } from '../http/requestHelpers.ts';
import { JsonObjectBody, errorResponses, idParams, ref } from '../http/routeSchemas.ts';
import { ApplicationList, LifeApplication, LifeApplicationList } from './applicationSchemas.ts';
import { APPLICATION_ORDER_FIELDS, type ApplicationQuery } from './applicationsPlugin.ts';

/**
 * The application routes (encapsulated): create one, the paged list of every application the user may see, and one
 * client's applications.
 */
export const applicationRoutes = fp(
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const { engine, screening, clients, applications: store } = app;

    app.post(
      '/applications/create_new_application/',
      {
        schema: {
          tags: ['applications'],
          summary:
            "Create a DRAFT application for a client; the client's screening belongs to it from now on, and its type, product, insureds and face amount follow the screening",
          // The client id as the spec's calls send it: read with their messages (requestHelpers.clientIdFrom).
          body: JsonObjectBody,
          response: { 201: LifeApplication, ...errorResponses(400, 401, 404) },
          document: { body: ref('NewApplicationRequest') },
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        const clientId = clientIdFrom(request, 'Client ID is required');
        const data = await screening.load(user, clientId);
        const id = await store.create(clientId, data, user.id);
        const created = (await store.list(user, clientId)).find((a) => a.id === id);
        // Listed as the user sees it; a client deleted meanwhile has none to show.
        if (!created) throw notFound();
        return reply.code(201).send(created);
      },
    );

    // The insurers an application can be generated for: the final step's choice of forms.
    const finalSchema = engine.definitions.steps[engine.finalStep]?.schema as
      { properties?: { populate_forms?: { items?: { enum?: unknown[] } } } } | undefined;
    // The statuses of the life cycle (steps/lifecycle.json), least advanced first.
    const statuses = Object.keys(engine.definitions.lifecycle?.statuses ?? {});
    const insurers = (finalSchema?.properties?.populate_forms?.items?.enum ?? []).filter(
      (v): v is string => typeof v === 'string',
    );

    app.get(
      '/applications/',
      {
        schema: {
          tags: ['applications'],
          summary:
            "One page of the applications of the user's clients (Django REST framework's page-number pagination), with status and generated PDFs: newest first unless ?ordering= says otherwise; ?search= matches the client's name, email or phone; ?status= and ?insurer= filter",
          querystring: Type.Object({
            ...listQuerySchema(
              APPLICATION_ORDER_FIELDS,
              '-created_at',
              "Words to find in the client's name, email or phone",
            ),
            status: Type.Optional(
              Type.String({
                enum: statuses,
                description: 'Only applications in this status',
                errorMessage: `status must be one of ${statuses.join(', ')}`,
              }),
            ),
            insurer: Type.Optional(
              Type.String({
                enum: insurers,
                description: 'Only applications with PDFs generated for this insurer (an id of populate_forms)',
                errorMessage: `insurer must be one of ${insurers.join(', ')}`,
              }),
            ),
          }),
          response: {
            200: ApplicationList,
            ...errorResponses(400, 401),
            404: { ...errorResponses(404)[404], description: 'A page after the last: {"error": "Invalid page."}' },
          },
        },
      },
      async (request) => {
        const query: ApplicationQuery = listQueryOf(request, [{ field: 'created_at', desc: true }]);
        const { status, insurer } = request.query;
        const { count, results } = await store.page(userOf(request), { ...query, status, insurer });
        return listPage(request, query, count, results);
      },
    );

    app.get(
      '/clients/:clientId/applications/',
      {
        schema: {
          tags: ['applications'],
          summary: 'The applications of one client, newest first, with their generated PDFs',
          params: idParams('clientId'),
          response: { 200: LifeApplicationList, ...errorResponses(401, 404) },
        },
      },
      async (request) => {
        const user = userOf(request);
        const clientId = toId(request.params.clientId);
        await clients.requireAccess(user, clientId);
        return store.list(user, clientId);
      },
    );
  },
  {
    name: 'applicationRoutes',
    encapsulate: true,
    dependencies: ['engine', 'auth', 'screening', 'clients', 'applications'],
  },
);
