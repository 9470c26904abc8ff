/**
 * Serves a built folder the way the app's server serves dist/app (api/http/appFiles.ts): the brotli or gzip copy the
 * browser accepts, hashed assets immutable for a year, the rest revalidated by ETag. For Storybook's static build.
 *
 * Usage: `npx tsx scripts/serveStatic.ts storybook-static [port]` (default port 6007, this machine only).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify from 'fastify';
import { registerAppFiles } from '../api/http/appFiles.ts';

const dir = resolve(process.argv[2] ?? 'storybook-static');
if (!existsSync(dir)) throw new Error(`${dir} is missing: run npm run build-storybook first`);
const app = Fastify({ logger: false });
await registerAppFiles(app, dir);
const url = await app.listen({ port: Number(process.argv[3] ?? 6007), host: '127.0.0.1' });
console.log(`serving ${dir} at ${url}`);
