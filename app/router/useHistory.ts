import { useContext } from 'react';
import type { AppHistory } from './createHistory.ts';
import { HistoryContext } from './contexts.ts';

/**
 * The history of the enclosing <Router>.
 * @returns - the history
 */
export function useHistory(): AppHistory {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('useHistory outside a <Router>');
  return history;
}
