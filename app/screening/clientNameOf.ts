import type { JsonObject } from '../../engine/index.ts';

/**
 * The wizard's client's name from `$context.clients` (the adviser's clients, loaded with the screening), for the
 * document title; undefined until they are loaded.
 */
export function clientNameOf(context: JsonObject, clientId: string): string | undefined {
  const clients = Array.isArray(context.clients)
    ? (context.clients as { id?: unknown; first_name?: unknown; last_name?: unknown }[])
    : [];
  const client = clients.find((c) => String(c.id) === clientId);
  const name = client ? [client.first_name, client.last_name].filter((p) => typeof p === 'string' && p).join(' ') : '';
  return name || undefined;
}
