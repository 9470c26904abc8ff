/**
 * The adviser's session, kept in sessionStorage under the spec's keys (authToken, username, role).
 * sessionStorage ends with the tab, which is why "Remember me" has no effect.
 */
import { clearDrafts } from './screening/draftStorage.ts';
import { activateLanguage, type Language } from './i18n/language.ts';
import { getToken, sessionStore as storage, TOKEN_KEY } from './sessionToken.ts';

export interface Session {
  token: string;
  username: string;
  role: string;
  /** false until a mailed link verifies the account's email (the app shows a banner meanwhile). */
  emailVerified?: boolean;
  /** The account may use the Admin page. */
  isAdmin?: boolean;
  /** The language the account chose (applied at login); null or missing: never chosen, the device's stays. */
  language?: Language | null;
}

const KEYS = {
  token: TOKEN_KEY,
  username: 'username',
  role: 'role',
  unverified: 'emailUnverified',
  admin: 'isAdmin',
} as const;

export { getToken };

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
 * Stores a successful login, and shows the account's language when it chose one.
 * @param session - token, username and role from POST /api/login/.
 */
export function saveSession(session: Session): void {
  const s = storage();
  if (!s) return;
  s.setItem(KEYS.token, session.token);
  s.setItem(KEYS.username, session.username);
  s.setItem(KEYS.role, session.role);
  if (session.emailVerified === false) s.setItem(KEYS.unverified, '1');
  else s.removeItem(KEYS.unverified);
  if (session.isAdmin) s.setItem(KEYS.admin, '1');
  else s.removeItem(KEYS.admin);
  // The account's language follows it to any device: applied (and remembered here) as it signs in.
  if (session.language) void activateLanguage(session.language);
}

/** @returns - true while the signed-in account's email waits for its verification link. */
export function isEmailUnverified(): boolean {
  return storage()?.getItem(KEYS.unverified) === '1';
}

/** The link was opened (or the server says the email is verified): the banner goes. */
export function markEmailVerified(): void {
  storage()?.removeItem(KEYS.unverified);
}

/** @returns - true when the signed-in account is an administrator (the server checks each admin call anyway). */
export function isAdminSession(): boolean {
  return storage()?.getItem(KEYS.admin) === '1';
}

/** What the login page is told by a page that needed a session: where to go back to, and whether one just ended. */
export interface LoginState {
  from?: string;
  /** The server refused the session (expired, or logged out from another window): the login page says so. */
  ended?: boolean;
}

/**
 * Where to go after a login: the page that asked for it, when it is one of ours (a path, never another site).
 * @param state - the router location's state on the login page
 */
export function returnPath(state: unknown): string {
  const from = (state as LoginState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/'
    ? from
    : '/dashboard';
}

/** Forgets the session (logout), with every unsaved screening draft kept in this browser (they may hold medical answers). */
export function clearSession(): void {
  clearDrafts();
  const s = storage();
  if (!s) return;
  s.removeItem(KEYS.token);
  s.removeItem(KEYS.username);
  s.removeItem(KEYS.role);
  s.removeItem(KEYS.unverified);
  s.removeItem(KEYS.admin);
}

const endedListeners = new Set<() => void>();
let endedCount = 0;

/**
 * The server refused this tab's token (it expired, or a logout in another window revoked it): the session is
 * forgotten as on logout, and the signed-in pages hear of it (onSessionEnded) and go to the login page.
 */
export function endSession(): void {
  if (!getToken()) return;
  clearSession();
  endedCount += 1;
  for (const listener of endedListeners) listener();
}

/**
 * Subscribes to endSession, in the shape of React's useSyncExternalStore (with sessionEndings as the snapshot).
 * @returns - the function that unsubscribes
 */
export function onSessionEnded(listener: () => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

/** @returns - how many sessions this page has seen end (changes each time one does). */
export function sessionEndings(): number {
  return endedCount;
}
