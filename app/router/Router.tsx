import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Router as WouterRouter } from 'wouter';
import type { AppHistory } from './createHistory.ts';
import type { Navigate } from './types.ts';
import { HistoryContext, LocationContext } from './contexts.ts';
import { useLocation } from './useLocation.ts';
import { useHistory } from './useHistory.ts';

// wouter's location hooks, over the location drawn: its Link, useSearchParams and useSearch go through them.
function usePath() {
  const path: [string, Navigate] = [useLocation().pathname, useHistory().navigate];
  return path;
}
function useSearch() {
  return useLocation().search;
}

/**
 * Provides the history to the app. A navigation redraws in a transition, as react-router's did: the page left
 * stays on screen while the next one's code loads, instead of a spinner in between.
 */
export function Router({ history, children }: { history: AppHistory; children: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  useEffect(() => {
    const update = () => startTransition(() => setLocation(history.location));
    update();
    return history.subscribe(update);
  }, [history]);
  return (
    <HistoryContext.Provider value={history}>
      <LocationContext.Provider value={location}>
        <WouterRouter hook={usePath} searchHook={useSearch}>
          {children}
        </WouterRouter>
      </LocationContext.Provider>
    </HistoryContext.Provider>
  );
}
