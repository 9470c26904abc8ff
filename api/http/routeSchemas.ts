/**
 * The building blocks of the route schemas (TypeBox). Fastify validates requests with them (ajv with ajv-errors, so
 * an `errorMessage` is the answer's message) and writes answers with their compiled serializers; the type provider
 * types each handler's params, query and body from them; api/openapi documents the API from the same objects. A
 * schema with a `title` that names a shared schema (sharedSchemas.ts) is one component of the document.
 */
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';

/** Text or null. One `type` list, not anyOf: the serializer writes it without trying each branch. */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const { type, ...rest } = schema as unknown as { type: string };
  return Type.Unsafe({ ...rest, type: [type, 'null'] });
}

/** A record id in an answer. */
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** An id in a path: a positive integer of at most ten digits (larger ones name nothing, see toId). */
export const IdText = Type.String({ pattern: '^[1-9][0-9]{0,9}$', description: 'A positive integer id' });

/** Path parameters that are ids; a segment that is not one answers 404 (schemaErrors.ts). */
export function idParams<K extends string>(...names: K[]) {
  return Type.Object(Object.fromEntries(names.map((n) => [n, IdText])) as { [P in K]: typeof IdText });
}

/** One page of a list: Django REST framework's page-number pagination answer (api/http/listQuery.ts). */
export function ListPage<T extends TSchema>(item: T, title: string, description: string) {
  const link = Nullable(
    Type.String({
      description: 'The path of that page with the same parameters (page 1 has no page parameter), or null',
    }),
  );
  return Type.Object(
    {
      count: Type.Integer({ minimum: 0, description: 'Rows in the whole filtered list, not only this page' }),
      next: link,
      previous: link,
      results: Type.Array(item),
    },
    { title, description },
  );
}

/** A JSON object body whose fields another check reads (the engine's, with the definitions' messages). */
export const JsonObjectBody = Type.Record(Type.String(), Type.Unknown(), {
  errorMessage: { type: 'The request body must be a JSON object' },
});

/** An answer of any shape the serializer writes as JSON.stringify would (a step record, a spec call's answer). */
export const AnyJson = Type.Unknown();

export const FieldErrorSchema = Type.Object(
  {
    field: Type.String({ description: 'Dotted JSON path of the field at fault; empty when no field is' }),
    message: Type.String(),
  },
  { title: 'FieldError' },
);

export const ErrorAnswer = Type.Object(
  {
    error: Type.String({ description: 'The first message' }),
    errors: Type.Array(FieldErrorSchema),
    detail: Type.Optional(
      Type.String({ description: "Sign-up only: the first message again (the spec's sign-up screen reads detail)" }),
    ),
    current: Type.Optional(
      Type.Unknown({
        description: 'A 412 only: the record as stored now (send its version back as If-Match to save over it)',
      }),
    ),
    version: Type.Optional(
      Type.Integer({ description: 'A 412 only: the current version of the record (also its ETag)' }),
    ),
    link: Type.Optional(
      Type.String({
        description:
          "Generation only: the page that fixes the refusal (the adviser's profile, for a missing adviser code)",
      }),
    ),
    incomplete_steps: Type.Optional(
      Type.Array(Type.Object({ id: Type.String(), title: Type.String() }), {
        description: 'Generation only: the steps that apply but are not complete',
      }),
    ),
  },
  { title: 'ErrorAnswer', description: 'Every refusal: the first message, and each field at fault' },
);

/** The body of every refusal. */
export type ErrorBody = Static<typeof ErrorAnswer>;

export const Success = Type.Object({ success: Type.Literal(true) }, { title: 'Success' });

const descriptions: { [status: number]: string } = {
  400: 'Bad input: {"error": first message, "errors": [{field, message}]}',
  401: 'No token ("No authentication token found") or an unknown, revoked or expired one ("Invalid token")',
  403: "Only the client's adviser may do this (a broker it is shared with may not)",
  404: '{"error": "Not found"}: missing, or another user\'s',
  412: 'If-Match names another version than the stored one: {"error": "This step was changed in another window", "current": the record now, "version": n}, ETag the current version',
  429: 'Too many failed logins',
};

/** Documented error answers: each is the {error, errors} body. */
export function errorResponses<S extends number>(...statuses: S[]): { [K in S]: typeof ErrorAnswer } {
  const out = {} as { [K in S]: typeof ErrorAnswer };
  for (const s of statuses) out[s] = Object.assign({}, ErrorAnswer, { description: descriptions[s] });
  return out;
}

/**
 * A component of the API document that the definitions build (a step's record schema, `step_{stepId}` for each
 * step of the route's enum): for a route's `document` only, Fastify never reads it.
 */
export function ref(name: string, description?: string): { $ref: string; description?: string } {
  return { $ref: `#/components/schemas/${name}`, ...(description ? { description } : {}) };
}
