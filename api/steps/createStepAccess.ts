import type { FastifyRequest } from 'fastify';
import { notFound } from '../apiError.ts';
import { userOf } from '../requestHelpers.ts';
import { screeningContext } from '../screeningContext.ts';
import type { ApplicationData, JsonObject, ServerContext } from '../types.ts';

export interface StepAccess {
  /** All records of a client the user may see (404 otherwise). */
  load(request: FastifyRequest, clientId: number): Promise<ApplicationData>;
  /** One step's record; 404 when the client is not the user's or nothing is saved. */
  loadStep(request: FastifyRequest, clientId: number, stepId: string): Promise<JsonObject>;
  /** The generic save (engine check, one write), after the ownership check. */
  save(request: FastifyRequest, clientId: number, stepId: string, record: JsonObject, fieldPath?: (p: string) => string): Promise<JsonObject>;
  /**
   * Merges the given top-level fields into the stored record and saves it. For a step with pages, only errors of
   * the pages holding those fields refuse the save; a step without pages is checked whole.
   */
  merge(request: FastifyRequest, clientId: number, stepId: string, changes: JsonObject, fieldPath?: (p: string) => string): Promise<JsonObject>;
}

/** What the spec's per-step adapters share: the ownership rule, loading, and the one save path. */
export function createStepAccess(ctx: ServerContext): StepAccess {
  const access: StepAccess = {
    async load(request, clientId) {
      return ctx.screening.loadVisible(userOf(request), clientId);
    },
    async loadStep(request, clientId, stepId) {
      const record = (await access.load(request, clientId))[stepId];
      if (!record) throw notFound();
      return record;
    },
    async save(request, clientId, stepId, record, fieldPath) {
      const user = userOf(request);
      const data = await ctx.screening.loadVisible(user, clientId);
      return ctx.saveStep(clientId, stepId, record, { data, context: await screeningContext(ctx, user, clientId, stepId), fieldPath });
    },
    async merge(request, clientId, stepId, changes, fieldPath) {
      const user = userOf(request);
      const data = await ctx.screening.loadVisible(user, clientId);
      return ctx.saveStep(clientId, stepId, { ...data[stepId], ...changes }, {
        data,
        context: await screeningContext(ctx, user, clientId, stepId),
        fields: ctx.engine.pageFields(stepId, Object.keys(changes)),
        fieldPath,
      });
    },
  };
  return access;
}

/** A plain JSON object, or undefined. */
export function objectOr(value: unknown): JsonObject | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

/** The body without the spec envelope's bookkeeping keys that the step record does not hold. */
export function withoutKeys(body: JsonObject, keys: string[]): JsonObject {
  const out: JsonObject = { ...body };
  for (const k of keys) delete out[k];
  return out;
}

/** Renames the first segment of a dotted path: `insured_1.x` -> `insured_1.financial_data.x`. */
export function nestUnder(prefixes: { [first: string]: string }): (path: string) => string {
  return (path) => {
    const [first, ...rest] = path.split('.');
    const to = prefixes[first];
    return to === undefined ? path : [to, ...rest].filter(Boolean).join('.');
  };
}
