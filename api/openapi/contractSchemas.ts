import type { ContractCall, ContractDefinition } from '../../engine/index.ts';
import type { JsonObject } from '../types.ts';
import { CLIENT_ID, schemaRef, stepSchemaName } from './namedSchemas.ts';
import { AnyJson, ErrorAnswer, JsonObjectBody } from '../http/routeSchemas.ts';
import { toSchemaObject } from './toSchemaObject.ts';

type Schema = JsonObject;

const isObject = (v: unknown): v is JsonObject => !!v && typeof v === 'object' && !Array.isArray(v);

/** The step record's top-level fields as references into its component. */
function stepProperties(stepId: string, schema: JsonObject, except: string[] = []): { [name: string]: Schema } {
  const names = Object.keys((schema.properties ?? {}) as object).filter((n) => !except.includes(n));
  return Object.fromEntries(
    names.map((n) => [n, { $ref: `#/components/schemas/${stepSchemaName(stepId)}/properties/${n}` }]),
  );
}

/**
 * The schema of what a mapping document (mapDocument) produces, as far as it can be read without data: literal
 * objects, the step record spread or referenced, the client id, constants and templates. Anything computed (JSON-Logic)
 * is documented as any JSON value.
 */
function shapeOf(
  node: unknown,
  stepId: string,
  schema: JsonObject,
  templates: { [name: string]: unknown },
  depth = 0,
): Schema {
  if (depth > 8) return {};
  if (node === null || typeof node !== 'object') return { const: node };
  if (Array.isArray(node))
    return { type: 'array', items: node.length === 1 ? shapeOf(node[0], stepId, schema, templates, depth + 1) : {} };
  const own = node as JsonObject;
  const v = own.var;
  if (Object.keys(own).length === 1 && typeof v === 'string') {
    if (v === '$record') return schemaRef(stepSchemaName(stepId));
    if (v === '$clientId') return { type: 'integer', minimum: 1 };
    const field = /^\$record\.([A-Za-z0-9_]+)$/.exec(v)?.[1];
    if (field && isObject(schema.properties) && field in schema.properties)
      return { $ref: `#/components/schemas/${stepSchemaName(stepId)}/properties/${field}` };
    return {};
  }
  if (typeof own.$use === 'string' && Object.keys(own).length === 1)
    return shapeOf(templates[own.$use], stepId, schema, templates, depth + 1);
  // JSON-Logic's if: one of its branches (the values at odd places, and the last).
  if (Array.isArray(own.if) && Object.keys(own).length === 1) {
    const branches = own.if
      .filter((_, i, all) => i % 2 === 1 || i === all.length - 1)
      .map((b) => shapeOf(b, stepId, schema, templates, depth + 1));
    return branches.some((b) => Object.keys(b).length === 0) ? {} : { anyOf: branches };
  }
  const keys = Object.keys(own);
  // A JSON-Logic operation or a directive other than a plain spread: computed.
  if (
    keys.some((k) => k.startsWith('$') && !['$spread', '$except', '$when'].includes(k)) ||
    (keys.length === 1 && !keys[0].startsWith('$') && !isObject(own[keys[0]]) && Array.isArray(own[keys[0]]))
  )
    return {};
  const properties: { [name: string]: Schema } = {};
  const required: string[] = [];
  if (isObject(own.$spread) && own.$spread.var === '$record')
    Object.assign(
      properties,
      stepProperties(stepId, schema, Array.isArray(own.$except) ? (own.$except as string[]) : []),
    );
  else if (own.$spread !== undefined) return {};
  for (const [key, value] of Object.entries(own)) {
    if (key.startsWith('$')) continue;
    properties[key] = shapeOf(value, stepId, schema, templates, depth + 1);
    const conditional = isObject(value) && ('$when' in value || '$optional' in value);
    if (!conditional) required.push(key);
  }
  const object: Schema = { type: 'object', properties, ...(required.length ? { required } : {}) };
  return '$when' in own ? { anyOf: [object, { type: 'null' }] } : object;
}

/** The body of a call whose record is the request body spread (less some fields) into the step record. */
function bodyOf(stepId: string, schema: JsonObject, call: ContractCall): Schema | undefined {
  const inBody = call.clientId.from.filter((s) => s.startsWith('body.')).map((s) => s.slice('body.'.length));
  const ids = (properties: { [name: string]: Schema }): void => {
    // The first of the call's client id fields that is given is read; the others are ignored.
    for (const name of inBody)
      properties[name] =
        name === inBody[0] ? CLIENT_ID : { deprecated: true, description: `Read only when ${inBody[0]} is absent` };
  };
  const required = inBody.length
    ? { anyOf: inBody.map((name, i) => ({ required: [name], ...(i ? { properties: { [name]: CLIENT_ID } } : {}) })) }
    : {};
  if (call.body) {
    // The contract describes a body its mapping reshapes; its $refs point into the step schema.
    const described = toSchemaObject(call.body, `#/components/schemas/${stepSchemaName(stepId)}`);
    const properties = { ...((described.properties ?? {}) as { [name: string]: Schema }) };
    ids(properties);
    return { type: 'object', ...described, properties, ...required };
  }
  const record = call.record ?? { $spread: { var: '$body' } };
  if (!isObject(record) || !isObject(record.$spread) || record.$spread.var !== '$body') return undefined;
  const except = Array.isArray(record.$except) ? (record.$except as string[]) : [];
  const properties: { [name: string]: Schema } = { ...stepProperties(stepId, schema) };
  for (const name of except)
    properties[name] = {
      description: `Not part of the record: read by the call's mapping (steps/${stepId}/contract.json), or ignored`,
    };
  ids(properties);
  return {
    type: 'object',
    description: `The ${stepId} record's fields (steps/${stepId}/schema.json), checked with its rules${call.action === 'merge' ? '; only the fields given are merged and checked' : ''}.`,
    properties,
    additionalProperties: false,
    ...required,
  };
}

/** The query of a GET call that names its client there: the first name read, the others only without it. */
function documentedQuery(query: string[]): Schema {
  return {
    type: 'object',
    properties: Object.fromEntries(
      query.map((q, i) => [
        q,
        i === 0
          ? { type: 'string', pattern: '^[1-9][0-9]*$', description: 'The client id' }
          : { type: 'string', deprecated: true, description: `Read only when ${query[0]} is absent` },
      ]),
    ),
    ...(query.includes('client_id') ? { required: ['client_id'] } : {}),
  };
}

/**
 * The route schema of one of the spec's legacy calls, from its contract: path and query parameters where the call
 * reads the client id, the body the call maps into the step record, and the answer its response mapping builds.
 * @param stepId - the step the call belongs to
 * @param title - the step's flow title (the tag)
 * @param schema - the step's record schema
 * @param contract - the step's contract.json
 * @param call - the call
 */
export function contractRouteSchema(
  stepId: string,
  title: string,
  schema: JsonObject,
  contract: ContractDefinition,
  call: ContractCall,
): JsonObject {
  const params = [...call.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
  const hasBody = call.method !== 'GET';
  const query = hasBody
    ? []
    : call.clientId.from.filter((s) => s.startsWith('query.')).map((s) => s.slice('query.'.length));
  const templates = contract.templates ?? {};
  // A fact of linked records (contract.json `context`) is a list of client records.
  const fact =
    call.action === 'context' && call.fact && contract.context?.[call.fact]?.linkedRecords
      ? { type: 'array', items: schemaRef('Client') }
      : {};
  const answer =
    call.action === 'context' && JSON.stringify(call.response) === '{"var":"$fact"}'
      ? fact
      : shapeOf(call.response, stepId, schema, templates);
  const missing = call.action === 'load' && call.whenMissing === undefined ? [404] : [];
  const documentedBody = hasBody
    ? (bodyOf(stepId, schema, call) ?? {
        type: 'object',
        properties: { client_id: CLIENT_ID },
        description: `The ${stepId} record in the spec's envelope (steps/${stepId}/contract.json maps it into the record, which steps/${stepId}/schema.json and its rules check).`,
      })
    : undefined;
  // Fastify checks the path; the body, the query's client id and the answer are the call's mapping's (its contract
  // says where the id is and with which message), checked by the engine: documented here.
  return {
    ...(hasBody ? { 'x-clearsHiddenAnswers': true } : {}),
    tags: [`screening: ${title.toLowerCase()}`],
    summary: call.summary,
    ...(params.length
      ? {
          params: {
            type: 'object',
            properties: Object.fromEntries(
              params.map((p) => [p, { type: 'string', pattern: '^[1-9][0-9]{0,9}$', description: 'A client id' }]),
            ),
            required: params,
          },
        }
      : {}),
    ...(hasBody ? { body: JsonObjectBody } : {}),
    response: { 200: AnyJson, 400: ErrorAnswer, 404: ErrorAnswer },
    document: {
      ...(query.length ? { querystring: documentedQuery(query) } : {}),
      ...(documentedBody ? { body: documentedBody } : {}),
      response: {
        200: answer,
        404: {
          ...schemaRef('ErrorAnswer'),
          description: missing.length ? 'No such client, or nothing saved yet' : "No such client (or not the user's)",
        },
      },
    },
  };
}
