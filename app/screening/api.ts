/**
 * The screening's calls, through the app's API client (token header, the server's `error` field as the message).
 */
import { apiRequest, ApiError, listClients } from '../api/client.ts';
import type { ApplicationData, FieldError, JsonObject } from '../../engine/types.ts';

const id = (clientId: string): string => encodeURIComponent(clientId);

/** GET /api/screening/{clientId}/: every saved step record, keyed by step id. */
export function loadApplication(clientId: string, signal?: AbortSignal): Promise<ApplicationData> {
  return apiRequest<ApplicationData>(`/api/screening/${id(clientId)}/`, { signal, fallback: 'Failed to load data' }).then((d) => d ?? {});
}

/** A refused save: the message to show and the errors by field. */
export class SaveError extends Error {
  constructor(message: string, readonly errors: FieldError[], readonly status: number) {
    super(message);
    this.name = 'SaveError';
  }
}

/**
 * PUT /api/screening/{clientId}/{stepId}/: saves one step record whole.
 * @returns - the record as saved (hidden answers dropped, computed values recomputed)
 * @throws SaveError - with the server's errors on 400, or the fallback text
 */
export async function saveStep(clientId: string, stepId: string, record: JsonObject, fallback: string): Promise<JsonObject> {
  try {
    return (await apiRequest<JsonObject>(`/api/screening/${id(clientId)}/${encodeURIComponent(stepId)}/`, { method: 'PUT', body: record, fallback })) ?? record;
  } catch (e) {
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
    return (await listClients(signal)).results;
  } catch {
    return null;
  }
}

/** GET /api/clients/{clientId}/get_previous_proposed_insureds/; null when it failed. */
export async function loadPreviousInsureds(clientId: string, signal?: AbortSignal): Promise<unknown[] | null> {
  try {
    const body = await apiRequest<unknown[] | { results?: unknown[] } | null>(`/api/clients/${id(clientId)}/get_previous_proposed_insureds/`, {
      signal,
      fallback: 'Failed to fetch previous proposed insureds',
    });
    return Array.isArray(body) ? body : body?.results ?? [];
  } catch {
    return null;
  }
}

/** Why generation failed: `unavailable` when the server has no generation endpoint yet (404). */
export class GenerateError extends Error {
  constructor(message: string, readonly unavailable: boolean) {
    super(message);
    this.name = 'GenerateError';
  }
}

/**
 * POST /api/pdf/generate_pdf/ with the chosen insurers.
 * @returns - the link to the generated file (data.s3_url) and the generation's id (data.id)
 */
export async function generateApplication(clientId: string, populateForms: string[], fallback: string): Promise<{ url?: string; id?: string; body: unknown }> {
  try {
    const body = await apiRequest<{ data?: { s3_url?: string; id?: string }; s3_url?: string; id?: string } | null>('/api/pdf/generate_pdf/', {
      method: 'POST',
      body: { client_id: Number.isNaN(Number(clientId)) ? clientId : Number(clientId), populate_forms: populateForms },
      fallback,
    });
    return { url: body?.data?.s3_url ?? body?.s3_url, id: body?.data?.id ?? body?.id, body };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 405 || e.status === 501)) throw new GenerateError(e.message, true);
    throw new GenerateError(e instanceof Error && e.message ? e.message : fallback, false);
  }
}

/** DELETE /api/screening/{clientId}/: "Start Over" throws away the screening's answers and progress (the profile stays). */
export async function startScreeningOver(clientId: string): Promise<void> {
  await apiRequest(`/api/screening/${id(clientId)}/`, { method: 'DELETE', fallback: 'Failed to start the screening over' });
}
