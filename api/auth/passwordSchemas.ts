import { Type } from 'typebox';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from './checkPassword.ts';
import { EMAIL_AS_SENT } from './authSchemas.ts';

/** The messages of the password pages, shared by the route schemas and the handlers. */
export const PASSWORD_PAGE_MESSAGES = {
  currentRequired: 'Please enter your current password',
  currentWrong: 'Your current password is incorrect',
  same: 'The new password must be different from your current password',
  linkInvalid: 'This password reset link is not valid. Please ask for a new one.',
  linkUsed: 'This password reset link has already been used. Please ask for a new one if you still need it.',
  linkExpired: 'This password reset link has expired (links work for 30 minutes). Please ask for a new one.',
  email: 'Please enter a valid email address',
  tooMany: 'Too many password reset requests. Please try again later.',
  sent: 'If an account uses this email address, we have sent it a link to reset its password. The link works for 30 minutes.',
} as const;

/** The new password: its length here (with the sign-up's messages); the rest of the sign-up rule in the handler. */
const NewPassword = Type.String({
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  description: 'The sign-up rule: not the email, and not guessable (zxcvbn score 3 or more)',
  errorMessage: {
    type: PASSWORD_MESSAGES.short,
    minLength: PASSWORD_MESSAGES.short,
    maxLength: PASSWORD_MESSAGES.long,
  },
});

const OBJECT = 'The request body must be a JSON object';

export const ChangePasswordRequest = Type.Object(
  {
    current_password: Type.String({
      minLength: 1,
      errorMessage: PASSWORD_PAGE_MESSAGES.currentRequired,
    }),
    new_password: NewPassword,
  },
  {
    title: 'ChangePasswordRequest',
    errorMessage: {
      type: OBJECT,
      required: { current_password: PASSWORD_PAGE_MESSAGES.currentRequired, new_password: PASSWORD_MESSAGES.short },
    },
  },
);

export const PasswordResetRequest = Type.Object(
  {
    email: Type.String({
      pattern: EMAIL_AS_SENT,
      maxLength: 320,
      description: 'The account’s email; the answer is the same whether or not an account uses it',
      errorMessage: PASSWORD_PAGE_MESSAGES.email,
    }),
  },
  {
    title: 'PasswordResetRequest',
    errorMessage: { type: OBJECT, required: { email: PASSWORD_PAGE_MESSAGES.email } },
  },
);

export const PasswordResetAnswer = Type.Object(
  { detail: Type.String({ description: 'What the page says: the same text for any well-formed email' }) },
  { title: 'PasswordResetAnswer' },
);

export const PasswordResetConfirm = Type.Object(
  {
    token: Type.String({
      pattern: '^[0-9a-f]{64}$',
      description: 'The token of the mailed link (64 hex digits)',
      errorMessage: PASSWORD_PAGE_MESSAGES.linkInvalid,
    }),
    new_password: NewPassword,
  },
  {
    title: 'PasswordResetConfirm',
    errorMessage: {
      type: OBJECT,
      required: { token: PASSWORD_PAGE_MESSAGES.linkInvalid, new_password: PASSWORD_MESSAGES.short },
    },
  },
);
