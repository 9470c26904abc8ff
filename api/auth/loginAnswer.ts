/** What a disabled account's login (or password reset) is told. */
export const DISABLED_MESSAGE =
  'This account is disabled. Please contact your agency administrator if you think this is a mistake.';

/**
 * The answer of a login (and of a password reset, which signs in): the session's token and what the app shows of
 * the account.
 * @param user - the account's row
 * @param session - the token just issued
 */
export function loginAnswer(
  user: { id: number; username: string; role: string; email_verified_at: string | null; is_admin: number },
  session: { token: string; expiresAt: string },
) {
  return {
    token: session.token,
    username: user.username,
    role: user.role,
    user_id: user.id,
    expires_at: session.expiresAt,
    email_verified: user.email_verified_at !== null,
    is_admin: user.is_admin === 1,
  };
}
