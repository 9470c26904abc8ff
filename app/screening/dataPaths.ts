/**
 * The paths of what a screening step asks for before it can draw, written once: the page's requests
 * (screeningData.ts) and the app's entry, which starts the same requests before the page's code arrives (App.tsx),
 * must name exactly the same URLs for the page to take the entry's answers (app/api/client.ts, startGet).
 */
const id = (clientId: string): string => encodeURIComponent(clientId);

/** GET /api/screening/{clientId}/ (`?incomplete=true`: with the server's judgement of the answered steps). */
export const screeningPath = (clientId: string, judged = false): string =>
  `/api/screening/${id(clientId)}/${judged ? '?incomplete=true' : ''}`;

/** GET /api/clients/{clientId}/get_previous_proposed_insureds/. */
export const previousInsuredsPath = (clientId: string): string =>
  `/api/clients/${id(clientId)}/get_previous_proposed_insureds/`;

/** GET /api/insurance/screening-progress/get_progress/{clientId}/. */
export const progressPath = (clientId: string): string =>
  `/api/insurance/screening-progress/get_progress/${id(clientId)}/`;

/** The first page of the adviser's clients, as listAllClients first asks for it (the "Select Client" list). */
export const CLIENTS_PATH = '/api/clients/';

/** Every request a screening step opened directly makes before it draws, in the order the page makes them. */
export const screeningDataPaths = (clientId: string): string[] => [
  screeningPath(clientId, true),
  CLIENTS_PATH,
  previousInsuredsPath(clientId),
  progressPath(clientId),
];
