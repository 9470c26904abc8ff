import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ApiError, unauthorized } from './apiError.ts';
import { applicationRoutes } from './applicationRoutes.ts';
import { authRoutes } from './authRoutes.ts';
import { benchRoutes } from './benchRoutes.ts';
import { brokerRoutes } from './brokerRoutes.ts';
import { clientRoutes } from './clientRoutes.ts';
import { createClientStore } from './createClientStore.ts';
import { createDataLayer } from './createDataLayer.ts';
import { createLoginLimiter } from './createLoginLimiter.ts';
import { createScreeningStore } from './createScreeningStore.ts';
import { createStepSaver } from './createStepSaver.ts';
import { createTokenStore } from './createTokenStore.ts';
import { loadConfig } from './loadConfig.ts';
import { migrateToLatest } from './migrateToLatest.ts';
import { pdfRoutes } from './pdf/pdfRoutes.ts';
import { progressRoutes } from './progressRoutes.ts';
import { registerJsonParser } from './registerJsonParser.ts';
import { screeningRoutes } from './screeningRoutes.ts';
import { seedDemo } from './seedDemo.ts';
import { stepRoutes } from './stepRoutes.ts';
import type { ErrorBody, ServerContext, ServerOptions, StepEngine } from './types.ts';

const BODY_LIMIT = 1024 * 1024;
const TWELVE_HOURS = 12 * 60 * 60 * 1000;

/** Paths are served with and without the /api prefix: the prefix is stripped before routing. */
function stripApiPrefix(url: string): string {
  if (url !== '/api' && !url.startsWith('/api/') && !url.startsWith('/api?')) return url;
  const rest = url.slice(4);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

function inputError(message: string): ErrorBody {
  return { error: message, errors: [{ field: '', message }] };
}

/** Fastify's own errors (body parsing, content type, size) as the spec's JSON shapes; anything else is a 500. */
function toErrorAnswer(error: FastifyError): { status: number; body: ErrorBody } {
  if (error instanceof ApiError) return { status: error.statusCode, body: error.body };
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 400, body: inputError('The request body is too large (limit 1 MB)') };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 400, body: inputError('Content-Type must be application/json') };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: inputError('Invalid JSON') };
  }
  if (error.validation) return { status: 400, body: inputError(error.message) };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status: status === 413 || status === 415 ? 400 : status, body: inputError(error.message) };
  return { status: 500, body: { error: 'Internal server error' } };
}

/**
 * Builds the API server: opens and migrates the database, seeds an empty one, loads the step definitions
 * once, and registers every route (each answering with and without /api). Does not listen.
 * @param options - overrides of the environment's settings (tests give a temporary DATA_DIR or a PostgreSQL schema)
 * @returns - the fastify instance; `close()` also closes the database
 * @example const app = await buildServer({ dataDir: tmp }); await app.listen({ port: 0, host: '127.0.0.1' });
 */
export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const env = loadConfig();
  const databaseUrl = options.databaseUrl ?? env.databaseUrl;
  const app = Fastify({
    logger: { level: options.logLevel ?? env.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    rewriteUrl: (req) => stripApiPrefix(req.url ?? '/'),
    return503OnClosing: true,
  });

  // The engine first: broken definitions stop the start before the database is touched.
  const engine: StepEngine = options.engine ?? (await import('./createStepEngine.ts')).createStepEngine();
  const layer = await createDataLayer({ dataDir: resolve(options.dataDir ?? env.dataDir), databaseUrl, pgSchema: options.pgSchema });
  app.addHook('onClose', async () => layer.close());
  try {
    await migrateToLatest(layer);
    if (options.seedDemo !== false) await seedDemo(layer.db);
  } catch (err) {
    await layer.close();
    throw err;
  }

  const screening = createScreeningStore(layer.db, layer.dialect === 'sqlite');
  const ctx: ServerContext = {
    layer,
    engine,
    clients: createClientStore(layer.db),
    screening,
    tokens: createTokenStore(layer.db, options.tokenTtlMs ?? TWELVE_HOURS),
    limiter: createLoginLimiter(),
    saveStep: createStepSaver(engine, screening, app.log),
  };

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Insure wizard API', version: '0.1.0', description: 'Every path also answers without the /api prefix.' },
      servers: [{ url: '/api' }],
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token {token}' } },
        schemas: Object.fromEntries(Object.entries(engine.schemas).map(([id, schema]) => [`step_${id.replace(/-/g, '_')}`, schema])),
      },
      security: [{ token: [] }],
    },
  });

  // Route schemas document the API; bodies only have to be JSON objects here, the handlers check the rest
  // with the spec's messages (engine, validateClient). Answers are plain JSON.stringify.
  app.setValidatorCompiler(({ httpPart }) => (data: unknown) => {
    if (httpPart !== 'body') return true;
    if (data !== null && typeof data === 'object' && !Array.isArray(data)) return true;
    return { error: new ApiError(400, inputError('The request body must be a JSON object')) };
  });
  app.setSerializerCompiler(() => (data: unknown) => JSON.stringify(data));
  registerJsonParser(app);
  app.decorateRequest('user', null);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toErrorAnswer(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });

  const appDir = options.appDir ?? env.appDir;
  const indexHtml = appDir && existsSync(join(appDir, 'index.html'));
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html') && !request.originalUrl.startsWith('/api/');
    if (indexHtml && wantsPage) return reply.type('text/html; charset=utf-8').sendFile('index.html');
    return reply.code(404).send({ error: 'Not found' });
  });

  await app.register(async (api) => {
    api.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.public) return;
      const header = request.headers.authorization;
      const token = header ? /^Token\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
      if (!token) throw unauthorized('No authentication token found');
      const user = await ctx.tokens.find(token);
      if (!user) throw unauthorized('Invalid token');
      request.user = user;
    });
    authRoutes(api, ctx);
    clientRoutes(api, ctx);
    brokerRoutes(api, ctx);
    applicationRoutes(api, ctx);
    progressRoutes(api, ctx);
    screeningRoutes(api, ctx);
    stepRoutes(api, ctx);
    await api.register(pdfRoutes, { ctx, dataDir: resolve(options.dataDir ?? env.dataDir) });
    if (options.benchBaseline ?? env.benchBaseline) benchRoutes(api, ctx);
    api.get('/docs', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  });

  if (indexHtml) {
    await app.register(fastifyStatic, { root: appDir, wildcard: false, index: ['index.html'] });
  }
  await app.ready();
  return app;
}
