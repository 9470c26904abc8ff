import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than the encoding costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Compresses JSON (and any other text) answers over 1 KB, brotli or gzip as the request's Accept-Encoding prefers,
 * with `Vary: Accept-Encoding`. Brotli at quality 4 (the plugin's default): quality 11 costs tens of milliseconds on
 * a list of clients. The built app's files arrive already compressed (appFiles.ts) and are left alone; PDFs are not
 * compressible. Registered before the routes, which it hooks as they are added.
 * @param app - the root instance
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: COMPRESS_THRESHOLD });
}
