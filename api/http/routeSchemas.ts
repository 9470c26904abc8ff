/**
 * Small builders for the route schemas. The schemas document the API (OpenAPI 3.1 at /api/docs, built by
 * api/openapi from them and from the definitions); the checks with the spec's messages are done by the engine and
 * validateClient, so bodies are only required to be JSON objects before a handler runs.
 */

type Schema = { [key: string]: unknown };

/** A named schema of the OpenAPI document (api/openapi/namedSchemas.ts). */
export function ref(name: string, description?: string): Schema {
  return { $ref: `#/components/schemas/${name}`, ...(description ? { description } : {}) };
}

const descriptions: { [status: number]: string } = {
  400: 'Bad input: {"error": first message, "errors": [{field, message}]}',
  401: 'No token ("No authentication token found") or an unknown, revoked or expired one ("Invalid token")',
  403: "Only the client's adviser may do this (a broker it is shared with may not)",
  404: '{"error": "Not found"}: missing, or another user\'s',
  412: 'If-Match names another version than the stored one: {"error": "This step was changed in another window", "current": the record now, "version": n}, ETag the current version',
  429: 'Too many failed logins',
};

/** Documented error answers: each is the {error, errors} body. */
export function errorResponses(...statuses: number[]): { [status: number]: Schema } {
  const out: { [status: number]: Schema } = {};
  for (const s of statuses) out[s] = ref('ErrorAnswer', descriptions[s]);
  return out;
}

/** A path parameter that is an id. */
export function idParams(...names: string[]): Schema {
  const properties: { [name: string]: Schema } = {};
  for (const n of names)
    properties[n] = { type: 'string', pattern: '^[1-9][0-9]{0,9}$', description: 'A positive integer id' };
  return { type: 'object', properties, required: names };
}
