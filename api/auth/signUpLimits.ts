/**
 * What sign-up accepts besides the password (api/auth/checkPassword.ts): the sign-up check and the API document both
 * read these, so the document cannot drift from the check.
 */
export const SIGN_UP_LIMITS = {
  /** Something, an @, and a domain with a dot. */
  emailPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  emailMaxLength: 254,
  usernameMaxLength: 150,
} as const;
