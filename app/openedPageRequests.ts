/**
 * The API requests a page makes before it can draw, known from its URL alone: what the page's inline head start
 * (app/headStart.ts) asks for while the app's code is still downloading. The routes are App.tsx's own patterns, matched
 * by the router's own matchRoute.
 */
import { matchRoute } from './router/matchRoute.ts';
import { CLIENTS_PATH, screeningDataPaths } from './screening/dataPaths.ts';

export const DASHBOARD_ROUTE = '/dashboard';
export const SCREENING_PROMPT_ROUTE = '/client/:clientId/screening/prompt';
export const SCREENING_STEP_ROUTE = '/client/:clientId/screening/:step';

/**
 * @param pathname - the page's path
 * @param search - its query string ("" or "?...")
 * @returns - the paths of the GET requests the page opened at that URL makes first, exactly as it makes them
 */
export function openedPageRequests(pathname: string, search: string): string[] {
  if (matchRoute(SCREENING_PROMPT_ROUTE, pathname)) return [];
  const step = matchRoute(SCREENING_STEP_ROUTE, pathname);
  if (step) return screeningDataPaths(step.clientId);
  // The dashboard's client list as it first asks for it (no page, sort or search in the URL: the server's defaults).
  if (matchRoute(DASHBOARD_ROUTE, pathname) && !search) return [CLIENTS_PATH];
  return [];
}
