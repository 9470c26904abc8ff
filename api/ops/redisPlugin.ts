import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/** The Redis that several instances share: one connection for commands, one for the channels listened to. */
export interface SharedRedis {
  client: Redis;
  /** Calls onMessage with every message published on the channel, by any instance (this one included). */
  subscribe(channel: string, onMessage: (message: string) => void): Promise<void>;
  publish(channel: string, message: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when REDIS_URL is set: state every instance must see (token revocations, throttling counters). */
    redis: SharedRedis | null;
  }
}

/**
 * Connects to Redis when a URL is given, and closes both connections with the server. The start fails loudly
 * when Redis does not answer, rather than running with state that silently stays in one process.
 */
export const redisPlugin = fp<{ url?: string }>(
  async (app, options) => {
    if (!options.url) {
      app.decorate('redis', null);
      return;
    }
    const connect = async () => {
      const redis = new Redis(options.url as string, {
        lazyConnect: true,
        maxRetriesPerRequest: 2,
        enableOfflineQueue: true,
      });
      redis.on('error', (err) => app.log.warn({ err }, 'redis'));
      await redis.connect();
      return redis;
    };
    const client = await connect();
    let subscriber: Redis | undefined;
    const handlers = new Map<string, Array<(message: string) => void>>();
    app.decorate('redis', {
      client,
      async subscribe(channel, onMessage) {
        if (!subscriber) {
          subscriber = await connect();
          subscriber.on('message', (ch: string, message: string) => {
            for (const handler of handlers.get(ch) ?? []) handler(message);
          });
        }
        if (!handlers.has(channel)) {
          handlers.set(channel, []);
          await subscriber.subscribe(channel);
        }
        handlers.get(channel)?.push(onMessage);
      },
      async publish(channel, message) {
        await client.publish(channel, message);
      },
    } satisfies SharedRedis);
    app.addHook('onClose', async () => {
      await Promise.all([client.quit().catch(() => undefined), subscriber?.quit().catch(() => undefined)]);
    });
  },
  { name: 'redis' },
);
