import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { etagOf, forbidden } from '../http/apiError.ts';
import { ifMatchOf, toId, userOf } from '../http/requestHelpers.ts';
import { languageOf } from '../http/languageOf.ts';
import { textsIn } from '../http/serverTexts.ts';
import { AnyJson, JsonObjectBody, Success, errorResponses, idParams, ref } from '../http/routeSchemas.ts';
import { progressRoutes } from './progressRoutes.ts';
import { ApplicationData, stepParams } from './screeningSchemas.ts';

const START_OVER_FORBIDDEN = "Only the client's adviser can start this screening over";

/**
 * The screening routes (encapsulated): the generic calls the web app uses (the whole application's data of a client,
 * the save of one step record, a partial save of a page, start over) and the spec's progress calls.
 */
export const screeningRoutes = fp(
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = app.database;
    const { records, screening } = app;
    const { engine } = app;
    // A step of the flow that is not a screening step (the review) has no record to load or save.
    const params = stepParams(engine.order.filter((id) => engine.isScreeningStep(id)));
    const stepDocument = (body: string | undefined, answer: string) => ({
      ...(body ? { body: ref('step_{stepId}', body) } : {}),
      response: { 200: ref('step_{stepId}', answer) },
    });

    app.get(
      '/screening/:clientId/',
      {
        schema: {
          tags: ['screening'],
          summary:
            'Every saved step record of the client, keyed by step id, with the proposed insureds read from their client records, $context (the facts the definitions read), $versions, $locked (why the answers cannot change now, or null), and with ?incomplete=true $incomplete (the answered steps that apply and are not in good order)',
          params: idParams('clientId'),
          querystring: Type.Object({
            incomplete: Type.Optional(
              Type.String({
                enum: ['true'],
                description:
                  'true: also $incomplete, the answered steps that apply and are not in good order (every step evaluated)',
                errorMessage: 'incomplete must be true when given',
              }),
            ),
          }),
          response: { 200: ApplicationData, ...errorResponses(401, 404) },
        },
      },
      async (request) => {
        const clientId = toId(request.params.clientId);
        const loaded = await screening.load(userOf(request), clientId, { facts: true });
        // Locked (an insurer holds the answers): the wizard shows the steps read-only, saying why, before anyone
        // types; the server decides, from the life cycle, as its save guard does.
        const lock = await screening.lockOf(clientId);
        const $locked = lock ? { ...lock, message: textsIn(languageOf(request))(lock.message) } : null;
        if (request.query.incomplete !== 'true') return { ...loaded, $locked };
        // The wizard's step list marks each answered step complete or not: judged here, with the definitions the
        // server already holds, so a step opened directly does not download every answered step's definition. Only
        // when asked: it evaluates every answered step.
        const $incomplete = engine
          .incompleteSteps(loaded)
          .filter((s) => !s.missing)
          .map((s) => s.id);
        return { ...loaded, $locked, $incomplete };
      },
    );

    app.get(
      '/screening/:clientId/:stepId/',
      {
        schema: {
          tags: ['screening'],
          summary:
            'One step record as stored, with its version as the ETag (send it back as If-Match to save over it); {} when none is saved',
          params,
          response: { 200: AnyJson, ...errorResponses(401, 404) },
          document: stepDocument(undefined, 'The step record ({} when none is saved)'),
        },
      },
      async (request, reply) => {
        const { stepId } = request.params;
        const clientId = toId(request.params.clientId);
        const data = await screening.load(userOf(request), clientId);
        const versions = (data.$versions ?? {}) as Record<string, number>;
        void reply.header('etag', etagOf(versions[stepId] ?? 0));
        return data[stepId] ?? {};
      },
    );

    /** PUT saves the step record whole, PATCH merges the top-level fields given: one save path either way. */
    const saveRoute = (
      method: 'PUT' | 'PATCH',
      schema: { summary: string; description?: string },
      body: string,
      answer: string,
    ) =>
      app.route({
        method,
        url: '/screening/:clientId/:stepId/',
        config: { metric: 'save' },
        schema: {
          tags: ['screening'],
          ...schema,
          'x-clearsHiddenAnswers': true,
          params,
          // The engine checks the record with the step's schema and rules; one path per step in the document.
          body: JsonObjectBody,
          response: { 200: AnyJson, ...errorResponses(400, 401, 404, 412) },
          document: stepDocument(body, answer),
        },
        handler: async (request, reply) => {
          const { stepId } = request.params;
          const clientId = toId(request.params.clientId);
          const save = method === 'PUT' ? screening.save : screening.merge;
          const saved = await save(userOf(request), clientId, stepId, request.body, {
            ifMatch: ifMatchOf(request),
            lang: languageOf(request),
          });
          void reply.headers(versionHeaders(saved));
          return saved.values;
        },
      });
    saveRoute(
      'PUT',
      {
        summary: "Save one step record whole; 400 with the definitions' messages when the engine finds errors",
        description:
          "The record's shape is steps/{stepId}/schema.json; the step's rules (rules.json) are checked too. With If-Match, a record saved since gets 412.",
      },
      'The step record',
      'The record as saved; its new version is the ETag',
    );
    saveRoute(
      'PATCH',
      {
        summary:
          'Save part of a step record ("Save Progress" of one page): the top-level fields given are merged into the stored record; for a step with pages only those pages are checked',
      },
      'Some top-level fields of the step record',
      'The whole record as saved; its new version is the ETag',
    );

    app.delete(
      '/screening/:clientId/',
      {
        schema: {
          tags: ['screening'],
          summary:
            "Start over: delete every step record and the progress of the client's screening; the client's profile (and insured 1's answers kept there) stays. Only the client's own adviser may.",
          params: idParams('clientId'),
          response: { 200: Success, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const user = userOf(request);
        const clientId = toId(request.params.clientId);
        await app.clients.requireAccess(user, clientId);
        // A broker the client lists may work on the screening, but throwing it away is its adviser's decision.
        if ((await app.clients.ownerOf(clientId)).ownerUserId !== user.id)
          throw forbidden('clientId', START_OVER_FORBIDDEN);
        await app.clients.inTurn(clientId, async () => {
          // Throwing the answers away changes them too: refused as a save would be (a submitted application's).
          await screening.checkChange(user, clientId, '*');
          const removed = Object.keys(await records.load(clientId)).sort();
          await db.transaction().execute(async (trx) => {
            // On the trail as one entry: which steps' answers were thrown away (their values are not copied there).
            await app.audit.record(trx, {
              clientId,
              userId: user.id,
              entity: 'step',
              entityId: '*',
              changes: removed.map((field) => ({ field, from: 'answered', to: null })),
            });
            await records.clear(clientId, trx);
            await trx.deleteFrom('screening_progress').where('client_id', '=', clientId).execute();
          });
        });
        return { success: true } as const;
      },
    );

    progressRoutes(app);

    /** The step's new version as the ETag; the other records the save wrote, as `basic="5"`, for the windows showing them. */
    function versionHeaders(saved: { version: number; others: Record<string, number> }): Record<string, string> {
      const others = Object.entries(saved.others)
        .map(([stepId, v]) => `${stepId}=${etagOf(v)}`)
        .join(', ');
      return { etag: etagOf(saved.version), ...(others ? { 'x-step-versions': others } : {}) };
    }
  },
  {
    name: 'screeningRoutes',
    encapsulate: true,
    dependencies: ['db', 'engine', 'auth', 'clients', 'secrets', 'screening', 'audit'],
  },
);
