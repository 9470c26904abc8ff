import type { FastifyError } from 'fastify';
import type { ErrorInput } from './apiError.ts';
import type { ErrorBody } from './routeSchemas.ts';
import { ApiError } from './apiError.ts';
import type { Translate } from './serverTexts.ts';

/** Fixed texts for the statuses fastify produces itself: its own messages echo the path or a header. */
export const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  408: 'Request timeout',
  414: 'The address is too long',
  429: 'Too many requests. Please try again later.',
  431: 'The request headers are too large',
};

/**
 * A general 4xx body: `errors` holds one entry with no field, so every error answer has `{error, errors}`.
 * @param message - a fixed text, never part of the request
 */
export function inputError(message: string): ErrorBody {
  return { error: message, errors: [{ field: '', message }] };
}

/** The body with `errors` always present (an empty list when no field is at fault). */
export function withErrors(body: ErrorInput): ErrorBody {
  return { ...body, errors: body.errors ?? [] };
}

/**
 * Any error thrown while answering, as a status and the spec's JSON shape. Fastify's own errors (body parsing,
 * content type, size, a bad URL, an over-long id) get fixed texts; anything else unexpected is a 500.
 * @param error - what a handler, hook or fastify threw
 * @returns - the status and body to send
 */
export function toErrorAnswer(error: FastifyError): { status: number; body: ErrorBody } {
  if (error instanceof ApiError) return { status: error.statusCode, body: withErrors(error.body) };
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 400, body: inputError('The request body is too large') };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 400, body: inputError('Content-Type must be application/json') };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: inputError('Invalid JSON') };
    case 'FST_ERR_BAD_URL':
      return { status: 400, body: inputError('The address is not valid') };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, body: inputError(STATUS_TEXT[414]) };
  }
  if (error.validation) return { status: 400, body: inputError('The request is not valid') };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const answered = status === 413 || status === 415 ? 400 : status;
    return { status: answered, body: inputError(STATUS_TEXT[answered] ?? STATUS_TEXT[400]) };
  }
  return { status: 500, body: { error: 'Internal server error', errors: [] } };
}

/**
 * An error body in the answer's language: its message and each field's, through the server's texts (textsIn). A
 * message already in that language (a step's, from the localized engine) is no English text and stays as it is.
 */
export function translateBody(body: ErrorBody, t: Translate): ErrorBody {
  return {
    ...body,
    error: t(body.error),
    ...(typeof body.detail === 'string' ? { detail: t(body.detail) } : {}),
    errors: body.errors.map((e) => ({ ...e, message: t(e.message) })),
  };
}
