import { loadConfig } from './loadConfig.ts';
import { buildServer } from './server.ts';

/** Starts the API (and the built web app from dist/app when it exists) on PORT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildServer();
  // A stop lets the load balancer see the instance leave (/ready answers 503), lets the requests in flight finish
  // (fastify's close waits for them and answers new ones 503), then exits; a request that hangs cannot hold it.
  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    app.drain();
    setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ dataDir: config.databaseUrl ? undefined : config.dataDir, database: config.databaseUrl ? 'postgres' : 'sqlite', app: config.appDir ?? null }, 'ready');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
