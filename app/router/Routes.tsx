import { useMemo, type ReactNode } from 'react';
import { MatchesContext, OutletContext } from './contexts.ts';
import { matchRoutes } from './matchRoutes.ts';
import type { RouteObject } from './types.ts';
import { useLocation } from './useLocation.ts';

/**
 * Draws the route table at the location: the layout, its <Outlet /> the page. Elements are not keyed by route, so
 * a page of the same component at another path (another step of the wizard) keeps its state, as before.
 */
export function Routes({ routes }: { routes: RouteObject[] }) {
  const { pathname } = useLocation();
  const matches = useMemo(() => matchRoutes(routes, pathname), [routes, pathname]);
  let drawn: ReactNode = null;
  for (let i = matches.length - 1; i >= 0; i--)
    drawn = <OutletContext.Provider value={drawn}>{matches[i].route.element}</OutletContext.Provider>;
  return <MatchesContext.Provider value={matches}>{drawn}</MatchesContext.Provider>;
}
