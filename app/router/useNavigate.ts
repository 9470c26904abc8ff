import { useHistory } from './useHistory.ts';
import type { Navigate } from './types.ts';

/**
 * Navigation from code: `navigate(to, { replace, state })`, or `navigate(-1)` for back. A blocker may hold it.
 * @returns - the navigate function (stable: the history's own)
 */
export function useNavigate(): Navigate {
  return useHistory().navigate;
}
