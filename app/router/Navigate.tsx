import { useEffect } from 'react';
import { useNavigate } from './useNavigate.ts';

/** Navigates once drawn (a redirect): `replace` to replace the entry, `state` given to the next page. */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}
