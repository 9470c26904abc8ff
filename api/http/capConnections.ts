import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { inputError } from './errorAnswer.ts';
import { rawAnswer } from './securityHeaders.ts';

/** The answer to a connection beyond a cap. */
export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';
/** How long a refused connection may take to read its answer and close. */
const REFUSED_GRACE_MS = 2_000;

/** The caps on open connections. */
export interface ConnectionCaps {
  /** The most connections open at once (MAX_CONNECTIONS). */
  max: number;
  /** The most one address may hold (MAX_CONNECTIONS_PER_ADDRESS); 0 for no cap. */
  perAddress: number;
  /** Addresses not capped per address (the trusted proxies, whose connections carry every client's requests). */
  exempt: (address: string | undefined) => boolean;
}

/** A refused connection: the 503 in the usual shape at once, whatever it sent read and dropped, then closed. */
function refuse(socket: Socket): void {
  socket.on('error', () => undefined);
  socket.setTimeout(REFUSED_GRACE_MS, () => socket.destroy());
  socket.end(rawAnswer(503, inputError(BUSY_MESSAGE), { 'Retry-After': '1' }));
  // Read, so the close is a clean one rather than a reset that could lose the answer.
  socket.resume();
}

/**
 * Caps the open connections: over `max`, or over one address's `perAddress` (so idle sockets from one machine cannot
 * take them all from everyone else), a connection gets a 503 in the usual shape (with Retry-After) and is closed,
 * while the connections already open go on. Node's own `maxConnections` would close it without a word. The server's
 * connection listener (Node's HTTP parser) is wrapped, so a refused connection never reaches it.
 * @param server - the HTTP server, before it listens
 * @param caps - the caps and the addresses exempt from the per-address one
 */
export function capConnections(server: Server, caps: ConnectionCaps): void {
  const serve = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  let open = 0;
  const byAddress = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    const counted = caps.perAddress > 0 && address !== undefined && !caps.exempt(address) ? address : undefined;
    const held = counted === undefined ? 0 : (byAddress.get(counted) ?? 0);
    if (open >= caps.max || (counted !== undefined && held >= caps.perAddress)) {
      refuse(socket);
      return;
    }
    open += 1;
    if (counted !== undefined) byAddress.set(counted, held + 1);
    socket.once('close', () => {
      open -= 1;
      if (counted === undefined) return;
      const left = (byAddress.get(counted) ?? 1) - 1;
      if (left > 0) byAddress.set(counted, left);
      else byAddress.delete(counted);
    });
    for (const listener of serve) listener.call(server, socket);
  });
}
