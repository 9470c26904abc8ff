import type { Engine, ApplicationData } from '../../engine/index.ts';
import { DocumentCheckError, finalStepOf, scopeData } from '../../engine/index.ts';
import { normalizeData } from './checkScreening.ts';
import { checkPayload } from './checkPayload.ts';
import { IncompleteScreeningError, PayloadError } from './generationErrors.ts';
import type { AnswerSource, GenerationNames } from './answerPaths.ts';
import type { GenerationPayload } from './types.ts';

export { GenerationError, IncompleteScreeningError, PayloadError } from './generationErrors.ts';
export { normalizeData } from './checkScreening.ts';

export interface PayloadOptions {
  /** The insurers chosen (populate_forms). */
  populateForms: string[];
  /** The application's client; default basic.client_id, then $context.clientId. */
  clientId?: string | number;
  /** The insurer this payload is for (one insurer's application); absent for the payload of every chosen insurer. */
  insurer?: string;
  /** The adviser as the payload's `adviser` prints it ($context.adviser). */
  adviser?: Record<string, unknown>;
}

/**
 * The answers one insurer's application is built from: only the plans of that insurer's catalogue (the payload
 * mapping's `scope`).
 * @throws PayloadError "No plan is chosen for Manulife. …" when none of the plans is that insurer's
 */
export function scopeToInsurer(engine: Engine, data: ApplicationData, insurer: string, name: string): ApplicationData {
  const scope = engine.definitions.steps[finalStepOf(engine.definitions.flow)]?.documents?.payload?.scope;
  if (!scope) return data;
  try {
    return scopeData(scope, data, engine.definitions.flow.lists, insurer, name);
  } catch (error) {
    if (error instanceof DocumentCheckError) throw new PayloadError(error.code, error.message, error.field);
    throw error;
  }
}

/**
 * Checks the screening, then builds the generation payload from the engine's view of the saved answers.
 * @param engine - the engine over steps/
 * @param data - the saved application data, keyed by step id
 * @param options - the chosen insurers and the client
 * @throws IncompleteScreeningError naming the incomplete steps; PayloadError with the spec's message
 * @example const payload = buildPayload(engine, await screening.load(42), { populateForms: ['BMO'] });
 */
export function buildPayload(engine: Engine, data: ApplicationData, options: PayloadOptions): GenerationPayload {
  return prepareGeneration(engine, data, options).payload;
}

/**
 * buildPayload, also returning the engine's view of the data that the payload was built from
 * (the form mappings read both).
 * @throws IncompleteScreeningError, PayloadError
 */
export function prepareGeneration(engine: Engine, data: ApplicationData, options: PayloadOptions): AnswerSource {
  const incomplete = engine.incompleteSteps(data);
  if (incomplete.length) throw new IncompleteScreeningError(incomplete);
  const normalized = normalizeData(engine, data);
  const payload = assemblePayload(engine, normalized, options);
  return { payload, data: normalized, names: generationNames(engine, normalized, payload) };
}

/**
 * The names every output prints (the PDFs' first pages, signatures and beneficiary captions, the result's summary
 * cards), from the final step's summary document through the engine: "First M. Last" is written once, in
 * steps/<final>/documents/summary.json.
 */
export function generationNames(engine: Engine, data: ApplicationData, payload: GenerationPayload): GenerationNames {
  const document = engine.mapDocument(finalStepOf(engine.definitions.flow), 'summary', { ...data, payload }) as Record<
    string,
    unknown
  >;
  const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
  return {
    primary_insured: text(document.primary_insured),
    secondary_insured: text(document.secondary_insured),
    owner_name: text(document.owner_name),
    cover: Array.isArray(document.cover) ? (document.cover as GenerationNames['cover']) : [],
    cards: Array.isArray(document.cards) ? (document.cards as GenerationNames['cards']) : [],
    plans: plansOf(document.blocks),
    // An entry that maps to a list (an entity's signing officers) gives one line per item.
    signers: Array.isArray(document.signers) ? (document.signers.flat() as GenerationNames['signers']) : [],
  };
}

/** The rows of every plans table of the summary document's blocks. */
function plansOf(blocks: unknown): GenerationNames['plans'] {
  const tables = (blocks as { plans?: unknown } | null)?.plans;
  if (!Array.isArray(tables)) return [];
  return tables.flatMap((table: { rows?: unknown }) =>
    Array.isArray(table?.rows) ? (table.rows as GenerationNames['plans']) : [],
  );
}

/**
 * The spec's generation payload, built by the final step's payload document (steps/<final>/documents/payload.json)
 * from the engine's view of the answers: the mapping is data, so a new answer reaches the payload without code.
 * @param engine - the engine over steps/
 * @param data - normalizeData's view of the saved answers
 * @throws PayloadError with the document's check: its code, message and field; `payloadSchema` when the mapped
 * payload does not match the schema worked out from the mapping (checkPayload)
 */
export function assemblePayload(engine: Engine, data: ApplicationData, options: PayloadOptions): GenerationPayload {
  const final = finalStepOf(engine.definitions.flow);
  const clientId = options.clientId ?? data.$context?.clientId ?? null;
  const scope = {
    ...data,
    // The plans' catalogue: each plan row names its insurer.
    $lists: engine.definitions.flow.lists,
    $context: {
      ...data.$context,
      clientId,
      populateForms: options.populateForms,
      insurer: options.insurer ?? null,
      adviser: options.adviser ?? null,
    },
  };
  try {
    return checkPayload(engine, engine.mapDocument(final, 'payload', scope));
  } catch (error) {
    if (error instanceof DocumentCheckError) {
      throw new PayloadError(error.code, error.message, error.field);
    }
    throw error;
  }
}
