import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TProperties } from 'typebox';
import { ApiError, notFound } from '../http/apiError.ts';
import { clientIdFrom, userOf, toId } from '../http/requestHelpers.ts';
import { languageOf } from '../http/languageOf.ts';
import { AnyJson, errorResponses, idParams, ref, type ErrorBody } from '../http/routeSchemas.ts';
import { GenerateAnswer, GenerateBody, GenerationSummary } from './generationSchemas.ts';
import { GenerationError, IncompleteScreeningError, PayloadError } from './buildPayload.ts';
import { AdviserProfileError, GENERATION_LOCKED } from './generationErrors.ts';
import { finalStepOf } from '../../engine/index.ts';
import { createPdfService, loadGenerationSetup } from './createPdfService.ts';
import type { AuthUser } from '../types.ts';

export interface PdfRoutesOptions {
  /** The insurers' form mappings; default forms/ of this repository. */
  formsDir?: string;
}

/** A generation's `language` other than en or fr. */
const LANGUAGE_MESSAGE = 'language must be en or fr';

/** The insurers of a summary or a payload, comma-separated (the service reads them, with its messages). */
const FormsQuery = Type.Object({ populate_forms: Type.Optional(Type.String()) });

/** A generation refusal as the spec's 400: the message first; an incomplete screening names its steps. */
function refusal(error: GenerationError): ApiError {
  if (error instanceof IncompleteScreeningError) {
    const body: ErrorBody = {
      error: error.message,
      errors: error.steps.flatMap((step) =>
        step.missing
          ? [{ field: step.id, message: `${step.title} has not been completed` }]
          : step.errors.map((e) => ({ field: `${step.id}.${e.field}`, message: `${step.title}: ${e.message}` })),
      ),
      incomplete_steps: error.steps.map((s) => ({ id: s.id, title: s.title })),
    };
    return new ApiError(400, body);
  }
  if (error instanceof AdviserProfileError)
    return new ApiError(400, {
      error: error.message,
      errors: [{ field: error.field, message: error.message }],
      link: error.link,
    });
  const field = error instanceof PayloadError ? (error.field ?? '') : 'populate_forms';
  return new ApiError(400, { error: error.message, errors: [{ field, message: error.message }] });
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof GenerationError) throw refusal(e);
    throw e;
  }
}

/**
 * Application generation routes (encapsulated, in the authenticated scope, so each needs the Token header):
 * POST /pdf/generate_pdf/, GET /pdf/summary/:clientId/, GET /pdf/payload/:clientId/ and the downloads
 * GET /pdf/files/:id/ (all chosen insurers) and /pdf/files/:id/:insurer/. Each also answers under /api. The
 * generation reads the client's saved screening (with the facts the rules read, as the review and the step list see
 * them: one good-order check), keeps its files in `files` and records itself on the client's application.
 */
export const pdfRoutes = fp<PdfRoutesOptions>(
  async (fastify, options) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const { engine, screening, clients, applications, profiles } = app;
    const service = createPdfService({
      ...loadGenerationSetup(engine, options.formsDir),
      store: app.files,
      loadAnswers: (user: AuthUser, clientId) => screening.load(user, clientId, { facts: true }),
      requireAccess: (user, clientId) => clients.requireAccess(user, clientId),
      onGenerated: (record) => applications.recordGeneration(record),
      loadAdviser: async (user) => (await profiles.get(user.id))?.profile,
    });

    // The query form of populate_forms: the final step's insurers, comma-separated.
    const insurers = (
      (
        engine.definitions.steps[finalStepOf(engine.definitions.flow)]?.schema.properties as
          { populate_forms?: { items?: { enum?: string[] } } } | undefined
      )?.populate_forms?.items?.enum ?? []
    ).join('|');
    const formsQuery = (required: boolean, description: string) => ({
      type: 'object',
      properties: {
        populate_forms: {
          type: 'string',
          ...(insurers
            ? { pattern: `^${required ? '' : '('}(${insurers})(,(${insurers}))*${required ? '' : ')?'}$` }
            : {}),
          description,
        },
      },
      ...(required ? { required: ['populate_forms'] } : {}),
    });
    const formsFrom = (raw: string | undefined): string[] =>
      raw
        ? raw
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [];

    app.post(
      '/pdf/generate_pdf/',
      {
        config: { metric: 'generation' },
        schema: {
          tags: ['generation'],
          summary: "Generate the prefilled application PDFs of the chosen insurers from the client's saved screening",
          body: GenerateBody,
          description:
            'Refused with 400 while an insurer holds the application (submitted, in review, issued or declined): its documents are the ones the insurer was sent.',
          response: { 200: GenerateAnswer, ...errorResponses(400, 401, 404) },
          document: { body: ref('GenerateRequest') },
        },
      },
      async (request) => {
        const { body } = request;
        const user = userOf(request);
        return guard(async () => {
          // The insurers first, as on the screen: 'Please select at least one form to generate'.
          const lang = languageOf(request);
          const populateForms = service.chooseForms(body.populate_forms, lang);
          const clientId = clientIdFrom(request);
          // The documents' language: the client's preferred one unless the adviser asks for the other.
          const { language } = body;
          if (language !== undefined && language !== 'en' && language !== 'fr')
            throw new ApiError(400, {
              error: LANGUAGE_MESSAGE,
              errors: [{ field: 'language', message: LANGUAGE_MESSAGE }],
            });
          // Once an insurer holds the application, its documents are the ones sent: asked as a save asks (the
          // screening's lock), after the access check so another adviser's client says nothing of its state.
          await clients.requireAccess(user, clientId);
          if (await screening.lockOf(clientId))
            throw new ApiError(400, {
              error: GENERATION_LOCKED,
              errors: [{ field: 'application', message: GENERATION_LOCKED }],
            });
          const { data, summary } = await service.generate(user, clientId, populateForms, { language, lang });
          return { data, summary };
        });
      },
    );

    app.get(
      '/pdf/summary/:clientId/',
      {
        schema: {
          tags: ['generation'],
          summary: "The result view's summary cards for the client's saved screening",
          params: idParams('clientId'),
          // The insurers are read with the final step's messages (an unknown one is refused, never echoed).
          querystring: FormsQuery,
          response: { 200: GenerationSummary, ...errorResponses(400, 401, 404) },
          document: { querystring: formsQuery(false, 'Comma-separated insurer ids (the provider card)') },
        },
      },
      async (request) => {
        const clientId = toId(request.params.clientId);
        const forms = formsFrom(request.query.populate_forms);
        // The provider card names the insurers chosen: an unknown one is refused, never echoed.
        return guard(async () =>
          service.summary(
            userOf(request),
            clientId,
            forms.length ? service.chooseForms(forms, languageOf(request)) : forms,
            languageOf(request),
          ),
        );
      },
    );

    app.get(
      '/pdf/payload/:clientId/',
      {
        schema: {
          tags: ['generation'],
          summary: "The generation payload the server builds from the client's saved screening",
          params: idParams('clientId'),
          querystring: FormsQuery,
          response: { 200: AnyJson, ...errorResponses(400, 401, 404) },
          document: {
            querystring: formsQuery(true, 'Comma-separated insurer ids: at least one'),
            response: { 200: ref('GenerationPayload') },
          },
        },
      },
      async (request) => {
        const clientId = toId(request.params.clientId);
        return guard(() => service.payload(userOf(request), clientId, formsFrom(request.query.populate_forms)));
      },
    );

    const download = async (user: ReturnType<typeof userOf>, id: string, insurer: string | undefined) => {
      const file = await service.download(user, id, insurer);
      if (!file) throw notFound();
      return file;
    };
    const fileSchema = <P extends TProperties>(params: P) => ({
      tags: ['generation'],
      summary: 'Download generated applications (only for an adviser who may see the client; 404 otherwise)',
      params: Type.Object(params),
      response: {
        200: {
          description: 'The PDF (Content-Disposition: inline, with its file name)',
          content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
        },
        ...errorResponses(401, 404),
      },
    });

    // One file of a generation (an insurer's), or all of them in one (no insurer), shown inline and never cached.
    const sendFile = async (reply: FastifyReply, user: AuthUser, id: string, insurer?: string) => {
      const file = await download(user, id, insurer);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    };
    app.get('/pdf/files/:id/', { schema: fileSchema({ id: Type.String() }) }, async (request, reply) =>
      sendFile(reply, userOf(request), request.params.id),
    );
    const both = { id: Type.String(), insurer: Type.String() };
    app.get('/pdf/files/:id/:insurer/', { schema: fileSchema(both) }, async (request, reply) =>
      sendFile(reply, userOf(request), request.params.id, request.params.insurer),
    );
  },
  {
    name: 'pdfRoutes',
    encapsulate: true,
    dependencies: ['engine', 'files', 'auth', 'screening', 'clients', 'applications', 'profiles'],
  },
);
