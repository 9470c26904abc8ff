/**
 * The screening page's first load when the app opens on a step: the client's data and the step's definition, started
 * before React first draws (App.tsx's openedPageReady, which holds the page until they are in), so the page draws the
 * wizard in its first pass instead of a spinner, an effect and a second pass
 * (docs/decisions/performance-opened-page-one-pass.md).
 */
import type { JsonObject } from '../../engine/index.ts';
import { getToken } from '../sessionToken.ts';
import { isScreeningStep } from '../screening.ts';
import { loadSteps } from './definitions.ts';
import { loadScreeningData, type ScreeningData } from './screeningData.ts';

/** What the screening page draws the wizard from. */
export interface ScreeningLoaded {
  data: ScreeningData[0];
  /** Answers kept by "Save Progress" on a page that could not be saved yet, by step. */
  progressDrafts: Record<string, JsonObject>;
  clients: unknown[] | null;
  previousInsureds: unknown[] | null;
}

/** The page's shape of its loaded data: the saved progress's draft of its current step, if any. */
function screeningLoaded([data, clients, previousInsureds, progress]: ScreeningData): ScreeningLoaded {
  const kept = progress?.stepData?.[progress.currentStep];
  const progressDrafts =
    progress && kept && typeof kept === 'object' && !Array.isArray(kept)
      ? { [progress.currentStep]: kept as JsonObject }
      : {};
  return { data, clients, previousInsureds, progressDrafts };
}

/**
 * Loads the client's screening with the step's definition, so the wizard and the step's form are drawn in one pass
 * (docs/decisions/performance-step-in-one-pass.md). The definition is waited for settled, whatever its outcome: the
 * step's gate words a failure and offers its retry.
 * @param clientId - the route's client
 * @param step - the route's step
 * @param signal - aborts the data's requests
 * @returns - the page's data; rejects when the data could not be loaded
 */
export function loadStepAndData(
  clientId: string,
  step: string | undefined,
  signal?: AbortSignal,
): Promise<ScreeningLoaded> {
  const definition = isScreeningStep(step) ? loadSteps([step]).catch(() => undefined) : undefined;
  return Promise.all([loadScreeningData(clientId, signal), definition]).then(([data]) => screeningLoaded(data));
}

/** An opened load not taken within this long (the adviser went elsewhere first) is dropped: the page loads afresh. */
const OPENED_FRESH_MS = 15_000;

let opened: { clientId: string; loaded: ScreeningLoaded; at: number } | null = null;

/**
 * Starts the opened page's load (signed in only: signed out, the app goes to the login page).
 * @returns - settles once it is in or has failed
 */
export function prepareOpenedScreening(params: Record<string, string>): Promise<void> {
  const { clientId } = params;
  if (!clientId || !getToken()) return Promise.resolve();
  return loadStepAndData(clientId, params.step).then(
    (loaded) => {
      opened = { clientId, loaded, at: Date.now() };
    },
    () => undefined,
  );
}

/**
 * The opened page's data for this client, while fresh and until the page has drawn with it (forgetOpenedScreening):
 * a later visit to the page loads afresh. Read, not taken: React may call a state's initializer twice.
 */
export function openedScreening(clientId: string): ScreeningLoaded | null {
  return opened && opened.clientId === clientId && Date.now() - opened.at < OPENED_FRESH_MS ? opened.loaded : null;
}

/** Drops the opened page's data once the page has drawn with it. */
export function forgetOpenedScreening(): void {
  opened = null;
}
