import { DefinitionError } from '../engine/index.ts';
import { DefinitionFileError } from './definitions/readDefinitionFiles.ts';
import { loadConfig } from './loadConfig.ts';
import { createMetricsServer } from './ops/createMetricsServer.ts';
import { buildServer } from './server.ts';
import { SettingError } from './settingError.ts';

/** Starts the API (and the built web app from dist/app when it exists) on PORT, and the metrics when METRICS=1. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildServer();
  const metrics = config.metrics ? createMetricsServer(app) : undefined;
  // A stop lets the load balancer see the instance leave (/readyz answers 503 while it still serves for DRAIN_MS),
  // lets the requests in flight finish (fastify's close waits for them and answers new ones 503), then exits; a
  // request that hangs cannot hold it.
  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    app.drain();
    setTimeout(() => process.exit(1), config.drainMs + 10_000).unref();
    if (config.drainMs) await new Promise((resolve) => setTimeout(resolve, config.drainMs));
    metrics?.close();
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  const unusable =
    (what: string, host: string, port: number) =>
    (err: NodeJS.ErrnoException): never => {
      throw ['EADDRINUSE', 'EACCES', 'EADDRNOTAVAIL'].includes(err.code ?? '')
        ? new SettingError(`${what} could not listen on ${host}:${port}: ${err.message}`)
        : err;
    };
  await app
    .listen({ port: config.port, host: config.host })
    .catch(unusable('The API (HOST, PORT)', config.host, config.port));
  if (metrics && config.metrics) {
    const { host, port } = config.metrics;
    await new Promise<void>((resolve, reject) => {
      metrics.once('error', reject);
      metrics.listen(port, host, resolve);
    }).catch(unusable('The metrics (METRICS_HOST, METRICS_PORT)', host, port));
    const address = metrics.address();
    app.log.info(
      { metrics: `http://${host}:${typeof address === 'object' && address ? address.port : port}/metrics` },
      'metrics listening',
    );
  }
  app.log.info(
    {
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      database: config.databaseUrl ? 'postgres' : 'sqlite',
      redis: Boolean(config.redisUrl),
      app: config.appDir ?? null,
    },
    'ready',
  );
}

main().catch((err: unknown) => {
  // A broken definition is product staff's to fix: its report, not a stack trace.
  if (err instanceof DefinitionError || err instanceof DefinitionFileError)
    console.error(`The definitions in steps/ have problems; the server did not start:\n${err.message}`);
  else if (err instanceof SettingError) console.error(`The server did not start: ${err.message}`);
  else console.error(err);
  process.exit(1);
});
