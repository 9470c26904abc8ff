import { useContext } from 'react';
import { MatchesContext } from './contexts.ts';

/**
 * The matched route's path parameters, decoded.
 * @returns - the parameters by name (absent when the route has none of that name)
 */
export function useParams(): Partial<Record<string, string>> {
  const matches = useContext(MatchesContext);
  return matches[matches.length - 1]?.params ?? {};
}
