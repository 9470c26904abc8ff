import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
import type { InlineHashes } from './inlineHashes.ts';

/**
 * One policy for pages, API answers and PDFs. The built app loads only its own scripts and styles, and the one inline
 * script and style sheet of its page allowed by hash (`inline`); `data:` images are the favicon and Vite's inlined
 * assets.
 * `upgrade-insecure-requests` is left out: it would break an instance served over plain HTTP on a private network.
 */
const helmetOptions = (inline: InlineHashes = { scripts: [], styles: [] }) => ({
  contentSecurityPolicy: {
    useDefaults: false as const,
    directives: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'script-src': ["'self'", ...inline.scripts],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", ...inline.styles],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    },
  },
  frameguard: { action: 'deny' as const },
  referrerPolicy: { policy: 'same-origin' as const },
  // No HTTPS is assumed: the TLS terminator in front of a networked instance sets HSTS.
  strictTransportSecurity: false,
});

// The answers given before routing are JSON errors, never the page: the policy without the page's script hashes.
const applyHeaders = helmet(helmetOptions());

/**
 * Security headers on every answer: @fastify/helmet for routed requests (including 404s and errors), and the
 * same headers for the answers fastify gives before routing (a bad URL, an over-long id), see applySecurityHeaders.
 * @param app - the root instance
 * @param inline - the CSP sources of the app page's inline scripts and styles (inlineHashes of the built page)
 */
export async function registerSecurityHeaders(app: FastifyInstance, inline?: InlineHashes): Promise<void> {
  await app.register(fastifyHelmet, { ...helmetOptions(inline), global: true });
  // Answers carry personal data (a tax step answers SINs): no browser or proxy keeps a copy. The app's built files
  // say their own caching (@fastify/static sets it), so only answers that set none get no-store.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', NO_STORE);
  });
}

/** The caching of every answer but the app's built files. */
export const NO_STORE = 'no-store';

/**
 * Sends a JSON error with the same headers, for an answer no hook sees (fastify's frameworkErrors).
 * @param reply - the reply of the refused request
 * @param status - the status to send
 * @param body - the error body
 */
export function sendWithSecurityHeaders(reply: FastifyReply, status: number, body: unknown): void {
  applyHeaders(reply.request.raw, reply.raw, () => {
    void reply.code(status).header('cache-control', NO_STORE).type('application/json; charset=utf-8').send(body);
  });
}

let fixedHeaders: [string, string][] | undefined;

/** The headers helmet sets, worked out once (they depend on nothing in the request). */
function securityHeaderLines(): [string, string][] {
  if (!fixedHeaders) {
    const out: [string, string][] = [];
    const recorder = {
      setHeader: (name: string, value: unknown) => out.push([name, String(value)]),
      removeHeader: () => undefined,
    };
    applyHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
    fixedHeaders = out;
  }
  return fixedHeaders;
}

/**
 * A whole HTTP/1.1 answer as text, for a socket no request object exists for (a request line or headers Node's parser
 * refused, a body that never finished, a connection over the cap): the usual JSON shape, security headers, no-store,
 * and "Connection: close".
 * @param status - the status to send
 * @param body - the error body
 * @param extra - more headers (Retry-After)
 */
export function rawAnswer(status: number, body: unknown, extra: Record<string, string> = {}): string {
  const text = JSON.stringify(body);
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    ...securityHeaderLines().map(([name, value]) => `${name}: ${value}`),
    ...Object.entries(extra).map(([name, value]) => `${name}: ${value}`),
    `Cache-Control: ${NO_STORE}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(text)}`,
    'Connection: close',
    '',
    text,
  ].join('\r\n');
}
