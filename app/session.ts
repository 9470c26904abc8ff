/**
 * The adviser's session, kept in sessionStorage under the spec's keys (authToken, username, role).
 * sessionStorage ends with the tab, which is why "Remember me" has no effect.
 */

export interface Session {
  token: string;
  username: string;
  role: string;
}

const KEYS = { token: 'authToken', username: 'username', role: 'role' } as const;

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** @returns - the stored token, or null when nobody is signed in. */
export function getToken(): string | null {
  return storage()?.getItem(KEYS.token) ?? null;
}

/** @returns - the stored username, or null. The nav shows "User" when it is missing. */
export function getUsername(): string | null {
  return storage()?.getItem(KEYS.username) ?? null;
}

/** @returns - the stored role, or null. What a role allows is not specified. */
export function getRole(): string | null {
  return storage()?.getItem(KEYS.role) ?? null;
}

/** @returns - true while a token is stored. */
export function isSignedIn(): boolean {
  return Boolean(getToken());
}

/**
 * Stores a successful login.
 * @param session - token, username and role from POST /api/login/.
 */
export function saveSession(session: Session): void {
  const s = storage();
  if (!s) return;
  s.setItem(KEYS.token, session.token);
  s.setItem(KEYS.username, session.username);
  s.setItem(KEYS.role, session.role);
}

/** Forgets the session (logout). */
export function clearSession(): void {
  const s = storage();
  if (!s) return;
  s.removeItem(KEYS.token);
  s.removeItem(KEYS.username);
  s.removeItem(KEYS.role);
}
