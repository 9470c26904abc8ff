import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest, etagOf } from '../http/apiError.ts';
import { textsIn } from '../http/serverTexts.ts';
import { ifMatchOf, toId, userOf } from '../http/requestHelpers.ts';
import { listPage, listQueryOf, listQuerySchema } from '../http/listQuery.ts';
import { JsonObjectBody, Success, errorResponses, idParams, ref } from '../http/routeSchemas.ts';
import type { AuthUser } from '../types.ts';
import { Broker, Client, ClientList, History, SecondInsureds, type ClientView } from './clientSchemas.ts';
import { requireOwner, type ClientAccess } from './accessOf.ts';
import { clientChecks } from './clientRules.ts';
import { languageOf } from '../http/languageOf.ts';
import { CLIENT_ORDER_FIELDS } from './createClientStore.ts';
import { validateClient } from './validateClient.ts';

/** The history's one ordering: when (the entry's id follows it). */
const HISTORY_ORDER_FIELDS = ['at'] as const;

/** The one thing GET /clients/{id}/ can include. */
const INCLUDE = 'life_applications';

/**
 * The client routes (encapsulated): GET/POST /clients/, GET/PATCH/DELETE /clients/{id}/, GET /brokers/. A client's fields are
 * the client profile form's and a proposed insured's; both sets of rules come from the definitions.
 */
export const clientRoutes = fp(
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = app.database;
    const { audit, clients, screening } = app;
    // The checks in each language: the same rules, the messages in the request's language.
    const checksIn = { en: clientChecks(app.engine), fr: clientChecks(app.engine, 'fr') };

    /** Tells each client whether it is the user's own or shared with them as a broker (one query for a list). */
    const withAccess = async <T extends ClientView>(
      user: AuthUser,
      views: T[],
    ): Promise<(T & { access: ClientAccess })[]> => {
      const ids = views.map((v) => v.id);
      const own = ids.length
        ? new Set(
            (
              await db
                .selectFrom('clients')
                .select('id')
                .where('owner_user_id', '=', user.id)
                .where('id', 'in', ids)
                .execute()
            ).map((r) => r.id),
          )
        : new Set<number>();
      return views.map((v) => ({ ...v, access: own.has(v.id) ? 'owner' : 'broker' }));
    };
    /**
     * Why the client's fields that are answers cannot change now (PATCH refuses them), in the request's language, with
     * which fields; null when they may. The profile page shows them read-only before anyone types.
     */
    const lockedOf = async (request: FastifyRequest, id: number) => {
      const lock = await screening.recordLockOf(id);
      return lock
        ? { ...lock, message: textsIn(languageOf(request))(lock.message), fields: [...screening.answerFields] }
        : null;
    };
    const brokerEmails = async (): Promise<Set<string>> =>
      new Set((await db.selectFrom('brokers').select('email').execute()).map((b) => b.email.toLowerCase()));

    app.get(
      '/clients/',
      {
        schema: {
          tags: ['clients'],
          summary:
            "One page of the user's clients (Django REST framework's page-number pagination): count is the whole filtered list's, next and previous the pages either side; newest change first unless ?ordering= says otherwise; ?search= matches name, email or phone",
          querystring: Type.Object(
            listQuerySchema(CLIENT_ORDER_FIELDS, '-updated_at', 'Words to find in the name, email or phone'),
          ),
          response: {
            200: ClientList,
            ...errorResponses(400, 401),
            404: { ...errorResponses(404)[404], description: 'A page after the last: {"error": "Invalid page."}' },
          },
        },
      },
      async (request) => {
        const user = userOf(request);
        const query = listQueryOf<(typeof CLIENT_ORDER_FIELDS)[number]>(request, [{ field: 'updated_at', desc: true }]);
        const { count, results } = await clients.list(user, query);
        return listPage(request, query, count, results);
      },
    );

    app.post(
      '/clients/',
      {
        schema: {
          tags: ['clients'],
          summary:
            "Create a client (the profile form's required fields); also takes a proposed insured's fields, checked by the proposed-insured rules",
          // The client profile form's and the proposed insured's rules check it, with their messages.
          body: JsonObjectBody,
          response: { 201: Client, ...errorResponses(400, 401) },
          document: { body: ref('ClientInput') },
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        const v = validateClient(request.body, undefined, {
          partial: false,
          checks: checksIn[languageOf(request)],
          brokers: await brokerEmails(),
        });
        if (v.errors.length) throw badRequest(v.errors);
        const id = await clients.create(user.id, v.fields, v.brokers ?? [], undefined, user.id);
        return reply.code(201).send({ ...(await clients.get(user, id)), access: 'owner' });
      },
    );

    app.get(
      '/clients/:id/',
      {
        schema: {
          tags: ['clients'],
          summary:
            'One client; ?include=life_applications adds its applications; $locked says which of its fields cannot change now (an application holding them was submitted), or null',
          params: idParams('id'),
          // An unknown include is refused rather than ignored: a caller's typo would otherwise look like "no applications".
          querystring: Type.Object({
            include: Type.Optional(Type.String({ enum: [INCLUDE], errorMessage: `include must be ${INCLUDE}` })),
          }),
          response: { 200: Client, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        const id = toId(request.params.id);
        const { include } = request.query;
        const client = await clients.get(user, id);
        void reply.header('etag', etagOf(client.version));
        if (include === INCLUDE) client.life_applications = await app.applications.list(user, id);
        return { ...(await withAccess(user, [client]))[0], $locked: await lockedOf(request, id) };
      },
    );

    app.patch(
      '/clients/:id/',
      {
        schema: {
          tags: ['clients'],
          summary:
            "Change some fields of a client: the profile form's rules and, for a proposed insured's fields, the proposed-insured rules (for the fields given). A change to a field that is an answer of a submitted application (GET's $locked) is refused with 400, as a save of the step would be",
          params: idParams('id'),
          body: JsonObjectBody,
          response: { 200: Client, ...errorResponses(400, 401, 403, 404, 412) },
          document: { body: ref('ClientPatch') },
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        const id = toId(request.params.id);
        // Checked against the client as it is when this change's turn comes, and answered as this change left it.
        const client = await clients.inTurn(id, async () => {
          const stored = await clients.get(user, id);
          const v = validateClient(request.body, stored, {
            partial: true,
            checks: checksIn[languageOf(request)],
            brokers: await brokerEmails(),
          });
          if (v.errors.length) throw badRequest(v.errors);
          // The fields that are also a screening's answers (a proposed insured's) are locked as the screening's are:
          // refused as a save of the step would be, with the same message; the others (brokers, say) may change.
          const changed = screening.answerFields.filter(
            (f) => f in v.fields && JSON.stringify(v.fields[f] ?? null) !== JSON.stringify(stored[f] ?? null),
          );
          if (changed.length) {
            const lock = await screening.recordLockOf(id);
            if (lock)
              throw new ApiError(400, {
                error: lock.message,
                errors: [{ field: 'application', message: lock.message }],
              });
          }
          // Who a client is shared with is its adviser's choice; a broker's save may send the list back unchanged.
          if (v.brokers && [...v.brokers].sort().join('\n') !== [...stored.brokers].sort().join('\n')) {
            await requireOwner(db, user, id, "Only the client's adviser can change its brokers");
          }
          await clients.update(id, v.fields, v.brokers, undefined, user.id, ifMatchOf(request));
          return (await withAccess(user, [await clients.get(user, id)]))[0];
        });
        void reply.header('etag', etagOf(client.version));
        return client;
      },
    );

    app.get(
      '/clients/:id/history/',
      {
        schema: {
          tags: ['clients'],
          summary:
            "Who changed the client's records and when: each change with its fields, from what to what (SINs masked), newest first (?ordering=at: oldest first), a page at a time (?page=, ?page_size=); ?before=<entry id> with ?limit= reads back from an entry instead",
          params: idParams('id'),
          // Query values arrive as text (nothing is coerced): whole numbers in range, by pattern.
          querystring: Type.Object(
            {
              ...listQuerySchema(HISTORY_ORDER_FIELDS, '-at'),
              before: Type.Optional(
                Type.String({
                  pattern:
                    '^(?:[1-9][0-9]{0,8}|1[0-9]{9}|20[0-9]{8}|21[0-3][0-9]{7}|214[0-6][0-9]{6}|2147[0-3][0-9]{5}|21474[0-7][0-9]{4}|214748[0-2][0-9]{3}|2147483[0-5][0-9]{2}|21474836[0-3][0-9]|214748364[0-7])$',
                  description: 'Only entries older than this one',
                  errorMessage: 'before must be the id of an entry',
                }),
              ),
              limit: Type.Optional(
                Type.String({
                  pattern: '^(?:[1-9][0-9]?|[1-4][0-9]{2}|500)$',
                  description: 'With before: how many entries, from 1 to 500',
                  errorMessage: 'limit must be a whole number from 1 to 500',
                }),
              ),
            },
            { additionalProperties: false },
          ),
          response: {
            200: History,
            ...errorResponses(400, 401),
            404: {
              ...errorResponses(404)[404],
              description: 'Not found: no such client, or a page after the last ("Invalid page.")',
            },
          },
        },
      },
      async (request) => {
        const user = userOf(request);
        const id = toId(request.params.id);
        await clients.requireAccess(user, id);
        const before = request.query.before === undefined ? undefined : Number(request.query.before);
        const limit = request.query.limit === undefined ? undefined : Number(request.query.limit);
        const query = listQueryOf(request, [{ field: 'at', desc: true }]);
        const oldestFirst = query.ordering[0]?.desc === false;
        if (before !== undefined || limit !== undefined) {
          // Reading back from an entry (the History panel's "Show older"): the next link goes on from the last one.
          const results = await audit.history(id, { before, limit, oldestFirst });
          const count = await audit.count(id, before);
          const more = results.length < count && !oldestFirst;
          const path = request.originalUrl.split('?', 1)[0];
          const next = more ? `${path}?before=${results[results.length - 1]?.id}&limit=${limit ?? 100}` : null;
          return { count, next, previous: null, results };
        }
        const count = await audit.count(id);
        const results =
          query.offset < count
            ? await audit.history(id, { limit: query.pageSize, offset: query.offset, oldestFirst })
            : [];
        return listPage(request, query, count, results);
      },
    );

    app.get(
      '/clients/:id/second_insureds/',
      {
        schema: {
          tags: ['clients'],
          summary:
            "The second insureds this client's screening created that nothing else uses (no other client's application names them, and they have no screening or application of their own): what DELETE /clients/{id}/?delete_second_insureds=true deletes too. Its adviser only: a broker gets 403",
          params: idParams('id'),
          response: {
            200: SecondInsureds,
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (request) => {
        const user = userOf(request);
        const id = toId(request.params.id);
        await requireOwner(db, user, id, "Only the client's adviser can delete this client");
        return { results: await clients.secondInsureds(user, id) };
      },
    );

    app.delete(
      '/clients/:id/',
      {
        schema: {
          tags: ['clients'],
          summary:
            'Delete a client with its applications, progress, screening records and generated PDFs (its adviser only: a broker gets 403)',
          description:
            'With delete_second_insureds=true, the second insureds its screening created that nothing else uses (GET /clients/{id}/second_insureds/) are deleted too; without it they stay, as clients of their own.',
          params: idParams('id'),
          querystring: Type.Object(
            {
              delete_second_insureds: Type.Optional(
                Type.String({
                  enum: ['true', 'false'],
                  default: 'false',
                  description: "Also delete the second insureds the client's screening created that nothing else uses",
                  errorMessage: 'delete_second_insureds must be true or false',
                }),
              ),
            },
            { additionalProperties: false },
          ),
          response: { 200: Success, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const user = userOf(request);
        const id = toId(request.params.id);
        const choice = request.query.delete_second_insureds ?? 'false';
        await requireOwner(db, user, id, "Only the client's adviser can delete this client");
        // The generated PDFs go with the client: their keys are read before the records that list them are deleted.
        const keys = await clients.inTurn(id, async () => {
          const listed = await app.applications.fileKeys(id);
          await clients.remove(user, id, choice === 'true');
          return listed;
        });
        // What the delete removed leaves no copy in the database's files (SQLite: the WAL is checkpointed away).
        await app.database.eraseDeleted();
        await Promise.all(
          keys.map((key) =>
            app.files
              .delete(key)
              .catch((err: unknown) => request.log.warn({ err, key }, 'could not delete a generated file')),
          ),
        );
        return { success: true } as const;
      },
    );

    app.get(
      '/brokers/',
      {
        schema: {
          tags: ['brokers'],
          summary:
            'Brokers a client can list; the account an administrator made a broker for that email sees that client',
          response: { 200: Type.Array(Broker), ...errorResponses(401) },
        },
      },
      async () => db.selectFrom('brokers').select(['id', 'name', 'email']).orderBy('name').execute(),
    );
  },
  {
    name: 'clientRoutes',
    encapsulate: true,
    dependencies: ['db', 'engine', 'auth', 'audit', 'clients', 'screening', 'applications', 'files'],
  },
);
