import type { ServerResponse } from 'node:http';
import { basename } from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite names what it emits under assets/ `<name>-<hash>.<ext>`: such a file never changes under its name. */
const HASHED = /[/\\]assets[/\\][^/\\]+-[\w-]{8}\.[a-z0-9]+$/i;
/** The build's compressed copies (scripts/precompress.ts), sent in place of the file they copy. */
const COPY = /\.(br|gz)$/;

/** A year, immutable: a new build changes the names, so a browser never has to ask again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Stored, but checked (ETag) before each use: index.html names the current build's assets. */
export const REVALIDATE = 'no-cache';

/**
 * The caching of one built file, by its path on disk (the compressed copy's path names the file it copies).
 * @param path - the file sent
 * @returns - the Cache-Control value
 */
export function cacheControlOf(path: string): string {
  return HASHED.test(path.replace(COPY, '')) ? IMMUTABLE : REVALIDATE;
}

/**
 * Security headers that only a document (or a worker's script) obeys: a script, a style sheet or an image ignores
 * them. They are dropped from the hashed assets but workers, where they were about 550 of each answer's 900 bytes of headers;
 * X-Content-Type-Options, Cross-Origin-Resource-Policy and Referrer-Policy, which apply to these too, stay.
 */
const DOCUMENT_ONLY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** A worker's script (pdf.js's): it runs under the policy sent with its own file, so it keeps the document's headers. */
const WORKER = /worker[^/\\]*$/i;

/** @fastify/static hands setHeaders the raw response, on which helmet set its headers; its type names only part of it. */
const isRaw = (res: SetHeadersResponse): res is SetHeadersResponse & Pick<ServerResponse, 'removeHeader'> =>
  'removeHeader' in res && typeof res.removeHeader === 'function';

function setHeaders(res: SetHeadersResponse, path: string): void {
  const cacheControl = cacheControlOf(path);
  res.setHeader('cache-control', cacheControl);
  if (cacheControl === IMMUTABLE && !WORKER.test(basename(path)) && isRaw(res))
    for (const name of DOCUMENT_ONLY) res.removeHeader(name);
  // Which copy is sent depends on Accept-Encoding, for every file (a cache must not hand gzip to a browser without it).
  res.setHeader('vary', 'accept-encoding');
}

/**
 * Serves the built web app (dist/app): the brotli or gzip copy the build wrote when the browser accepts it, hashed
 * assets cached for a year, the rest (index.html) revalidated by ETag. `reply.sendFile` (the SPA fallback) follows the
 * same rules. The compressed copies are not served under their own names.
 * @param app - the root instance
 * @param appDir - the built app
 */
export async function registerAppFiles(app: FastifyInstance, appDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: appDir,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: false,
    setHeaders,
    allowedPath: (pathname) => !COPY.test(basename(pathname)),
  });
}
