// The server as bench/api.ts runs it: api/main.ts's server plus the baseline route (bench/baselineRoute.ts).
import { buildServer } from '../api/server.ts';
import { loadConfig } from '../api/loadConfig.ts';
import { baselineRoute } from './baselineRoute.ts';

const config = loadConfig();
const app = await buildServer({ plugins: [baselineRoute] });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: config.port, host: config.host });
