import type { FieldError } from '../types.ts';
import type { ErrorBody } from './routeSchemas.ts';

/** A refusal as thrown: `errors` may be left out (answered as []). */
export type ErrorInput = Omit<ErrorBody, 'errors'> & { errors?: ErrorBody['errors'] };

/** An answer other than 2xx, thrown by handlers and turned into JSON by the error handler. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly body: ErrorInput;
  /** Headers of the answer (the current ETag of a 412). */
  readonly headers: Record<string, string>;

  constructor(statusCode: number, body: ErrorInput, headers: Record<string, string> = {}) {
    super(body.error);
    this.statusCode = statusCode;
    this.body = body;
    this.headers = headers;
  }
}

/** The ETag of a record's version: a strong validator, quoted as HTTP wants. */
export function etagOf(version: number): string {
  return `"${version}"`;
}

/**
 * A 412: the record changed since the version the caller sent in If-Match. The answer carries the current record
 * and its version (also as the ETag), so the caller can show it or save again on top of it.
 * @param message - the text shown to the person (the step's or the client's)
 * @param current - the record as stored now
 * @param version - its version (0 when none is stored)
 */
export function preconditionFailed(message: string, current: unknown, version: number): ApiError {
  return new ApiError(
    412,
    { error: message, errors: [{ field: '', message }], current, version },
    { etag: etagOf(version) },
  );
}

/**
 * A 400 with the spec's shape: the first message as `error`, all of them in `errors`.
 * @param errors - at least one field error
 */
export function badRequest(errors: FieldError[]): ApiError {
  return new ApiError(400, { error: errors[0]?.message ?? 'Bad request', errors });
}

/** A 400 for one field. */
export function fieldError(field: string, message: string): ApiError {
  return badRequest([{ field, message }]);
}

/** 403 for a request the user may see but not make, in the usual shape. */
export function forbidden(field: string, message: string): ApiError {
  return new ApiError(403, { error: message, errors: [{ field, message }] });
}

/** 404 for anything that does not exist or belongs to someone else. */
export function notFound(): ApiError {
  return new ApiError(404, { error: 'Not found' });
}

/** 401 with the given message. */
export function unauthorized(message: string): ApiError {
  return new ApiError(401, { error: message });
}
