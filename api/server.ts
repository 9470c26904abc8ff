import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'ajv';
import ajvErrors from 'ajv-errors';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { applicationRoutes } from './applications/applicationRoutes.ts';
import { applicationsPlugin } from './applications/applicationsPlugin.ts';
import { lifecyclePlugin } from './lifecycle/lifecyclePlugin.ts';
import { lifecycleRoutes } from './lifecycle/lifecycleRoutes.ts';
import { signedRoutes } from './signing/signedRoutes.ts';
import { signingRoutes } from './signing/signingRoutes.ts';
import { auditPlugin } from './audit/auditPlugin.ts';
import { authPlugin } from './auth/authPlugin.ts';
import { authRoutes } from './auth/authRoutes.ts';
import { passwordRoutes } from './auth/passwordRoutes.ts';
import { sessionRoutes } from './auth/sessionRoutes.ts';
import { verifyRoutes } from './auth/verifyRoutes.ts';
import { adminRoutes } from './admin/adminRoutes.ts';
import { clientRoutes } from './clients/clientRoutes.ts';
import { clientsPlugin } from './clients/clientsPlugin.ts';
import { contractRoutes } from './contract/contractRoutes.ts';
import { dbPlugin } from './db/dbPlugin.ts';
import { enginePlugin } from './definitions/enginePlugin.ts';
import { filesPlugin } from './files/filesPlugin.ts';
import { answerClientError } from './http/answerClientError.ts';
import { capConnections } from './http/capConnections.ts';
import { ApiError } from './http/apiError.ts';
import { appSender, registerAppFiles } from './http/appFiles.ts';
import { toErrorAnswer, translateBody, withErrors } from './http/errorAnswer.ts';
import { languageOf } from './http/languageOf.ts';
import { textsIn } from './http/serverTexts.ts';
import { limitsPlugin } from './http/limitsPlugin.ts';
import { mailPlugin } from './mail/mailPlugin.ts';
import { registerCompression } from './http/registerCompression.ts';
import { refuseQueryNonText } from './http/refuseQueryNonText.ts';
import { schemaErrors } from './http/schemaErrors.ts';
import { registerJsonParser } from './http/registerJsonParser.ts';
import { registerSecurityHeaders, sendWithSecurityHeaders } from './http/securityHeaders.ts';
import { inlineHashes } from './http/inlineHashes.ts';
import { isTrustedProxy } from './http/trustedProxies.ts';
import { loadConfig } from './loadConfig.ts';
import { openApiPlugin } from './openapi/openApiPlugin.ts';
import { opsPlugin } from './ops/opsPlugin.ts';
import { redisPlugin } from './ops/redisPlugin.ts';
import { profileRoutes } from './profile/profileRoutes.ts';
import { profilesPlugin } from './profile/profilesPlugin.ts';
import { pdfRoutes } from './pdf/pdfRoutes.ts';
import { screeningPlugin } from './screening/screeningPlugin.ts';
import { screeningRoutes } from './screening/screeningRoutes.ts';
import { secretsPlugin } from './secrets/secretsPlugin.ts';
import type { ServerOptions } from './types.ts';

const BODY_LIMIT = 1024 * 1024;
const TWELVE_HOURS = 12 * 60 * 60 * 1000;
/**
 * Socket limits: a request must be fully received within REQUEST_TIMEOUT (checked every second, so a slow body is
 * cut within 21 s), its headers within HEADERS_TIMEOUT; an idle keep-alive connection closes after KEEP_ALIVE, and
 * a socket silent for CONNECTION_TIMEOUT closes whatever it was doing.
 */
const REQUEST_TIMEOUT = 20_000;
const HEADERS_TIMEOUT = 10_000;
const KEEP_ALIVE = 5_000;
const CONNECTION_TIMEOUT = 30_000;

/** Paths are served with and without the /api prefix: the prefix is stripped before routing. */
function stripApiPrefix(url: string): string {
  if (url !== '/api' && !url.startsWith('/api/') && !url.startsWith('/api?')) return url;
  const rest = url.slice(4);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** A browser opening a page (GET for HTML, outside /api/): the web app answers it, whatever route shares its path. */
function isPageRequest(request: FastifyRequest): boolean {
  return (
    request.method === 'GET' &&
    (request.headers.accept ?? '').includes('text/html') &&
    !request.originalUrl.startsWith('/api/') &&
    request.originalUrl !== '/api'
  );
}

/**
 * Builds the API server out of its plugins (api/README.md): the engine over steps/, the database (opened, migrated,
 * seeded), secrets, Redis, files, metrics and limits; then, in the authenticated scope, the services (sessions, audit,
 * clients, screening, applications) and the route plugins (accounts, clients, screening, the spec's step calls from
 * the definitions' contracts, applications, generation). Every route answers with and without /api. Does not listen.
 * @param options - overrides of the environment's settings (tests give a temporary DATA_DIR or a PostgreSQL schema)
 * @returns - the fastify instance; `close()` also closes the database
 * @example const app = await buildServer({ dataDir: tmp }); await app.listen({ port: 0, host: '127.0.0.1' });
 */
export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const env = loadConfig();
  const dataDir = resolve(options.dataDir ?? env.dataDir);
  const trustProxy = options.trustProxy ?? env.trustProxy;
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT;
  const app = Fastify({
    // The client's address (rate limits, the login throttle, logs) comes from X-Forwarded-For only when the
    // connection is from a trusted proxy; anyone else's header is ignored.
    trustProxy: trustProxy.length ? trustProxy : false,
    logger: {
      level: options.logLevel ?? env.logLevel,
      redact: ['req.headers.authorization'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    rewriteUrl: (req) => stripApiPrefix(req.url ?? '/'),
    return503OnClosing: true,
    // A proxy's request id is kept (when it looks like one), so one request can be followed through the logs.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestTimeout,
    keepAliveTimeout: KEEP_ALIVE,
    connectionTimeout: CONNECTION_TIMEOUT,
    // Node wants the headers' time within the request's.
    http: { headersTimeout: Math.min(HEADERS_TIMEOUT, requestTimeout), connectionsCheckingInterval: 1_000 },
    // A bad URL or an over-long id is answered before routing: same shape and headers as any other error.
    frameworkErrors: (error, _request, reply) => {
      const { status, body } = toErrorAnswer(error);
      sendWithSecurityHeaders(reply as FastifyReply, status, body);
    },
    // What Node's parser refuses before a request exists (a malformed request line, 408, 431) gets the same shape.
    clientErrorHandler: answerClientError,
    // The route schemas validate what they say, with their errorMessage texts (ajv-errors needs allErrors); nothing
    // is coerced, defaulted or removed: a handler sees the request as sent.
    ajv: {
      customOptions: {
        allErrors: true,
        coerceTypes: false,
        useDefaults: false,
        removeAdditional: false,
        strict: false,
      },
      plugins: [ajvErrors as Plugin<unknown>],
    },
    schemaErrorFormatter: schemaErrors,
  });
  // Over MAX_CONNECTIONS, or over one address's share of them (a trusted proxy carries everyone's: not capped), a
  // connection is answered 503 in the usual shape and closed.
  capConnections(app.server, {
    max: options.maxConnections ?? env.maxConnections,
    perAddress: options.maxConnectionsPerAddress ?? env.maxConnectionsPerAddress,
    exempt: isTrustedProxy(trustProxy),
  });
  const appDir = options.appDir ?? env.appDir;
  const indexHtml = appDir && existsSync(join(appDir, 'index.html'));
  await registerSecurityHeaders(
    app,
    indexHtml ? inlineHashes(readFileSync(join(appDir, 'index.html'), 'utf8')) : undefined,
  );
  await registerCompression(app);

  // The engine first: broken definitions stop the start before the database is touched.
  await app.register(enginePlugin, { stepsDir: options.stepsDir, engine: options.engine });
  await app.register(dbPlugin, {
    dataDir,
    databaseUrl: options.databaseUrl ?? env.databaseUrl,
    pgSchema: options.pgSchema,
    seedDemo: options.seedDemo ?? env.demo,
  });
  await app.register(secretsPlugin, { secretKey: options.secretKey ?? env.secretKey, dataDir });
  await app.register(redisPlugin, { url: options.redisUrl ?? env.redisUrl });
  await app.register(filesPlugin, { dataDir, s3: env.s3 });
  await app.register(opsPlugin);
  await app.register(limitsPlugin, {
    redisPrefix: options.redisPrefix ?? env.redisPrefix,
    rateLimits: options.rateLimits ?? env.rateLimits,
  });

  await app.register(mailPlugin, {
    smtpUrl: options.smtpUrl ?? env.smtpUrl,
    from: options.mailFrom ?? env.mailFrom,
    appUrl: options.appUrl ?? env.appUrl,
  });

  await app.register(openApiPlugin);

  registerJsonParser(app);
  refuseQueryNonText(app);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toErrorAnswer(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (error instanceof ApiError) reply.headers(error.headers);
    const lang = languageOf(request);
    return reply
      .code(status)
      .type('application/json; charset=utf-8')
      .header('content-language', lang)
      .send(translateBody(body, textsIn(lang)));
  });

  // Every JSON answer says its language (Content-Language): the one its texts follow (languageOf).
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('content-language') && String(reply.getHeader('content-type') ?? '').includes('json'))
      reply.header('content-language', languageOf(request));
    return payload;
  });

  const sendApp = indexHtml ? appSender(appDir) : undefined;
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (sendApp && isPageRequest(request)) return sendApp(request, reply);
    const lang = languageOf(request);
    return reply
      .code(404)
      .header('content-language', lang)
      .send(translateBody(withErrors({ error: 'Not found' }), textsIn(lang)));
  });

  await app.register(async (api) => {
    if (sendApp) {
      // A page of the app can share its path with an API route served without /api (the Applications page and the
      // spec's GET /applications/): a browser opening or reloading it gets the page, an API client the JSON. Before
      // the token check; the health routes, the API document and the built files are outside this scope.
      api.addHook('onRequest', async (request, reply) => {
        if (isPageRequest(request)) return sendApp(request, reply);
      });
    }
    // Services: each decorates the scope (fastify-plugin) and names what it needs.
    await api.register(authPlugin, {
      tokenTtlMs: options.tokenTtlMs ?? TWELVE_HOURS,
      sessionIdleMs: options.sessionIdleMs ?? env.sessionIdleMs,
    });
    await api.register(auditPlugin);
    await api.register(clientsPlugin);
    await api.register(screeningPlugin);
    await api.register(applicationsPlugin);
    await api.register(profilesPlugin);
    await api.register(lifecyclePlugin);
    // Routes: each its own encapsulated plugin, reading the services above.
    await api.register(authRoutes);
    await api.register(passwordRoutes);
    await api.register(sessionRoutes);
    await api.register(verifyRoutes);
    await api.register(adminRoutes);
    await api.register(clientRoutes);
    await api.register(screeningRoutes);
    await api.register(contractRoutes);
    await api.register(applicationRoutes);
    await api.register(profileRoutes);
    await api.register(pdfRoutes, { formsDir: options.formsDir });
    await api.register(lifecycleRoutes, { formsDir: options.formsDir });
    await api.register(signingRoutes, { dataDir, cert: env.signingCert, key: env.signingKey });
    await api.register(signedRoutes);
    for (const plugin of options.plugins ?? []) await api.register(plugin);
  });

  if (sendApp && appDir) await registerAppFiles(app, appDir, sendApp);
  await app.ready();
  return app;
}
