import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { badRequest } from '../http/apiError.ts';
import { clientIdFrom, userOf, toId } from '../http/requestHelpers.ts';
import { errorResponses, idParams, ref } from '../http/routeSchemas.ts';
import type { FieldError, JsonObject } from '../types.ts';
import { Progress, progressUpdate } from './screeningSchemas.ts';

type ProgressView = Static<typeof Progress>;

/**
 * The most a progress save may send: the drafts of every step at the bounds of their definitions (about 230 kB at
 * three bytes a character; the app sends one step's, at most about 50 kB).
 */
export const PROGRESS_BODY_LIMIT = 256 * 1024;
/** A page id as flow.json writes them (the API document says the same). */
export const PAGE_PATTERN = '^[A-Za-z0-9_-]{1,100}$';
const PAGE_ID = new RegExp(PAGE_PATTERN);
const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

function parseObject(text: string): JsonObject {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as JsonObject) : {};
  } catch {
    return {};
  }
}

/** Screening progress: where the adviser is in the 14 steps, per client. */
export function progressRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.database;
  const { engine, clients, secrets } = app;
  // "Save Progress" keeps a page's answers under their step id: their SINs are sealed as in the step records.
  const eachStep = (
    clientId: number,
    data: JsonObject,
    change: (clientId: number, stepId: string, record: JsonObject) => JsonObject,
  ): JsonObject =>
    Object.fromEntries(
      Object.entries(data).map(([key, value]) => [
        key,
        engine.isScreeningStep(key) && value && typeof value === 'object' && !Array.isArray(value)
          ? change(clientId, key, value as JsonObject)
          : value,
      ]),
    );

  app.get(
    '/insurance/screening-progress/get_progress/:clientId/',
    {
      schema: {
        tags: ['screening progress'],
        summary: 'The saved progress; with none saved: currentStep basic, lastUpdated null',
        params: idParams('clientId'),
        response: { 200: Progress, ...errorResponses(401, 404) },
      },
    },
    async (request): Promise<ProgressView> => {
      const clientId = toId(request.params.clientId);
      await clients.requireAccess(userOf(request), clientId);
      const row = await db
        .selectFrom('screening_progress')
        .selectAll()
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      if (!row) return { clientId, currentStep: engine.order[0], lastUpdated: null, isComplete: false, stepData: {} };
      return {
        clientId,
        currentStep: row.current_step,
        lastUpdated: row.last_updated,
        isComplete: row.is_complete === 1,
        stepData: eachStep(clientId, parseObject(row.step_data), secrets.open),
      };
    },
  );

  app.post(
    '/insurance/screening-progress/update_progress/',
    {
      bodyLimit: PROGRESS_BODY_LIMIT,
      schema: {
        tags: ['screening progress'],
        summary:
          "Record the current step; lastUpdated is the server's time and isComplete is derived from the step. stepData holds only `page` and drafts keyed by step id, each of its step's shape and bounds (unknown steps or fields are refused)",
        body: progressUpdate(engine.order),
        response: { 200: Progress, ...errorResponses(400, 401, 404) },
        document: { body: ref('ProgressUpdate') },
      },
    },
    async (request): Promise<ProgressView> => {
      const { currentStep: step, stepData = {} } = request.body;
      const draftProblems = (stepData: JsonObject): FieldError[] =>
        Object.entries(stepData).flatMap(([key, value]): FieldError[] => {
          if (key === 'page')
            return typeof value === 'string' && PAGE_ID.test(value)
              ? []
              : [{ field: 'stepData.page', message: 'Invalid page' }];
          if (!engine.isScreeningStep(key))
            return [{ field: `stepData.${key.slice(0, 100)}`, message: 'Unknown step' }];
          if (!isObject(value)) return [{ field: `stepData.${key}`, message: 'A step draft must be an object' }];
          return engine
            .draftErrors(key, value)
            .map((e) => ({ field: `stepData.${key}.${e.field}`, message: e.message }));
        });
      const clientId = clientIdFrom(request);
      await clients.requireAccess(userOf(request), clientId);
      // Only the page and step drafts, each of its step's shape and within its bounds (not yet its rules).
      const problems = draftProblems(stepData as JsonObject);
      if (problems.length) throw badRequest(problems.slice(0, 50));
      const values = {
        current_step: step,
        last_updated: new Date().toISOString(),
        is_complete: step === engine.finalStep ? 1 : 0,
        step_data: JSON.stringify(eachStep(clientId, stepData as JsonObject, secrets.seal)),
      };
      await db
        .insertInto('screening_progress')
        .values({ client_id: clientId, ...values })
        .onConflict((oc) => oc.column('client_id').doUpdateSet(values))
        .execute();
      return {
        clientId,
        currentStep: step,
        lastUpdated: values.last_updated,
        isComplete: values.is_complete === 1,
        stepData: stepData as JsonObject,
      };
    },
  );
}
