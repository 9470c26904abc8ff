/**
 * Unsaved answers, kept in localStorage per client and step so nothing typed is lost: a reload, a closed tab or a
 * failed save finds them again. A successful save of the step removes its draft.
 */
import { mapSecrets, secretFields } from '../../engine/index.ts';
import type { JsonObject, StepDefinition } from '../../engine/index.ts';
import { DRAFT_PREFIX, draftStorage } from './draftStorage.ts';

/** How long an unsaved draft is kept in this browser: after that it is removed, never restored. */
export const DRAFT_DAYS = 7;
const DRAFT_MS = DRAFT_DAYS * 24 * 60 * 60 * 1000;

export interface StepDraft {
  record: JsonObject;
  /** The page of the step the adviser was on, for steps with sub-pages. */
  page?: string;
  savedAt: string;
}

const key = (clientId: string, stepId: string): string => `${DRAFT_PREFIX}${clientId}:${stepId}`;
const storage = draftStorage;

/** @returns - the unsaved answers of a step, or null (an expired or unreadable draft is removed). */
export function readDraft(clientId: string, stepId: string, now = Date.now()): StepDraft | null {
  const raw = storage()?.getItem(key(clientId, stepId));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as StepDraft;
    const age = now - Date.parse(parsed?.savedAt ?? '');
    if (!(age <= DRAFT_MS)) {
      clearDraft(clientId, stepId);
      return null;
    }
    return typeof parsed.record === 'object' && parsed.record !== null ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Keeps a step's unsaved answers (quota errors are ignored: the form still holds them). Secret answers (a SIN,
 * `x-secret` in the step's schema) are left out: they are never kept in the browser.
 * @param step - the step's definition, for its secret fields
 */
export function writeDraft(
  clientId: string,
  stepId: string,
  record: JsonObject,
  page: string | undefined,
  step: StepDefinition | undefined,
): void {
  const kept = mapSecrets(record, secretFields(step), () => undefined);
  try {
    storage()?.setItem(
      key(clientId, stepId),
      JSON.stringify({ record: kept, page, savedAt: new Date().toISOString() } satisfies StepDraft),
    );
  } catch {
    // Storage full or disabled.
  }
}

/** Forgets a step's unsaved answers (after a successful save, or Discard). */
export function clearDraft(clientId: string, stepId: string): void {
  storage()?.removeItem(key(clientId, stepId));
}
