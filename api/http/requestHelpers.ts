import type { FastifyRequest } from 'fastify';
import { fieldError, notFound, unauthorized } from './apiError.ts';
import type { AuthUser, JsonObject } from '../types.ts';

/** The signed-in user of an authenticated route. */
export function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized('No authentication token found');
  return request.user;
}

/** An id from a path or body: a positive integer (or its decimal string); anything else is a 404. */
export function parseId(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^[0-9]{1,10}$/.test(text)) throw notFound();
  const id = Number(text);
  if (id <= 0 || id > 2_147_483_647) throw notFound();
  return id;
}

/** The number a path id names (its schema took only digits); an id past the database's integers names nothing. */
export function toId(text: string): number {
  const id = Number(text);
  if (id > 2_147_483_647) throw notFound();
  return id;
}

/** The JSON object body (the route's validator has already refused anything else). */
export function bodyOf(request: FastifyRequest): JsonObject {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as JsonObject) : {};
}

/** One query-string parameter as a string (the first when repeated). */
export function queryParam(request: FastifyRequest, name: string): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const value = query?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/**
 * The client id a spec call names in its body or query (`client_id`, or `clientId`), required.
 * @param message - the spec's text for a missing id ("Client ID is required" or "client_id is required")
 */
export function clientIdFrom(request: FastifyRequest, message = 'Client ID is required'): number {
  const body = bodyOf(request);
  const raw = body.client_id ?? body.clientId ?? queryParam(request, 'client_id') ?? queryParam(request, 'clientId');
  if (raw === undefined || raw === null || raw === '') throw fieldError('client_id', message);
  return parseClientId(raw);
}

export const INVALID_CLIENT_ID = 'Client ID must be a positive whole number';

/**
 * A client id given in a body or query: a malformed one is the caller's mistake (400); a well-formed id that names
 * no client of the user is a 404, as in a path.
 * @param raw - the value given (a number or its decimal text)
 */
export function parseClientId(raw: unknown): number {
  const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : raw;
  if (typeof text !== 'string' || !/^[1-9][0-9]*$/.test(text)) throw fieldError('client_id', INVALID_CLIENT_ID);
  return parseId(text);
}

/**
 * The version an If-Match header names (`"3"`, `W/"3"`): undefined without the header or with `*`; a version
 * that matches no record (-1) for anything that is not one of ours, so a bogus If-Match is refused, not ignored.
 */
export function ifMatchOf(request: FastifyRequest): number | undefined {
  const raw = request.headers['if-match'];
  if (raw === undefined) return undefined;
  const text = (Array.isArray(raw) ? raw[0] : raw).trim();
  if (text === '*') return undefined;
  const match = /^(?:W\/)?"([0-9]{1,9})"$/.exec(text);
  return match ? Number(match[1]) : -1;
}
