import { Type } from 'typebox';
import { Id, Nullable } from '../http/routeSchemas.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from './checkPassword.ts';
import { SIGN_UP_LIMITS } from './signUpLimits.ts';

/**
 * The email's form as sent: something, an @, a domain with a dot. Spaces and invisible characters are the sign-up
 * check's to judge (it trims, folds with NFKC and names an invisible character), with SIGN_UP_LIMITS.emailPattern.
 */
export const EMAIL_AS_SENT = '^[^@]+@[^@]+\\.[^@]+$';

/**
 * The sign-up body: its fields' types, the email's form and the password's length, with the sign-up screen's
 * messages. What needs the normalized text or the other fields (look-alike names, a password that is the email or
 * guessable, a username that is someone else's email) is the handler's.
 */
export const SignUpRequest = Type.Object(
  {
    email: Type.String({
      pattern: EMAIL_AS_SENT,
      description: `Trimmed and lower-cased; needs a domain with a dot; at most ${SIGN_UP_LIMITS.emailMaxLength} characters`,
      errorMessage: 'Please enter a valid email address',
    }),
    password: Type.String({
      minLength: PASSWORD_MIN_LENGTH,
      maxLength: PASSWORD_MAX_LENGTH,
      description: 'Not the email, and not guessable (zxcvbn score 3 or more)',
      errorMessage: {
        type: PASSWORD_MESSAGES.short,
        minLength: PASSWORD_MESSAGES.short,
        maxLength: PASSWORD_MESSAGES.long,
      },
    }),
    username: Type.Optional(
      Nullable(
        Type.String({
          description: `At most ${SIGN_UP_LIMITS.usernameMaxLength} characters. Defaults to the email; one that looks like an email must be the account's own email`,
        }),
      ),
    ),

    language: Type.Optional(
      Type.String({
        enum: ['en', 'fr'],
        description: "The language of the account's mails (English when not given)",
        errorMessage: 'Please choose English (en) or French (fr)',
      }),
    ),
  },
  {
    title: 'SignUpRequest',
    errorMessage: {
      type: 'The request body must be a JSON object',
      required: { email: 'Please enter a valid email address', password: PASSWORD_MESSAGES.short },
      properties: { username: 'Please enter a valid username' },
    },
  },
);

export const Account = Type.Object({ email: Type.String(), username: Type.String() }, { title: 'Account' });

const REQUIRED = 'Username and password are required';

export const LoginRequest = Type.Object(
  {
    username: Type.String({ pattern: '\\S', description: 'A username or an email' }),
    password: Type.String(),
  },
  {
    title: 'LoginRequest',
    errorMessage: {
      type: 'The request body must be a JSON object',
      required: REQUIRED,
      properties: { username: REQUIRED, password: REQUIRED },
    },
  },
);

/** The account's language: its mails and the app's texts ('en', 'fr'); null while it has never chosen. */
const AccountLanguage = Type.Union([Type.Literal('en'), Type.Literal('fr'), Type.Null()], {
  description: "The account's language (its mails, and the app's texts once signed in); null: never chosen",
});

export const LoginAnswer = Type.Object(
  {
    token: Type.String({ description: 'Send as "Authorization: Token {token}"' }),
    username: Type.String(),
    role: Type.String(),
    user_id: Id,
    expires_at: Type.String({ format: 'date-time', description: 'When the token stops being accepted' }),
    email_verified: Type.Boolean({ description: "Whether a mailed link has verified the account's email" }),
    is_admin: Type.Boolean({ description: 'Whether the account may use the Admin page' }),
    language: AccountLanguage,
  },
  { title: 'LoginAnswer' },
);

export const UserInfo = Type.Object(
  {
    user_id: Id,
    username: Type.String(),
    email: Type.String(),
    role: Type.String(),
    email_verified: Type.Boolean({ description: "Whether a mailed link has verified the account's email" }),
    is_admin: Type.Boolean({ description: 'Whether the account may use the Admin page' }),
    language: AccountLanguage,
  },
  { title: 'UserInfo' },
);

/** PATCH /api/clients/user_info/: what the signed-in user may change of the account (its language). */
export const UserInfoChanges = Type.Object(
  {
    language: Type.String({
      enum: ['en', 'fr'],
      description: "The account's language: its mails and the app's texts",
      errorMessage: 'Please choose English (en) or French (fr)',
    }),
  },
  {
    title: 'UserInfoChanges',
    additionalProperties: false,
    errorMessage: {
      type: 'The request body must be a JSON object',
      required: { language: 'Please choose English (en) or French (fr)' },
    },
  },
);
