import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, badRequest } from '../http/apiError.ts';
import { perAddress } from '../http/limitsPlugin.ts';
import { userOf } from '../http/requestHelpers.ts';
import { Success, errorResponses } from '../http/routeSchemas.ts';
import { LoginAnswer } from './authSchemas.ts';
import { passwordProblem } from './checkPassword.ts';
import { createLinkTokens, RESET_TTL_MS, type LinkRefusal } from './createLinkTokens.ts';
import { hashPassword, verifyPassword } from './hashPassword.ts';
import { DISABLED_MESSAGE, loginAnswer } from './loginAnswer.ts';
import { normalizeEmail } from './identity.ts';
import {
  ChangePasswordRequest,
  PASSWORD_PAGE_MESSAGES as M,
  PasswordResetAnswer,
  PasswordResetConfirm,
  PasswordResetRequest,
} from './passwordSchemas.ts';

const REFUSALS: Record<LinkRefusal, string> = { invalid: M.linkInvalid, used: M.linkUsed, expired: M.linkExpired };

function tooMany(reply: FastifyReply, waitMs: number, message: string): ApiError {
  reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
  return new ApiError(429, { error: message, errors: [] });
}

/**
 * Passwords (encapsulated): POST /password/change/ (signed in), POST /password/reset/ (asks for a mailed link) and
 * POST /password/reset/confirm/ (sets the password with the link's token). The new password follows the sign-up's
 * rule (passwordProblem); a set password ends the account's other sessions (every one after a reset) and is mailed
 * about.
 */
export const passwordRoutes = fp(
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = app.database;
    const { tokens, loginThrottle, resetThrottles, mail } = app;
    const resets = createLinkTokens(db, 'password_resets', RESET_TTL_MS);

    /** Stores the new hash, voids the reset links, ends the sessions (but `keep`) and mails the account. */
    const setPassword = async (
      user: { id: number; email: string; language: string | null },
      password: string,
      keep?: string,
    ) => {
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(password) })
        .where('id', '=', user.id)
        .execute();
      await resets.voidAll(user.id);
      await tokens.revokeAll(user.id, keep);
      mail.post({ to: user.email, template: 'password-changed', language: user.language, userId: user.id });
    };

    app.post(
      '/password/change/',
      {
        schema: {
          tags: ['accounts'],
          summary:
            'Change my password: the current one is required, the new one follows the sign-up rule; every other session of the account ends and the account is mailed',
          body: ChangePasswordRequest,
          response: { 200: Success, ...errorResponses(400, 401, 429) },
        },
      },
      async (request, reply) => {
        const me = userOf(request);
        const { current_password: current, new_password: next } = request.body;
        const counted = `account:${me.id}`;
        // A wrong current password counts as a failed login: a session left open is no way to guess the password.
        const wait = await loginThrottle.wait(counted, request.ip);
        if (wait > 0) throw tooMany(reply, wait, 'Too many failed attempts. Please try again later.');
        const user = await db
          .selectFrom('users')
          .select(['id', 'email', 'username', 'password_hash', 'language'])
          .where('id', '=', me.id)
          .executeTakeFirstOrThrow();
        if (!(await verifyPassword(current.slice(0, 256), user.password_hash))) {
          await loginThrottle.fail(counted, request.ip);
          throw badRequest([{ field: 'current_password', message: M.currentWrong }]);
        }
        const problem = next === current ? M.same : passwordProblem(next, user);
        if (problem) throw badRequest([{ field: 'new_password', message: problem }]);
        const token = /^Token\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
        await setPassword(user, next, token);
        return { success: true } as const;
      },
    );

    app.post(
      '/password/reset/',
      {
        config: { public: true, rateLimit: perAddress(app.rateLimits.login) },
        schema: {
          tags: ['accounts'],
          summary:
            'Ask for a password reset link (valid 30 minutes, single-use), mailed to the account with this email. The answer is the same whether or not an account uses it',
          security: [],
          body: PasswordResetRequest,
          response: { 202: PasswordResetAnswer, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => {
        const email = normalizeEmail(request.body.email);
        // Counted by the address typed and by the client's address, registered or not: a 429 tells nothing either.
        const wait = Math.max(
          await resetThrottles.email.wait(email, ''),
          await resetThrottles.address.wait('', request.ip),
        );
        if (wait > 0) throw tooMany(reply, wait, M.tooMany);
        await resetThrottles.email.fail(email, '');
        await resetThrottles.address.fail('', request.ip);
        const user = await db
          .selectFrom('users')
          .select(['id', 'email', 'language'])
          .where('email', '=', email)
          .executeTakeFirst();
        if (user) {
          const token = await resets.issue(user.id);
          mail.post({
            to: user.email,
            template: 'password-reset',
            language: user.language,
            userId: user.id,
            values: { resetUrl: mail.link('/reset-password', { token }) },
          });
        }
        return reply.code(202).send({ detail: M.sent });
      },
    );

    app.post(
      '/password/reset/confirm/',
      {
        config: { public: true, rateLimit: perAddress(app.rateLimits.login) },
        schema: {
          tags: ['accounts'],
          summary:
            "Set a new password with a reset link's token (once, within 30 minutes): every session of the account ends, and the answer signs in anew",
          security: [],
          body: PasswordResetConfirm,
          response: { 200: LoginAnswer, ...errorResponses(400, 403, 429) },
        },
      },
      async (request) => {
        const { token, new_password: next } = request.body;
        const found = await resets.check(token);
        if ('refused' in found) throw badRequest([{ field: 'token', message: REFUSALS[found.refused] }]);
        const user = await db
          .selectFrom('users')
          .select(['id', 'email', 'username', 'role', 'language', 'email_verified_at', 'is_admin', 'disabled_at'])
          .where('id', '=', found.userId)
          .executeTakeFirstOrThrow();
        if (user.disabled_at) throw new ApiError(403, { error: DISABLED_MESSAGE, errors: [] });
        const problem = passwordProblem(next, user);
        if (problem) throw badRequest([{ field: 'new_password', message: problem }]);
        if (!(await resets.take(token))) throw badRequest([{ field: 'token', message: M.linkUsed }]);
        await setPassword(user, next);
        // The link proved the mailbox: the failed logins of the account from here are forgotten, as on a login.
        await loginThrottle.succeed(`account:${user.id}`, request.ip);
        // The link proved the mailbox, as a verification link would.
        const verifiedAt = user.email_verified_at ?? new Date().toISOString();
        if (!user.email_verified_at)
          await db.updateTable('users').set({ email_verified_at: verifiedAt }).where('id', '=', user.id).execute();
        const session = await tokens.issue(user.id, { userAgent: request.headers['user-agent'], address: request.ip });
        return loginAnswer({ ...user, email_verified_at: verifiedAt }, session);
      },
    );
  },
  { name: 'passwordRoutes', encapsulate: true, dependencies: ['db', 'limits', 'auth', 'mail'] },
);
