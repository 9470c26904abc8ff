/**
 * What the screening page loads before the wizard can draw: the client's saved answers, the lists the steps look up
 * (clients, previous insureds) and the saved progress. The app's entry starts these requests as soon as it sees a
 * screening URL (App.tsx), while the wizard's code downloads; the page then takes that answer instead of asking again.
 */
import { getScreeningProgress } from '../api/client.ts';
import type { ScreeningProgress } from '../api/types.ts';
import type { ApplicationData } from '../../engine/index.ts';
import { loadApplication, loadClientChoices, loadPreviousInsureds } from './api.ts';

export type ScreeningData = [ApplicationData, unknown[] | null, unknown[] | null, ScreeningProgress | null];

/** A head start older than this is not taken: the page asks afresh. */
const FRESH_MS = 15_000;
let started: { clientId: string; at: number; data: Promise<ScreeningData> } | null = null;

/** Loads the screening's data for a client. */
export function loadScreeningData(clientId: string, signal?: AbortSignal): Promise<ScreeningData> {
  return Promise.all([
    loadApplication(clientId, signal, true),
    loadClientChoices(signal),
    loadPreviousInsureds(clientId, signal),
    getScreeningProgress(clientId, signal),
  ]);
}

/** Starts loading the screening's data before the page's code has arrived. */
export function startScreeningData(clientId: string): void {
  const data = loadScreeningData(clientId);
  // A failure is reported when the page takes it; until then it must not count as unhandled.
  data.catch(() => undefined);
  started = { clientId, at: Date.now(), data };
}

/** The data started for this client moments ago, once; null when there is none (the page then loads it). */
export function takeScreeningData(clientId: string): Promise<ScreeningData> | null {
  const head = started;
  started = null;
  return head && head.clientId === clientId && Date.now() - head.at < FRESH_MS ? head.data : null;
}
