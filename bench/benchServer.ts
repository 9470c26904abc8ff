// The server as bench/api.ts runs it: api/main.ts's server plus the baseline route (bench/baselineRoute.ts), and
// its metrics when METRICS=1 (the bench reads how many saves shared a statement).
import { buildServer } from '../api/server.ts';
import { loadConfig } from '../api/loadConfig.ts';
import { createMetricsServer } from '../api/ops/createMetricsServer.ts';
import { baselineRoute } from './baselineRoute.ts';

const config = loadConfig();
const app = await buildServer({ plugins: [baselineRoute] });
const metrics = config.metrics ? createMetricsServer(app) : undefined;
process.once('SIGTERM', () => {
  metrics?.close();
  void app.close().then(() => process.exit(0));
});
await app.listen({ port: config.port, host: config.host });
if (metrics && config.metrics) metrics.listen(config.metrics.port, config.metrics.host);
