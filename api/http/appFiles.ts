import type { ServerResponse } from 'node:http';
import { basename } from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageOf } from './languageOf.ts';
import { loadPageHints } from './pageHints.ts';

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

/** The encoding of a page's HTML: brotli, else gzip, as accepted (q-values honoured; a tie goes to brotli). */
function encodingOf(header: unknown): 'br' | 'gzip' | 'identity' {
  const q = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const given = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name, given ? Number(given.slice(2)) || 0 : 1);
  }
  const br = q.get('br') ?? 0;
  const gzip = q.get('gzip') ?? 0;
  return br > 0 && br >= gzip ? 'br' : gzip > 0 ? 'gzip' : 'identity';
}

/**
 * The language a page will be drawn in: the one chosen on the device (the app's language switch writes it in a
 * cookie as well as in localStorage, app/i18n/language.ts), else the one Accept-Language prefers, as the app's first
 * visit follows the browser's.
 */
function pageLanguage(request: FastifyRequest): 'en' | 'fr' {
  const chosen = /(?:^|;\s*)language=(en|fr)(?:;|$)/.exec(String(request.headers.cookie ?? ''))?.[1];
  return chosen === 'en' || chosen === 'fr' ? chosen : languageOf(request);
}

/** Sends index.html for a page of the app. */
export type SendApp = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/**
 * How the app's pages are sent: index.html naming the files the requested route loads first
 * (pageHints.ts; read from the build's manifest once, each route's HTML made once), with the same caching as the
 * file itself: no-cache, a weak ETag per encoding, Vary: Accept-Encoding (and Accept-Language for a step, whose
 * definition exists per language). A build without a manifest gets index.html as built.
 * @param appDir - the built app
 * @returns - the sender, used for every app route and the SPA fallback
 */
export function appSender(appDir: string): SendApp {
  const hints = loadPageHints(appDir);
  if (!hints) return (_request, reply) => reply.type('text/html; charset=utf-8').sendFile('index.html');
  return (request, reply) => {
    const { key, byLanguage } = hints.keyOf(new URL(request.url, 'http://x').pathname, pageLanguage(request));
    const page = hints.bodyOf(key, encodingOf(request.headers['accept-encoding']));
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', REVALIDATE)
      .header('vary', byLanguage ? 'accept-encoding, accept-language, cookie' : 'accept-encoding')
      .header('etag', page.etag);
    if (page.encoding) reply.header('content-encoding', page.encoding);
    const seen = String(request.headers['if-none-match'] ?? '');
    if (seen.split(',').some((tag) => tag.trim() === page.etag)) return reply.code(304).send();
    return reply.send(page.body);
  };
}

/**
 * Serves the built web app (dist/app): the brotli or gzip copy the build wrote when the browser accepts it, hashed
 * assets cached for a year, the rest (index.html) revalidated by ETag. `reply.sendFile` (the SPA fallback) follows the
 * same rules. The compressed copies are not served under their own names.
 * @param app - the root instance
 * @param appDir - the built app
 * @param sendApp - how "/" is sent (appSender); without it, index.html as the directory's index (Storybook's build)
 */
export async function registerAppFiles(app: FastifyInstance, appDir: string, sendApp?: SendApp): Promise<void> {
  // The login page ("/") is a page of the app like the others: sent with its hints, not as the directory's index.
  // It is not an operation of the API: left out of the OpenAPI document, open to anyone as the static files are.
  if (sendApp) app.get('/', { schema: { hide: true }, config: { public: true } }, sendApp);
  await app.register(fastifyStatic, {
    root: appDir,
    wildcard: false,
    index: sendApp ? false : ['index.html'],
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: false,
    setHeaders,
    allowedPath: (pathname) => !COPY.test(basename(pathname)),
  });
}
