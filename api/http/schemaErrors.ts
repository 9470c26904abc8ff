import type { FastifySchemaValidationError } from 'fastify';
import type { SchemaErrorFormatter } from 'fastify/types/schema.js';
import type { FieldError } from '../types.ts';
import { ApiError, badRequest, notFound } from './apiError.ts';

type AjvError = FastifySchemaValidationError & {
  params: { missingProperty?: string; additionalProperty?: string; errors?: AjvError[] };
};

/** The dotted path of the field an ajv error is about: the property a `required` misses is named too. */
function fieldOf(error: AjvError): string {
  const cause = error.keyword === 'errorMessage' ? (error.params.errors?.[0] ?? error) : error;
  const path = cause.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (cause.keyword === 'required' && cause.params.missingProperty) path.push(cause.params.missingProperty);
  if (cause.keyword === 'additionalProperties' && cause.params.additionalProperty)
    path.push(cause.params.additionalProperty);
  // A choice of a multiple-choice list is not a field of its own: the list is (its form shows one message under it).
  if (cause.keyword === 'enum' && /^[0-9]+$/.test(path[path.length - 1] ?? '')) path.pop();
  return path.join('.');
}

/**
 * Fastify's schemaErrorFormatter: what the route schemas refuse, in the spec's shape. A path parameter that is not
 * what the route wants names nothing (404, before the body is looked at); anything else is a 400 with the schema's
 * `errorMessage` texts (ajv-errors), one entry per field, the first as `error`.
 * @param errors - ajv's errors (allErrors is on: every field at fault)
 * @param part - which part of the request they are about
 */
export function schemaErrors(
  errors: FastifySchemaValidationError[],
  part: Parameters<SchemaErrorFormatter>[1],
): ApiError {
  if (part === 'params') return notFound();
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of errors as AjvError[]) {
    const field = fieldOf(error);
    if (seen.has(field)) continue;
    seen.add(field);
    const message =
      error.keyword === 'errorMessage' ? (error.message ?? '') : `${field || 'The request'} ${error.message ?? ''}`;
    out.push({ field, message: message.trim() });
  }
  return badRequest(out);
}
