import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { getPath, type Engine, type ApplicationData } from '../../engine/index.ts';
import { createServerEngine, type Language, type ServerEngine } from '../definitions/createServerEngine.ts';
import { textsIn } from '../http/serverTexts.ts';
import {
  GenerationError,
  assemblePayload,
  generationNames,
  normalizeData,
  prepareGeneration,
  scopeToInsurer,
} from './buildPayload.ts';
import { AdviserProfileError } from './generationErrors.ts';
import { adviserFor, type AdviserProfile as StoredProfile } from '../profile/adviserProfile.ts';
import { finalStepOf } from '../../engine/index.ts';
import { buildSummary } from './buildSummary.ts';
import type { FileStore } from '../files/fileStore.ts';
import type { AnswerSource } from './answerPaths.ts';
import { labelsFrom, type GenerationLabels } from './generationLabels.ts';
import { loadForms } from './loadForms.ts';
import { mergePdfs, questionnairesToAttach, renderApplication, type SignatureBlock } from './renderPdf.ts';
import type { AdviserProfile, GenerationPayload, GenerationSummary, LoadedForm } from './types.ts';

/** The user a request acts for (api/types.ts AuthUser). */
export interface PdfUser {
  id: number;
  /** The account's email, printed with the adviser. */
  email?: string;
}

/** The engine, the mappings and the labels of one language. */
export interface GenerationSetup {
  engine: Engine;
  /** Mappings by insurer id (loadForms). */
  forms: Map<string, LoadedForm>;
  labels: GenerationLabels;
}

/** What the service needs from the rest of the API. */
export interface PdfServiceDeps<U extends PdfUser = PdfUser> extends GenerationSetup {
  /** The setup in another language (the engine's localized definitions, the mappings' catalogues); none: English only. */
  localized?(lang: Language): GenerationSetup;
  store: FileStore;
  /** The saved step records of a client the user may see, keyed by step id (the proposed insureds composed in). */
  loadAnswers(user: U, clientId: number): Promise<ApplicationData>;
  /** Called once a generation's files are stored (the application records it). */
  onGenerated?(record: {
    id: string;
    clientId: number;
    userId: number;
    createdAt: string;
    populateForms: string[];
    files: {
      insurer: string | null;
      name: string;
      key: string;
      filename: string;
      signatureBlocks?: SignatureBlock[];
    }[];
    summary: unknown;
    /** The documents' language. */
    language: Language;
  }): Promise<void>;
  /** Throws (a 404) unless the user may see the client. */
  requireAccess(user: U, clientId: number): Promise<void>;
  /**
   * The profile of the adviser generating (account settings: name, licence, agency, adviser code per insurer),
   * printed in each insurer's adviser section and put into the payload (`adviser`). Without this dependency
   * (benches, unit tests of the layouts) the section has blank lines (or the answers' `$context.adviser`) and no
   * adviser code is asked for; the server always gives it.
   */
  loadAdviser?(user: U): Promise<StoredProfile | undefined>;
  now?: () => Date;
  /** Prefix of the download links; default /api/pdf/files. */
  filesUrl?: string;
}

/** The record of one generation, stored beside its files. */
export interface GenerationManifest {
  id: string;
  client_id: number;
  user_id: number;
  created_at: string;
  populate_forms: string[];
  /** The documents' language: the client's preferred language unless the adviser chose the other. */
  language: Language;
  /** Each insurer's PDF, with where each signer signs it (the signing stamps the signatures there). */
  files: { insurer: string; name: string; key: string; filename: string; signatureBlocks: SignatureBlock[] }[];
  combined: { key: string; filename: string };
  summary: GenerationSummary;
}

export interface GenerationResult {
  data: {
    s3_url: string;
    id: string;
    /** The documents' language. */
    language: Language;
    /** Each insurer's file, with the insurer's questionnaires its answers call for ("Questionnaires to attach"). */
    files: { insurer: string; name: string; url: string; questionnaires: string[] }[];
  };
  summary: GenerationSummary;
  manifest: GenerationManifest;
}

export interface PdfService<U extends PdfUser = PdfUser> {
  /**
   * The chosen insurers, checked by the pdf-generation step's definition.
   * @throws GenerationError 'Please select at least one form to generate', or for an unknown insurer
   */
  chooseForms(populateForms: unknown, lang?: Language): string[];
  /**
   * Rebuilds the payload from the client's saved answers, renders one PDF per chosen insurer and one with all
   * of them, and stores them.
   * @throws GenerationError (a 400): no insurer chosen, an unknown one, an incomplete screening, a payload that cannot be built
   */
  generate(user: U, clientId: number, populateForms: unknown, options?: GenerateOptions): Promise<GenerationResult>;
  /** The summary cards for the client's saved answers (no completeness check, no files), in a language. */
  summary(user: U, clientId: number, populateForms: string[], lang?: Language): Promise<GenerationSummary>;
  /** A stored file of a generation; undefined (a 404) when missing or not the user's client. */
  download(user: U, id: string, insurer?: string): Promise<{ bytes: Uint8Array; filename: string } | undefined>;
  /** The payload for the client's saved answers, as sent to the insurers (checked like generate). */
  payload(user: U, clientId: number, populateForms: string[]): Promise<GenerationPayload>;
}

/** The languages of a generation. */
export interface GenerateOptions {
  /** The documents' language; default the client's preferred language (`documentLanguage` of the final step). */
  language?: Language;
  /** The answer's language (its refusals and summary), the request's; default English. */
  lang?: Language;
}

/** The server's engine (it has the definitions in other languages), not a bare engine (benches, unit tests). */
const isServerEngine = (engine: Engine | ServerEngine): engine is ServerEngine =>
  typeof (engine as Partial<ServerEngine>).localized === 'function';

/** The forms folder of this repository. */
export const FORMS_DIR = fileURLToPath(new URL('../../forms', import.meta.url));

/**
 * Engine, mappings and labels from steps/ and forms/, for createPdfService.
 * @param engineOrStepsDir - the server's engine (one per server); or a steps folder to load one from (the bench)
 */
export function loadGenerationSetup(
  engineOrStepsDir?: Engine | ServerEngine | string,
  formsDir: string = FORMS_DIR,
): GenerationSetup & Pick<PdfServiceDeps, 'localized'> {
  const engine = typeof engineOrStepsDir === 'object' ? engineOrStepsDir : createServerEngine(engineOrStepsDir);
  const english = { engine, forms: loadForms(formsDir, engine.definitions), labels: labelsFrom(engine.definitions) };
  if (!isServerEngine(engine)) return english;
  // Another language is made once, when first asked: the same rules over the translated definitions and mappings.
  const setups = new Map<Language, GenerationSetup>([['en', english]]);
  const localized = (lang: Language): GenerationSetup => {
    let setup = setups.get(lang);
    if (!setup) {
      const other = engine.localized(lang);
      setup = {
        engine: other,
        forms: loadForms(formsDir, other.definitions, lang),
        labels: labelsFrom(other.definitions),
      };
      setups.set(lang, setup);
    }
    return setup;
  };
  return { ...english, localized };
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Application generation: payload, PDFs, storage and downloads.
 * @example const pdf = createPdfService({ ...loadGenerationSetup(), store, loadAnswers, requireAccess });
 */
export function createPdfService<U extends PdfUser>(deps: PdfServiceDeps<U>): PdfService<U> {
  const { engine, forms, labels, store } = deps;
  const setupIn = (lang: Language = 'en'): GenerationSetup =>
    lang === 'en' || !deps.localized ? { engine, forms, labels } : deps.localized(lang);
  const finalStep = finalStepOf(engine.definitions.flow);
  const now = deps.now ?? (() => new Date());
  const filesUrl = deps.filesUrl ?? '/api/pdf/files';

  /** The chosen insurers, checked by the final step's own definition. */
  const chosenForms = (populateForms: unknown, lang?: Language): string[] => {
    const list = Array.isArray(populateForms)
      ? populateForms
      : populateForms === undefined || populateForms === null || populateForms === ''
        ? []
        : [populateForms];
    const errors = setupIn(lang).engine.evaluateStep(finalStep, { [finalStep]: { populate_forms: list } }).errors;
    if (errors.length) throw new GenerationError(errors[0].message);
    const ids = list as string[];
    const unmapped = ids.filter((id) => !forms.has(id));
    if (unmapped.length) throw new GenerationError(`No application form is mapped for ${unmapped.join(', ')}`);
    return ids;
  };

  const answersOf = async (user: U, clientId: number): Promise<ApplicationData> => {
    const data = await deps.loadAnswers(user, clientId);
    return { ...data, $context: { ...data.$context, clientId: String(clientId) } };
  };

  const manifestKey = (id: string): string => `generations/${id}/manifest.json`;

  /** The client's preferred language, read where the final step's `documentLanguage` says; else English. */
  const documentLanguageOf = (answers: ApplicationData): Language => {
    const rule = labels.documentLanguage;
    const value = rule ? getPath(answers, rule.from.split('.')) : undefined;
    return rule && typeof value === 'string' && rule.values[value] === 'fr' ? 'fr' : 'en';
  };

  return {
    chooseForms: chosenForms,

    async generate(user, clientId, populateForms, options = {}) {
      // The answer's language (refusals, summary) is the request's; the documents' the client's unless chosen.
      const answer = setupIn(options.lang);
      const ids = chosenForms(populateForms, options.lang);
      await deps.requireAccess(user, clientId);
      const answers = await answersOf(user, clientId);
      const language = options.language ?? documentLanguageOf(answers);
      const documentSetup = setupIn(language);
      const locale = { lang: language, words: textsIn(language) };
      const profile = await deps.loadAdviser?.(user);
      const { names } = prepareGeneration(answer.engine, answers, {
        populateForms: ids,
        clientId,
        adviser: adviserFor(profile, user.email, null),
      });
      // In good order first: each insurer needs a plan of its own (never another insurer's), then the adviser's code
      // with it. Each refusal names the insurer.
      const nameOf = (insurer: string): string => answer.labels.insurer[insurer] ?? insurer;
      const scoped = ids.map((insurer) => scopeToInsurer(answer.engine, answers, insurer, nameOf(insurer)));
      if (deps.loadAdviser) {
        const missing = ids.find((insurer) => !profile?.adviser_codes[insurer]?.trim());
        if (missing) throw new AdviserProfileError(`Add your adviser code for ${nameOf(missing)} in your profile`);
      }
      const generatedAt = now();
      const id = randomUUID();
      // The application's number on every page: this generation's, never the client's internal id.
      const applicationNumber = id.slice(0, 8).toUpperCase();
      const adviser: AdviserProfile | undefined = profile
        ? { ...profile, codes: profile.adviser_codes }
        : (answers.$context?.adviser as AdviserProfile | undefined);
      // One document at a time, yielding in between: other requests are served between documents, so a
      // generation never holds the event loop for more than one document's rendering.
      const documents: Uint8Array[] = [];
      const blocks: SignatureBlock[][] = [];
      const sources: AnswerSource[] = [];
      for (const [i, insurer] of ids.entries()) {
        await yieldToEventLoop();
        const data = normalizeData(documentSetup.engine, scoped[i]);
        const own = assemblePayload(documentSetup.engine, data, {
          populateForms: ids,
          clientId,
          insurer,
          adviser: adviserFor(profile, user.email, insurer),
        });
        // The cover's names and total from this insurer's own plans, never every insurer's.
        sources.push({ data, payload: own, names: generationNames(documentSetup.engine, data, own), locale });
        const rendered = await renderApplication({
          form: documentSetup.forms.get(insurer)!,
          source: sources[i],
          labels: documentSetup.labels,
          generatedAt,
          applicationNumber,
          adviser,
        });
        documents.push(rendered.bytes);
        blocks.push(rendered.signatureBlocks);
      }
      await yieldToEventLoop();
      const combined = await mergePdfs(documents, locale.words('Prefilled life insurance applications'));
      const summary = buildSummary(names, answer.labels, options.lang);
      const client = slug(summary.primary_insured) || `client-${clientId}`;
      const files = ids.map((insurer, i) => ({
        insurer,
        name: forms.get(insurer)!.mapping.displayName,
        key: `generations/${id}/${forms.get(insurer)!.name}.pdf`,
        filename: `${forms.get(insurer)!.name}-application-${client}.pdf`,
        signatureBlocks: blocks[i],
      }));
      const manifest: GenerationManifest = {
        id,
        client_id: clientId,
        user_id: user.id,
        created_at: generatedAt.toISOString(),
        populate_forms: ids,
        language,
        files,
        combined: { key: `generations/${id}/applications.pdf`, filename: `applications-${client}.pdf` },
        summary,
      };
      await Promise.all([
        ...files.map((f, i) => store.put(f.key, documents[i], 'application/pdf')),
        store.put(manifest.combined.key, combined, 'application/pdf'),
      ]);
      // The manifest last: a generation is downloadable only once all of its files are stored.
      await store.put(manifestKey(id), new TextEncoder().encode(JSON.stringify(manifest)), 'application/json');
      await deps.onGenerated?.({
        id,
        clientId,
        userId: user.id,
        createdAt: manifest.created_at,
        populateForms: ids,
        files: [
          ...files,
          {
            insurer: null,
            name: 'All chosen insurers',
            key: manifest.combined.key,
            filename: manifest.combined.filename,
          },
        ],
        summary,
        language,
      });
      return {
        data: {
          s3_url: `${filesUrl}/${id}/`,
          id,
          language,
          files: files.map((f, i) => ({
            insurer: f.insurer,
            name: f.name,
            url: `${filesUrl}/${id}/${f.insurer}/`,
            questionnaires: questionnairesToAttach(documentSetup.forms.get(f.insurer)!.mapping, sources[i]),
          })),
        },
        summary,
        manifest,
      };
    },

    async summary(user, clientId, populateForms, lang) {
      await deps.requireAccess(user, clientId);
      const setup = setupIn(lang);
      const data = await answersOf(user, clientId);
      const normalized = normalizeData(setup.engine, data);
      const payload = assemblePayload(setup.engine, normalized, { populateForms, clientId });
      return buildSummary(generationNames(setup.engine, normalized, payload), setup.labels, lang);
    },

    async payload(user, clientId, populateForms) {
      const ids = chosenForms(populateForms);
      await deps.requireAccess(user, clientId);
      const adviser = adviserFor(await deps.loadAdviser?.(user), user.email, ids.length === 1 ? ids[0] : null);
      return prepareGeneration(engine, await answersOf(user, clientId), { populateForms: ids, clientId, adviser })
        .payload;
    },

    async download(user, id, insurer) {
      if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
      const stored = await store.get(manifestKey(id));
      if (!stored) return undefined;
      const manifest = JSON.parse(new TextDecoder().decode(stored.bytes)) as GenerationManifest;
      await deps.requireAccess(user, manifest.client_id);
      const entry =
        insurer === undefined ? manifest.combined : manifest.files.find((f) => f.insurer === insurer.toUpperCase());
      if (!entry) return undefined;
      const file = await store.get(entry.key);
      return file ? { bytes: file.bytes, filename: entry.filename } : undefined;
    },
  };
}
