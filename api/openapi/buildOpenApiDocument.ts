import type { ServerEngine } from '../definitions/createServerEngine.ts';
import type { JsonObject } from '../types.ts';
import { namedSchemas, schemaRef } from './namedSchemas.ts';
import { toDocumentSchema } from './sharedSchemas.ts';

/** What the document needs of one registered route. */
export interface DocumentedRoute {
  method: string;
  url: string;
  schema?: JsonObject;
  /** The route needs no token. */
  isPublic: boolean;
  /** The route has a per-address rate limit (429). */
  rateLimited: boolean;
}

const ERROR_TEXT: { [status: number]: string } = {
  400: 'Bad input: {"error": first message, "errors": [{field, message}]}',
  401: 'No token ("No authentication token found") or an unknown, revoked or expired one ("Invalid token")',
  404: "Not found: missing, or not the user's",
  409: 'Conflict',
  412: 'The record changed since it was read (If-Match)',
  414: 'The address is too long',
  429: 'Too many requests',
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function errorResponse(status: number, description?: string): JsonObject {
  return {
    description: description ?? ERROR_TEXT[status] ?? 'Error',
    content: { 'application/json': { schema: schemaRef('ErrorAnswer') } },
  };
}

/** The Content-Language header of every JSON answer. */
const CONTENT_LANGUAGE = { 'Content-Language': { $ref: '#/components/headers/ContentLanguage' } };

/** A route schema's response entry as an OpenAPI Response Object. */
function responseObject(status: number, entry: JsonObject): JsonObject {
  const { description, content, headers, ...schema } = entry;
  if (content) return { description: description ?? String(status), ...(headers ? { headers } : {}), content };
  if (status >= 400 && (schema.$ref === '#/components/schemas/ErrorAnswer' || Object.keys(schema).length === 0))
    return errorResponse(status, description as string | undefined);
  return {
    description: description ?? 'Success',
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema } },
  };
}

/** Replaces `{name}` in every string of a node (a schema templated by a path parameter). */
function fill(node: unknown, name: string, value: string): unknown {
  if (typeof node === 'string') return node.split(`{${name}}`).join(value);
  if (Array.isArray(node)) return node.map((n) => fill(n, name, value));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node as JsonObject).map(([k, v]) => [k, fill(v, name, value)]));
}

/**
 * A route whose body or answer schemas name a path parameter (`step_{stepId}`) is documented once per value of that
 * parameter's enum, so each path carries its own exact schema.
 */
function expand(route: DocumentedRoute): DocumentedRoute[] {
  const params = (route.schema?.params as JsonObject | undefined)?.properties as
    { [name: string]: JsonObject } | undefined;
  const text = JSON.stringify({ body: route.schema?.body, response: route.schema?.response });
  for (const [name, param] of Object.entries(params ?? {})) {
    if (!Array.isArray(param.enum) || !text.includes(`{${name}}`)) continue;
    return (param.enum as string[]).flatMap((value) => {
      const { [name]: _drop, ...rest } = params ?? {};
      void _drop;
      const schema = fill(route.schema, name, value) as JsonObject;
      const paramSchema = schema.params as JsonObject;
      const required = ((paramSchema.required as string[] | undefined) ?? []).filter((r) => r !== name);
      return expand({
        ...route,
        url: route.url.replace(`:${name}`, value),
        schema: { ...schema, params: { ...paramSchema, properties: rest, required } },
      });
    });
  }
  return [route];
}

const PARTS = { path: 'params', query: 'querystring', header: 'headers' } as const;

function parameters(schema: JsonObject | undefined, where: 'path' | 'query' | 'header'): JsonObject[] {
  const part = schema?.[PARTS[where]] as JsonObject | undefined;
  const required = new Set((part?.required as string[] | undefined) ?? []);
  return Object.entries((part?.properties ?? {}) as { [name: string]: JsonObject }).map(([name, s]) => {
    const { description, ...rest } = s;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

function operationId(method: string, url: string): string {
  const words = url
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1)));
  return `${method}${words.map((w) => w[0].toUpperCase() + w.slice(1)).join('')}`;
}

function operation(route: DocumentedRoute, method: string): JsonObject {
  const schema = route.schema ?? {};
  // Request headers a route declares (If-Match, for one) are parameters too.
  const params = [...parameters(schema, 'path'), ...parameters(schema, 'query'), ...parameters(schema, 'header')];
  const responses: { [status: string]: JsonObject } = {};
  for (const [status, entry] of Object.entries((schema.response ?? {}) as { [status: string]: JsonObject }))
    responses[status] = responseObject(Number(status), entry);
  // What any route of the kind can answer, whatever its handler does.
  if (!responses['400']) responses['400'] = errorResponse(400, 'A malformed address or body');
  if (!route.isPublic && !responses['401']) responses['401'] = errorResponse(401);
  if (params.some((p) => p.in === 'path') && !responses['404']) responses['404'] = errorResponse(404);
  if (params.some((p) => p.in === 'path')) responses['414'] = errorResponse(414, 'An id longer than 200 characters');
  if (route.rateLimited)
    responses['429'] = errorResponse(429, 'Too many requests from this address; Retry-After says when to try again');
  // Every JSON answer says its language; a refusal's messages follow Accept-Language (or the account's language).
  for (const [status, response] of Object.entries(responses))
    if ((response.content as JsonObject | undefined)?.['application/json'])
      responses[status] = { ...response, headers: { ...(response.headers as JsonObject), ...CONTENT_LANGUAGE } };
  params.push({ $ref: '#/components/parameters/AcceptLanguage' });
  const body = schema.body as JsonObject | undefined;
  return {
    operationId: operationId(method, route.url),
    ...(schema.tags ? { tags: schema.tags } : {}),
    ...(schema.summary ? { summary: schema.summary } : {}),
    ...(schema.description ? { description: schema.description } : {}),
    ...(route.isPublic ? { security: [] } : {}),
    ...Object.fromEntries(Object.entries(schema).filter(([key]) => key.startsWith('x-'))),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
    responses,
  };
}

/**
 * A route's schema as documented: what the route's `document` says in place of its body or answers (a step record
 * the engine checks, documented with the step's schema), then every shared schema as a $ref to its component.
 */
function documented(schema: JsonObject | undefined): JsonObject | undefined {
  if (!schema) return schema;
  const { document, ...rest } = schema as JsonObject & {
    document?: { body?: unknown; querystring?: unknown; response?: JsonObject };
  };
  const merged: JsonObject = {
    ...rest,
    ...(document?.body !== undefined ? { body: document.body } : {}),
    ...(document?.querystring !== undefined ? { querystring: document.querystring } : {}),
    ...(document?.response ? { response: { ...(rest.response as JsonObject), ...document.response } } : {}),
  };
  return toDocumentSchema(merged) as JsonObject;
}

/**
 * The OpenAPI 3.1 document of the API, generated from what the server validates with: the routes' schemas (which
 * reference the named schemas), the step and form schemas of the definitions, and the spec calls' contracts.
 * @param routes - every route as registered (HEAD and hidden routes are left out)
 * @param engine - the server's engine
 * @returns - the document served at /api/docs
 */
export function buildOpenApiDocument(routes: DocumentedRoute[], engine: ServerEngine): JsonObject {
  const paths: { [path: string]: { [method: string]: JsonObject } } = {};
  for (const route of routes) {
    const method = route.method.toLowerCase();
    if (!METHODS.includes(method) || route.schema?.hide) continue;
    for (const one of expand({ ...route, schema: documented(route.schema) })) {
      const path = one.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
      paths[path] ??= {};
      paths[path][method] = operation(one, method);
    }
  }
  const sorted = Object.fromEntries(
    Object.keys(paths)
      .sort()
      .map((p) => [p, paths[p]]),
  );
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'Insure wizard API',
      version: `0.1.0+definitions.${engine.version}`,
      description:
        "Every path also answers without the /api prefix. Request and answer bodies are JSON; the step record schemas are the definitions' (steps/<id>/schema.json), with their messages as x-errorMessage. Rules that JSON Schema cannot say (cross-field rules, \"not in the future\") are described in the fields' descriptions and answered with 400. An operation marked x-clearsHiddenAnswers saves a step record: answers that the step's visibility rules hide are dropped before the check, whatever they hold, so such a body can be accepted although the schema refuses what the hidden field held; what is saved always fits the schema.",
    },
    servers: [{ url: '/api' }],
    security: [{ token: [] }],
    paths: sorted,
    components: {
      parameters: {
        AcceptLanguage: {
          name: 'Accept-Language',
          in: 'header',
          required: false,
          description:
            "The language of the answer's texts (error messages, the summary's labels, the life cycle's labels): fr or fr-CA for French, en for English, q-values honoured. Without fr or en, the signed-in account's language; without either, English, the spec's texts exactly.",
          schema: { type: 'string', examples: ['fr-CA,fr;q=0.9,en;q=0.8'] },
        },
      },
      headers: {
        ContentLanguage: {
          description: "The language of the answer's texts: en or fr",
          schema: { type: 'string', enum: ['en', 'fr'] },
        },
      },
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token {token}' } },
      schemas: namedSchemas(engine),
    },
  };
}
