import { Type } from 'typebox';

/** The messages of email verification, shared by the route schemas, the handlers and the app's tests. */
export const VERIFY_MESSAGES = {
  linkInvalid: 'This verification link is not valid. Sign in and ask for a new one.',
  linkUsed: 'This verification link has already been used.',
  linkExpired: 'This verification link has expired (links work for 48 hours). Sign in and ask for a new one.',
  verified: 'Your email address is verified.',
  already: 'Your email address is already verified.',
  sent: 'We sent a new verification link to your email address. It works for 48 hours.',
  wait: 'A link was sent a moment ago. Please check your inbox, or ask again in a minute.',
  tooMany: 'Too many verification links were sent in the last hour. Please try again later.',
} as const;

const OBJECT = 'The request body must be a JSON object';

export const VerifyEmailRequest = Type.Object(
  {
    token: Type.String({
      pattern: '^[0-9a-f]{64}$',
      description: 'The token of the mailed link (64 hex digits)',
      errorMessage: VERIFY_MESSAGES.linkInvalid,
    }),
  },
  { title: 'VerifyEmailRequest', errorMessage: { type: OBJECT, required: { token: VERIFY_MESSAGES.linkInvalid } } },
);

export const VerifyEmailAnswer = Type.Object(
  {
    detail: Type.String({ description: 'What the page says' }),
    email_verified: Type.Literal(true),
  },
  { title: 'VerifyEmailAnswer' },
);
