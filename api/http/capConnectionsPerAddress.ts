import type { Server } from 'node:net';

/**
 * Refuses a connection (closes it at once) when its address already holds `max` open connections, so idle sockets
 * from one address cannot take all of MAX_CONNECTIONS from everyone else. Exempt addresses (the trusted proxies,
 * whose connections carry every client's requests) are not counted; behind a proxy, the proxy caps each client.
 * @param server - the HTTP server
 * @param max - open connections one address may hold; 0 for no cap
 * @param exempt - addresses not capped
 */
export function capConnectionsPerAddress(
  server: Server,
  max: number,
  exempt: (address: string | undefined) => boolean,
): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (!address || exempt(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
