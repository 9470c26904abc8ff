/**
 * The session's token as stored (sessionStorage, the spec's key), with nothing else: the page's inline head start
 * (app/headStart.ts) reads it before the app's code arrives.
 */
export const TOKEN_KEY = 'authToken';

/** sessionStorage, or nothing where the browser refuses it (or outside a browser). */
export function sessionStore(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** @returns - the stored token, or null when nobody is signed in. */
export function getToken(): string | null {
  return sessionStore()?.getItem(TOKEN_KEY) ?? null;
}
