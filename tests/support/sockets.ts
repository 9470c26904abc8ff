import { connect, type Socket } from 'node:net';

/**
 * Opens a raw connection from a loopback address (127.0.0.2…, as another machine would). Resolves once connected,
 * or once refused (reset before the handshake ended: the socket is then destroyed).
 */
export function openFrom(from: string, url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ port: Number(port), host: hostname, localAddress: from }, () => resolve(socket));
    socket.once('error', () => resolve(socket));
  });
}

/** Resolves with whether the peer closed the socket within `ms`. */
export function closedWithin(socket: Socket, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
    socket.resume();
  });
}

/** How many of the sockets the peer kept open for `ms` (which ones it closes may not be the last opened). */
export async function keptOpen(sockets: Socket[], ms: number): Promise<number> {
  return (await Promise.all(sockets.map((s) => closedWithin(s, ms)))).filter((closed) => !closed).length;
}

/** A loopback address of its own (127.1.0.1 to 127.254.255.254): counters kept elsewhere (Redis) start from nothing. */
export function freshLoopback(): string {
  const byte = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));
  return `127.${byte(1, 254)}.${byte(0, 255)}.${byte(1, 254)}`;
}
