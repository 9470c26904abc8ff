/**
 * Small builders for the route schemas. The schemas document the API (OpenAPI at /api/docs); the checks
 * with the spec's messages are done by the engine and validateClient, so bodies are only required to be
 * JSON objects before a handler runs.
 */

type Schema = { [key: string]: unknown };

/** A JSON object body with the given documented properties. */
export function objectBody(properties: { [name: string]: Schema } = {}, required: string[] = [], description?: string): Schema {
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: true, ...(description ? { description } : {}) };
}

export const errorBody: Schema = {
  type: 'object',
  properties: {
    error: { type: 'string', description: 'The first message' },
    errors: {
      type: 'array',
      items: { type: 'object', properties: { field: { type: 'string', description: 'Dotted JSON path' }, message: { type: 'string' } } },
    },
    detail: { type: 'string' },
  },
  required: ['error'],
};

const descriptions: { [status: number]: string } = {
  400: 'Bad input: {"error": first message, "errors": [{field, message}]}',
  401: 'No token ("No authentication token found") or an unknown, revoked or expired one ("Invalid token")',
  403: 'Visible to the user (a broker the client lists) but reserved to the client\'s adviser',
  404: '{"error": "Not found"}: missing, or another user\'s',
  429: 'Too many failed logins',
};

/** Documented error answers. */
export function errorResponses(...statuses: number[]): { [status: number]: Schema } {
  const out: { [status: number]: Schema } = {};
  for (const s of statuses) out[s] = { ...errorBody, description: descriptions[s] };
  return out;
}

/** A path parameter that is an id. */
export function idParams(...names: string[]): Schema {
  const properties: { [name: string]: Schema } = {};
  for (const n of names) properties[n] = { type: 'string', pattern: '^[0-9]+$' };
  return { type: 'object', properties, required: names };
}

/** A loose object (a step record or a client with its profile fields). */
export const anyObject: Schema = { type: 'object', additionalProperties: true };
