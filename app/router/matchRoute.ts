/**
 * Matches a route pattern as the app's router does: `:name` takes one segment (decoded), other segments match
 * without regard to case, and a trailing slash is optional. Pure: the page's inline head start (app/headStart.ts)
 * runs it too, so both agree on every URL.
 * @returns - the parameters, or null when the path is not the route's
 */
export function matchRoute(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.replace(/\/+$/, '').split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  if (got.length !== want.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      if (!got[i]) return null;
      try {
        params[want[i].slice(1)] = decodeURIComponent(got[i]);
      } catch {
        return null;
      }
    } else if (want[i].toLowerCase() !== got[i].toLowerCase()) return null;
  }
  return params;
}
