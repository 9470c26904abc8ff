/** What a disabled account's login (or password reset) is told. */
export const DISABLED_MESSAGE =
  'This account is disabled. Please contact your agency administrator if you think this is a mistake.';

/**
 * What the app is told of an account's standing, from its row: whether its email is verified and it administers.
 * @param user - the account's row
 */
export function accountFlags(user: { email_verified_at: string | null; is_admin: number }) {
  return { email_verified: user.email_verified_at !== null, is_admin: user.is_admin === 1 };
}

/**
 * The language the account chose, as the app is told it at login and on user_info: 'en', 'fr', or null (never
 * chosen: the app keeps the device's or the browser's).
 * @param user - the account's row
 */
export function accountLanguage(user: { language: string | null }): 'en' | 'fr' | null {
  return user.language === 'en' || user.language === 'fr' ? user.language : null;
}

/**
 * The answer of a login (and of a password reset, which signs in): the session's token and what the app shows of
 * the account.
 * @param user - the account's row
 * @param session - the token just issued
 */
export function loginAnswer(
  user: {
    id: number;
    username: string;
    role: string;
    email_verified_at: string | null;
    is_admin: number;
    language: string | null;
  },
  session: { token: string; expiresAt: string },
) {
  return {
    token: session.token,
    username: user.username,
    role: user.role,
    user_id: user.id,
    expires_at: session.expiresAt,
    ...accountFlags(user),
    language: accountLanguage(user),
  };
}
