/**
 * The screening's calls, through the app's API client (token header, the server's `error` field as the message).
 */
import { i18n } from '../i18n/language.ts';
import 'virtual:messages/en/common';
import { apiRequest, ApiError, listAllClients } from '../api/client.ts';
import type { GenerationSummary } from '../api/types.ts';
import type { ApplicationData, FieldError, JsonObject } from '../../engine/index.ts';
import { rememberLock } from './answersLock.ts';
import { previousInsuredsPath, screeningPath } from './dataPaths.ts';
import { rememberIncomplete } from './incompleteAsLoaded.ts';
import { rememberEtag, rememberVersions, versionSeen } from './versions.ts';

const id = (clientId: string): string => encodeURIComponent(clientId);

/**
 * GET /api/screening/{clientId}/: every saved step record, keyed by step id (each step's version remembered, and
 * whether the answers are locked: answersLock).
 * @param judged - also ask which answered steps are not in good order (kept by incompleteAsLoaded): the wizard's step
 *   list, when it opens
 */
export function loadApplication(clientId: string, signal?: AbortSignal, judged = false): Promise<ApplicationData> {
  return apiRequest<ApplicationData>(screeningPath(clientId, judged), {
    signal,
    fallback: i18n._('common.api.loadData'),
  }).then((d) => {
    const { $versions, $incomplete, $locked, ...data } = d ?? {};
    rememberVersions(clientId, $versions);
    rememberIncomplete(data, $incomplete);
    rememberLock(data, $locked, i18n.locale);
    return data;
  });
}

/** A refused save: the message to show and the errors by field. */
export class SaveError extends Error {
  constructor(
    message: string,
    readonly errors: FieldError[],
    readonly status: number,
  ) {
    super(message);
    this.name = 'SaveError';
  }
}

type OtherSaves = (clientId: string, stepIds: string[]) => void;
const otherSaves = new Set<OtherSaves>();

/**
 * Calls `listener` when a save also wrote other steps' records (a proposed insured's links into basic), so the
 * window showing them can read them again instead of saving over them.
 * @returns - the unsubscribe function
 */
export function onOtherStepsSaved(listener: OtherSaves): () => void {
  otherSaves.add(listener);
  return () => otherSaves.delete(listener);
}

/** A save refused because another window saved the step first (412): what is stored now, and its version. */
export class ConflictError extends SaveError {
  constructor(
    message: string,
    readonly current: JsonObject,
    readonly version: number,
  ) {
    super(message, [], 412);
    this.name = 'ConflictError';
  }
}

/**
 * PUT /api/screening/{clientId}/{stepId}/: saves one step record whole, over the version this window saw.
 * @returns - the record as saved (hidden answers dropped, computed values recomputed)
 * @throws ConflictError - when another window saved the step since (412)
 * @throws SaveError - with the server's errors on 400, or the fallback text
 */
export async function saveStep(
  clientId: string,
  stepId: string,
  record: JsonObject,
  fallback: string,
): Promise<JsonObject> {
  const version = versionSeen(clientId, stepId);
  let others: string[] = [];
  try {
    const stored =
      (await apiRequest<JsonObject>(`/api/screening/${id(clientId)}/${encodeURIComponent(stepId)}/`, {
        method: 'PUT',
        body: record,
        fallback,
        headers: version === undefined ? {} : { 'If-Match': `"${version}"` },
        onHeaders: (headers) => {
          rememberEtag(clientId, stepId, headers.get('etag'));
          others = [...(headers.get('x-step-versions') ?? '').matchAll(/([\w-]+)=("\d+")/g)].map(([, other, etag]) => {
            rememberEtag(clientId, other, etag);
            return other;
          });
        },
      })) ?? record;
    if (others.length) for (const listener of otherSaves) listener(clientId, others);
    return stored;
  } catch (e) {
    if (e instanceof ApiError && e.status === 412) {
      const body = e.body as { current?: JsonObject; version?: number } | null;
      throw new ConflictError(
        e.message || 'This step was changed in another window',
        body?.current ?? {},
        Number(body?.version ?? 0),
      );
    }
    if (e instanceof ApiError) {
      const body = e.body as { errors?: FieldError[] } | null;
      const errors = Array.isArray(body?.errors) ? body.errors.filter((x) => x && typeof x.message === 'string') : [];
      throw new SaveError(e.message || fallback, errors, e.status);
    }
    throw new SaveError(fallback, [], 0);
  }
}

/** The clients for the "Select Client" list; null when they could not be loaded. */
export async function loadClientChoices(signal?: AbortSignal): Promise<unknown[] | null> {
  try {
    return await listAllClients(signal);
  } catch {
    return null;
  }
}

/** GET /api/clients/{clientId}/get_previous_proposed_insureds/; null when it failed. */
export async function loadPreviousInsureds(clientId: string, signal?: AbortSignal): Promise<unknown[] | null> {
  try {
    const body = await apiRequest<unknown[] | { results?: unknown[] } | null>(previousInsuredsPath(clientId), {
      signal,
      fallback: i18n._('common.api.previousInsureds'),
    });
    return Array.isArray(body) ? body : (body?.results ?? []);
  } catch {
    return null;
  }
}

/** Why generation failed: `unavailable` when the server has no generation endpoint yet (404). */
export class GenerateError extends Error {
  constructor(
    message: string,
    readonly unavailable: boolean,
    /** The page that fixes the refusal (the adviser's profile), when the server names one. */
    readonly link?: string,
  ) {
    super(message);
    this.name = 'GenerateError';
  }
}

/**
 * POST /api/pdf/generate_pdf/ with the chosen insurers.
 * @returns - the link to the generated file (data.s3_url), the generation's id (data.id) and each insurer's
 *   questionnaires to attach
 */
export async function generateApplication(
  clientId: string,
  populateForms: string[],
  fallback: string,
): Promise<{
  url?: string;
  id?: string;
  summary?: GenerationSummary;
  questionnaires: { name: string; titles: string[] }[];
  body: unknown;
}> {
  try {
    const body = await apiRequest<{
      data?: { s3_url?: string; id?: string; files?: { name?: string; questionnaires?: string[] }[] };
      s3_url?: string;
      id?: string;
      summary?: GenerationSummary;
    } | null>('/api/pdf/generate_pdf/', {
      method: 'POST',
      body: { client_id: Number.isNaN(Number(clientId)) ? clientId : Number(clientId), populate_forms: populateForms },
      fallback,
    });
    // "Questionnaires to attach": each insurer's questionnaires the answers call for, insurers without one left out.
    const questionnaires = (body?.data?.files ?? [])
      .map((f) => ({ name: f.name ?? '', titles: f.questionnaires ?? [] }))
      .filter((f) => f.titles.length);
    return {
      url: body?.data?.s3_url ?? body?.s3_url,
      id: body?.data?.id ?? body?.id,
      summary: body?.summary,
      questionnaires,
      body,
    };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 405 || e.status === 501))
      throw new GenerateError(e.message, true);
    const link = e instanceof ApiError ? (e.body as { link?: unknown } | null)?.link : undefined;
    throw new GenerateError(
      e instanceof Error && e.message ? e.message : fallback,
      false,
      typeof link === 'string' && link.startsWith('/') ? link : undefined,
    );
  }
}

/** DELETE /api/screening/{clientId}/: "Start Over" throws away the screening's answers and progress (the profile stays). */
export async function startScreeningOver(clientId: string): Promise<void> {
  await apiRequest(`/api/screening/${id(clientId)}/`, {
    method: 'DELETE',
    fallback: i18n._('common.api.restartScreening'),
  });
  // Nothing is stored any more: the next save of each step creates its record (version 0).
  rememberVersions(clientId, {});
}
