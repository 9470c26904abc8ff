import type { FastifyInstance } from 'fastify';
import { textProblems } from '../../engine/index.ts';
import { ApiError } from './apiError.ts';

/** Deeper bodies are refused: no step record nests anywhere near this. */
export const MAX_DEPTH = 32;

/** The nesting depth of a parsed JSON value, without recursion (so no stack overflow on hostile input). */
export function depthOf(value: unknown, limit = MAX_DEPTH): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    const depth = d + 1;
    if (depth > max) max = depth;
    if (max > limit) return max;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth]);
    }
  }
  return max;
}

/**
 * The dotted path of the first number in a parsed JSON value that is not finite (`1e309` parses to Infinity), or
 * undefined. Without recursion, like depthOf.
 */
export function nonFinitePath(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop() as [unknown, string];
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return path;
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    for (const [key, child] of Object.entries(v)) stack.push([child, path ? `${path}.${key}` : key]);
  }
  return undefined;
}

/** The message for a number JSON can write but no answer can hold. */
export const NON_FINITE_MESSAGE = 'Please enter a number within range';

/**
 * JSON bodies: fastify's own parser (which refuses __proto__ and constructor poisoning), an empty body read as
 * no body, a depth limit, no string holding what is not text (engine/textRule), and no number JSON.parse turns into
 * Infinity. Errors become 400s with the usual JSON shape.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    let settled = false;
    try {
      parse(request, text, (err, value) => {
        settled = true;
        if (err)
          return done(
            new ApiError(400, { error: 'Invalid JSON', errors: [{ field: '', message: 'Invalid JSON' }] }),
            undefined,
          );
        if (depthOf(value) > MAX_DEPTH) {
          return done(
            new ApiError(400, {
              error: 'The request body is nested too deeply',
              errors: [{ field: '', message: 'The request body is nested too deeply' }],
            }),
            undefined,
          );
        }
        // NUL, control characters and lone surrogates are refused in every string of every body, before any
        // handler or database sees them (PostgreSQL cannot store a NUL); whether a field takes line breaks is the
        // engine's to say, per field.
        const [notText] = textProblems(value, () => true, 1);
        if (notText) return done(new ApiError(400, { error: notText.message, errors: [notText] }), undefined);
        const huge = nonFinitePath(value);
        if (huge !== undefined)
          return done(
            new ApiError(400, { error: NON_FINITE_MESSAGE, errors: [{ field: huge, message: NON_FINITE_MESSAGE }] }),
            undefined,
          );
        done(null, value);
      });
    } catch {
      // JSON.parse can throw a RangeError on extreme nesting before the parser's callback runs.
      if (!settled)
        done(new ApiError(400, { error: 'Invalid JSON', errors: [{ field: '', message: 'Invalid JSON' }] }), undefined);
    }
  });
}
