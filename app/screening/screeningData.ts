/**
 * What the screening page loads before the wizard can draw: the client's saved answers, the lists the steps look up
 * (clients, previous insureds) and the saved progress. The app's entry starts these same requests as soon as it sees
 * a screening URL (App.tsx, with startGet and the paths of dataPaths.ts), while the wizard's code downloads; the
 * page's requests then take those answers instead of asking again (app/api/client.ts).
 */
import { getScreeningProgress } from '../api/client.ts';
import type { ScreeningProgress } from '../api/types.ts';
import type { ApplicationData } from '../../engine/index.ts';
import { loadApplication, loadClientChoices, loadPreviousInsureds } from './api.ts';

export type ScreeningData = [ApplicationData, unknown[] | null, unknown[] | null, ScreeningProgress | null];

/** Loads the screening's data for a client (dataPaths.ts's screeningDataPaths, in that order). */
export function loadScreeningData(clientId: string, signal?: AbortSignal): Promise<ScreeningData> {
  return Promise.all([
    loadApplication(clientId, signal, true),
    loadClientChoices(signal),
    loadPreviousInsureds(clientId, signal),
    getScreeningProgress(clientId, signal),
  ]);
}
