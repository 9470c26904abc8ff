import { useContext } from 'react';
import { LocationContext } from './contexts.ts';
import type { Location } from './types.ts';

/**
 * The location drawn: path, query, hash, the navigation's state and its entry's key.
 * @returns - the location
 */
export function useLocation(): Location {
  const location = useContext(LocationContext);
  if (!location) throw new Error('useLocation outside a <Router>');
  return location;
}
