import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { ApiError, badRequest } from '../http/apiError.ts';
import { perAddress } from '../http/limitsPlugin.ts';
import { userOf } from '../http/requestHelpers.ts';
import { Success, errorResponses } from '../http/routeSchemas.ts';
import { schemaErrors } from '../http/schemaErrors.ts';
import type { FieldError } from '../types.ts';
import { Account, LoginAnswer, LoginRequest, SignUpRequest, UserInfo, UserInfoChanges } from './authSchemas.ts';
import { nameUser } from './authPlugin.ts';
import { passwordProblem } from './checkPassword.ts';
import { hashPassword, verifyPassword } from './hashPassword.ts';
import { identityProblem, normalizeEmail, normalizeUsername } from './identity.ts';
import { createLinkTokens, VERIFY_TTL_MS } from './createLinkTokens.ts';
import { accountFlags, accountLanguage, DISABLED_MESSAGE, loginAnswer } from './loginAnswer.ts';
import { sendAccountNotice } from './sendAccountNotice.ts';
import { SIGN_UP_LIMITS } from './signUpLimits.ts';

const EMAIL = new RegExp(SIGN_UP_LIMITS.emailPattern);
const USERNAME_NOT_OWN_EMAIL = 'A username that is an email address must be your own email';

/** True for a unique-constraint violation on either database. */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A sign-up refusal with its first message as `detail` too. */
function withDetail(error: ApiError): ApiError {
  error.body.detail = error.body.error;
  return error;
}

function duplicate(message: string, field: string): ApiError {
  return new ApiError(400, { error: message, detail: message, errors: [{ field, message }] });
}

/**
 * The account routes (encapsulated): POST /users/ (sign-up), POST /login/, POST /logout/ and
 * GET /clients/user_info/. Sign-up and login are public and limited per address.
 */
export const authRoutes = fp(
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = app.database;
    const { tokens, loginThrottle: throttle } = app;
    const verifications = createLinkTokens(db, 'email_verifications', VERIFY_TTL_MS);

    app.post(
      '/users/',
      {
        config: { public: true, rateLimit: perAddress(app.rateLimits.signup) },
        schema: {
          tags: ['accounts'],
          summary:
            'Create an account (username defaults to the email). A registered email gets the same answer (its owner is notified instead).',
          security: [],
          body: SignUpRequest,
          response: {
            201: { ...Account, description: 'Created (or the email was registered already: the same answer)' },
            ...errorResponses(400, 429),
          },
        },
        // The sign-up screen reads `detail`: the first message again, for the schema's refusals as for the handler's.
        schemaErrorFormatter: (errors, part) => withDetail(schemaErrors(errors, part)),
      },
      async (request, reply) => {
        const body = request.body;
        const errors: FieldError[] = [];
        const email = normalizeEmail(body.email);
        const emailProblem = identityProblem(email, 'email');
        if (emailProblem) errors.push({ field: 'email', message: emailProblem });
        else if (!EMAIL.test(email) || email.length > SIGN_UP_LIMITS.emailMaxLength)
          errors.push({ field: 'email', message: 'Please enter a valid email address' });
        const givenName = typeof body.username === 'string' ? normalizeUsername(body.username) : '';
        const username = givenName || email;
        const usernameProblem = givenName
          ? identityProblem(givenName, givenName.includes('@') ? 'email' : 'username')
          : undefined;
        const password = body.password;
        const problem = passwordProblem(password, { email, username });
        if (problem) errors.push({ field: 'password', message: problem });
        if (usernameProblem) errors.push({ field: 'username', message: usernameProblem });
        else if (username.length > SIGN_UP_LIMITS.usernameMaxLength)
          errors.push({ field: 'username', message: 'Username must be at most 150 characters' });
        // A username is unique across usernames and emails: one with an @ could be someone else's address.
        else if (username.includes('@') && username.toLowerCase() !== email)
          errors.push({ field: 'username', message: USERNAME_NOT_OWN_EMAIL });
        if (errors.length) throw withDetail(badRequest(errors));
        const existing = await db
          .selectFrom('users')
          .select(['id', 'email', 'username', 'language'])
          .where((eb) =>
            eb.or([eb('email', '=', email), eb(eb.fn('lower', ['username']), '=', username.toLowerCase())]),
          )
          .execute();
        const owner = existing.find((u) => u.email === email);
        if (existing.some((u) => u !== owner && u.username.toLowerCase() === username.toLowerCase()))
          throw duplicate('A user with that username already exists', 'username');
        // The hash is computed either way, so a registered email takes as long to answer as a new one.
        const password_hash = await hashPassword(password);
        let created: number | undefined;
        if (!owner) {
          try {
            const row = await db
              .insertInto('users')
              .values({
                email,
                username,
                password_hash,
                role: 'adviser',
                created_at: new Date().toISOString(),
                language: body.language ?? null,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            created = row.id;
          } catch (err) {
            // Someone registered the same email (or username) a moment ago: answered like any registered email.
            if (!isUniqueViolation(err)) throw err;
          }
        }
        if (created !== undefined) {
          // The welcome carries the link that verifies the email (48 hours, single-use).
          const token = await verifications.issue(created);
          const verifyUrl = app.mail.link('/verify-email', { token });
          sendAccountNotice(
            app.mail,
            { kind: 'welcome', userId: created, to: email, values: { verifyUrl } },
            body.language,
          );
        } else {
          // A sign-up that lost a race to the same email finds its owner now.
          const account =
            owner ??
            (await db.selectFrom('users').select(['id', 'language']).where('email', '=', email).executeTakeFirst());
          if (account)
            sendAccountNotice(
              app.mail,
              { kind: 'already-registered', userId: account.id, to: email },
              account.language,
            );
        }
        return reply.code(201).send({ email, username });
      },
    );

    app.post(
      '/login/',
      {
        config: { public: true, rateLimit: perAddress(app.rateLimits.login) },
        schema: {
          tags: ['accounts'],
          summary: 'Log in with username (or email) and password; answers a token for "Authorization: Token {token}"',
          security: [],
          body: LoginRequest,
          response: { 200: LoginAnswer, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request, reply) => {
        const { body } = request;
        const name = normalizeUsername(body.username);
        const problem = identityProblem(name, name.includes('@') ? 'email' : 'username');
        if (problem) throw badRequest([{ field: 'username', message: problem }]);
        const matches = await db
          .selectFrom('users')
          .selectAll()
          .where((eb) =>
            eb.or([eb(eb.fn('lower', ['username']), '=', name.toLowerCase()), eb('email', '=', name.toLowerCase())]),
          )
          .orderBy('id')
          .execute();
        // An address names its own account first: an older account whose username is someone else's email cannot
        // take that person's logins.
        const user = matches.find((u) => u.email === name.toLowerCase()) ?? matches[0];
        // One account, one count: its email and its username share the failures (an unknown name counts as itself).
        const counted = user ? `account:${user.id}` : name;
        const wait = await throttle.wait(counted, request.ip);
        if (wait > 0) {
          reply.header('retry-after', String(Math.ceil(wait / 1000)));
          throw new ApiError(429, { error: 'Too many failed login attempts. Please try again later.' });
        }
        const ok = await verifyPassword(body.password.slice(0, 256), user?.password_hash);
        if (!user || !ok) {
          await throttle.fail(counted, request.ip);
          throw new ApiError(401, { error: 'Invalid credentials' });
        }
        await throttle.succeed(counted, request.ip);
        nameUser(request, reply, user.id);
        // Told only to who knows the password: a disabled account's name alone says nothing.
        if (user.disabled_at) throw new ApiError(403, { error: DISABLED_MESSAGE, errors: [] });
        const session = await tokens.issue(user.id, { userAgent: request.headers['user-agent'], address: request.ip });
        return loginAnswer(user, session);
      },
    );

    app.post(
      '/logout/',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Revoke the token of this request',
          response: { 200: Success, ...errorResponses(401) },
        },
      },
      async (request) => {
        userOf(request);
        const token = /^Token\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
        if (token) await tokens.revoke(token);
        return { success: true } as const;
      },
    );

    app.get(
      '/clients/user_info/',
      {
        schema: {
          tags: ['accounts'],
          summary: 'The signed-in user',
          response: { 200: UserInfo, ...errorResponses(401) },
        },
      },
      async (request) => {
        const me = userOf(request);
        // Read anew, not from the session cache: a link opened in another browser verifies the email at once.
        return userInfo(me.id);
      },
    );

    app.patch(
      '/clients/user_info/',
      {
        schema: {
          tags: ['accounts'],
          summary: "Change the signed-in user's language (its mails and the app's texts, applied at each login)",
          body: UserInfoChanges,
          response: { 200: UserInfo, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const me = userOf(request);
        await db.updateTable('users').set({ language: request.body.language }).where('id', '=', me.id).execute();
        return userInfo(me.id);
      },
    );

    async function userInfo(id: number) {
      const user = await db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'role', 'email_verified_at', 'is_admin', 'language'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return {
        user_id: user.id,
        username: user.username,
        email: user.email,
        role: user.role,
        ...accountFlags(user),
        language: accountLanguage(user),
      };
    }
  },
  { name: 'authRoutes', encapsulate: true, dependencies: ['db', 'limits', 'auth', 'mail'] },
);
