import type { Socket } from 'node:net';
import { inputError, STATUS_TEXT } from './errorAnswer.ts';
import { rawAnswer } from './securityHeaders.ts';

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any request exists (a malformed request line,
 * headers over the limit: 431, a body that did not arrive in time: 408) is answered in the usual shape with the
 * security headers, instead of Node's bare status line.
 * @param err - the parser's or the timeout's error
 * @param socket - the client's connection
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  if (socket.writable) socket.write(rawAnswer(status, inputError(STATUS_TEXT[status])));
  socket.destroy(err);
}
