import { loadConfig } from './loadConfig.ts';
import { buildServer } from './server.ts';

/** Starts the API (and the built web app from dist/app when it exists) on PORT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildServer();
  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
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
