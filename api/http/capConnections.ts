import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { inputError } from './errorAnswer.ts';
import { rawAnswer } from './securityHeaders.ts';

/** The answer to a connection beyond the cap. */
export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';
/** How long a refused connection may take to read its answer and close. */
const REFUSED_GRACE_MS = 2_000;

/**
 * At most `max` connections open at once. Node's own `maxConnections` closes a connection over it without a word;
 * here it gets a 503 in the usual shape (with Retry-After) and is closed, while the connections already open go on.
 * The server's connection listener (Node's HTTP parser) is wrapped, so a refused connection never reaches it.
 * @param server - the HTTP server, before it listens
 * @param max - the most connections open at once
 */
export function capConnections(server: Server, max: number): void {
  const serve = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  let open = 0;
  server.on('connection', (socket: Socket) => {
    if (open >= max) {
      socket.on('error', () => undefined);
      socket.setTimeout(REFUSED_GRACE_MS, () => socket.destroy());
      socket.end(rawAnswer(503, inputError(BUSY_MESSAGE), { 'Retry-After': '1' }));
      // Whatever the client sent is read and dropped, so the close is a clean one rather than a reset.
      socket.resume();
      return;
    }
    open += 1;
    socket.once('close', () => (open -= 1));
    for (const listener of serve) listener.call(server, socket);
  });
}
