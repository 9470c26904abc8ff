import { useContext } from 'react';
import { MatchesContext } from './contexts.ts';
import type { RouteObject } from './types.ts';

/**
 * The page's route the location matched (its `title` names the document's).
 * @returns - the route, or undefined outside a route table
 */
export function useMatchedRoute(): RouteObject | undefined {
  const matches = useContext(MatchesContext);
  return matches[matches.length - 1]?.route;
}
