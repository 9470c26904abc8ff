import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DocumentCheckError, mapDocument, getPath, setPath, splitPath } from '../../engine/index.ts';
import type { ContractCall, ContractDefinition, JsonObject } from '../../engine/index.ts';
import { fieldError, notFound } from '../http/apiError.ts';
import { bodyOf, ifMatchOf, parseClientId, parseId, queryParam, userOf } from '../http/requestHelpers.ts';
import { contractRouteSchema } from '../openapi/contractSchemas.ts';

const DEFAULT_ID_MESSAGE = 'Client ID is required';

/** The client id a call names, read from the places its contract lists, first found wins. */
function clientIdOf(request: FastifyRequest, call: ContractCall): number {
  for (const source of call.clientId.from) {
    const [where, name] = source.split('.') as ['params' | 'body' | 'query', string];
    const raw =
      where === 'body'
        ? bodyOf(request)[name]
        : where === 'query'
          ? queryParam(request, name)
          : (request.params as Record<string, unknown>)[name];
    if (raw !== undefined && raw !== null && raw !== '') return where === 'params' ? parseId(raw) : parseClientId(raw);
  }
  throw fieldError('client_id', call.clientId.message ?? DEFAULT_ID_MESSAGE);
}

/** Maps a record path to the caller's: the first segment's prefix from the call's errorPaths, else `*`'s. */
function pathMapper(map: unknown): ((path: string) => string) | undefined {
  if (!map || typeof map !== 'object' || Array.isArray(map) || Object.keys(map).length === 0) return undefined;
  const prefixes = map as Record<string, string>;
  return (path) => {
    const [first, ...rest] = path.split('.');
    const to = prefixes[first] ?? (path === '' ? undefined : prefixes['*'] && `${prefixes['*']}.${first}`);
    return to === undefined ? path : [to, ...rest].filter(Boolean).join('.');
  };
}

/**
 * The spec's record defaults, for a caller that leaves a field out: filled when neither the request nor the stored
 * record has the field. A dotted path is filled only inside an object the caller sent (no second insured is invented).
 */
function withDefaults(record: JsonObject, call: ContractCall, stored: JsonObject | undefined): JsonObject {
  let out = record;
  for (const [path, value] of Object.entries(call.defaults ?? {})) {
    const segments = splitPath(path);
    const parent = segments.length > 1 ? getPath(out, segments.slice(0, -1)) : out;
    if (!parent || typeof parent !== 'object' || Array.isArray(parent)) continue;
    if ((getPath(out, segments) ?? null) !== null) continue;
    if (call.action !== 'save' && (getPath(stored, segments) ?? null) !== null) continue;
    out = setPath(out, segments, value);
  }
  return out;
}

/**
 * The spec's legacy calls, one generic handler for all of them: each step's contract.json lists its calls (path,
 * where the client id is, load/save/merge/update, the request-to-record and record-to-answer mappings, error paths,
 * the record defaults for callers that leave a field out). Saves go through the one save path of the screening.
 */
export const contractRoutes = fp(
  async (app) => {
    const { engine, screening, clients } = app;
    for (const stepId of engine.order) {
      const step = engine.definitions.steps[stepId];
      const contract: ContractDefinition | undefined = step?.contract;
      for (const call of contract?.calls ?? []) {
        const templates = contract?.templates;
        const build = (node: unknown, scope: JsonObject): unknown =>
          mapDocument({ document: node, templates }, scope, (s, p, v) => engine.labelOf(s, p, v) || undefined);
        app.route({
          method: call.method,
          url: call.path,
          config: call.method === 'GET' ? {} : { metric: 'save' },
          schema: contractRouteSchema(stepId, step.flow.title, step.schema, contract ?? {}, call),
          handler: async (request) => {
            const user = userOf(request);
            const clientId = clientIdOf(request, call);
            const scope = {
              $clientId: clientId,
              $body: request.body ?? null,
              $query: request.query ?? {},
              $params: request.params ?? {},
            };
            if (call.action === 'context') {
              await clients.requireAccess(user, clientId);
              return build(call.response, { ...scope, $fact: await screening.fact(user, clientId, call.fact ?? '') });
            }
            const data = await screening.load(user, clientId);
            const stored = data[stepId];
            if (call.action === 'load') {
              if (!stored) {
                if (call.whenMissing !== undefined) return call.whenMissing;
                throw notFound();
              }
              return build(call.response, { ...data, ...scope, $record: data[stepId] ?? {} });
            }
            if (call.action === 'update' && !stored) throw notFound();
            let record: JsonObject;
            try {
              record = (mapDocument(
                { document: call.record ?? { $spread: { var: '$body' } }, templates, checks: call.checks },
                { ...data, ...scope, $stored: data[stepId] ?? null },
                (s, p, v) => engine.labelOf(s, p, v) || undefined,
              ) ?? {}) as JsonObject;
            } catch (error) {
              if (error instanceof DocumentCheckError) throw fieldError(error.field ?? '', error.message);
              throw error;
            }
            record = withDefaults(record, call, stored);
            const fieldPath = pathMapper(
              call.errorPaths === undefined ? undefined : build(call.errorPaths, { ...data, ...scope }),
            );
            const result =
              call.action === 'save'
                ? await screening.save(user, clientId, stepId, record, {
                    fieldPath,
                    loaded: data,
                    ifMatch: ifMatchOf(request),
                  })
                : await screening.merge(user, clientId, stepId, record, {
                    fieldPath,
                    loaded: data,
                    ifMatch: ifMatchOf(request),
                  });
            return build(call.response, { ...result.data, ...scope, $record: result.values });
          },
        });
      }
    }
  },
  { name: 'contractRoutes', encapsulate: true, dependencies: ['engine', 'auth', 'screening', 'clients'] },
);
