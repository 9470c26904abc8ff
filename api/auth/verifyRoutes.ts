import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { ApiError, badRequest } from '../http/apiError.ts';
import { perAddress } from '../http/limitsPlugin.ts';
import { userOf } from '../http/requestHelpers.ts';
import { errorResponses } from '../http/routeSchemas.ts';
import { createLinkTokens, VERIFY_TTL_MS, type LinkRefusal } from './createLinkTokens.ts';
import { PasswordResetAnswer } from './passwordSchemas.ts';
import { VERIFY_MESSAGES as M, VerifyEmailAnswer, VerifyEmailRequest } from './verifySchemas.ts';

const REFUSALS: Record<LinkRefusal, string> = { invalid: M.linkInvalid, used: M.linkUsed, expired: M.linkExpired };

/** A new link at most once a minute, and five an hour: enough for a lost mail, too few to flood a mailbox. */
const RESEND = { gapMs: 60_000, perHour: 5 } as const;

/**
 * Email verification (encapsulated): POST /email/verify/ (the mailed link's token; public) and
 * POST /email/verify/resend/ (signed in, throttled). The link of the sign-up's welcome mail is issued by authRoutes.
 */
export const verifyRoutes = fp(
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = app.database;
    const links = createLinkTokens(db, 'email_verifications', VERIFY_TTL_MS);

    app.post(
      '/email/verify/',
      {
        config: { public: true, rateLimit: perAddress(app.rateLimits.login) },
        schema: {
          tags: ['accounts'],
          summary: "Verify the account's email with the mailed link's token (once, within 48 hours)",
          security: [],
          body: VerifyEmailRequest,
          response: { 200: VerifyEmailAnswer, ...errorResponses(400, 429) },
        },
      },
      async (request) => {
        const { token } = request.body;
        const found = await links.check(token);
        if ('refused' in found) throw badRequest([{ field: 'token', message: REFUSALS[found.refused] }]);
        if (!(await links.take(token))) throw badRequest([{ field: 'token', message: M.linkUsed }]);
        await db
          .updateTable('users')
          .set({ email_verified_at: new Date().toISOString() })
          .where('id', '=', found.userId)
          .where('email_verified_at', 'is', null)
          .execute();
        await links.voidAll(found.userId);
        request.log.info({ userId: found.userId }, 'email verified');
        return { detail: M.verified, email_verified: true } as const;
      },
    );

    app.post(
      '/email/verify/resend/',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Mail me a new verification link (at most one a minute and five an hour)',
          response: { 202: PasswordResetAnswer, ...errorResponses(400, 401, 429) },
        },
      },
      async (request, reply) => {
        const me = userOf(request);
        const user = await db
          .selectFrom('users')
          .select(['id', 'email', 'language', 'email_verified_at'])
          .where('id', '=', me.id)
          .executeTakeFirstOrThrow();
        if (user.email_verified_at) throw badRequest([{ field: '', message: M.already }]);
        const now = Date.now();
        const { count, last } = await links.issuedSince(user.id, new Date(now - 60 * 60_000).toISOString());
        const sinceLast = last ? now - Date.parse(last) : Infinity;
        if (sinceLast < RESEND.gapMs || count >= RESEND.perHour) {
          const waitMs = count >= RESEND.perHour ? 60 * 60_000 - sinceLast : RESEND.gapMs - sinceLast;
          reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
          const message = count >= RESEND.perHour ? M.tooMany : M.wait;
          throw new ApiError(429, { error: message, errors: [] });
        }
        const token = await links.issue(user.id);
        app.mail.post({
          to: user.email,
          template: 'verify-email',
          language: user.language,
          userId: user.id,
          values: { verifyUrl: app.mail.link('/verify-email', { token }) },
        });
        return reply.code(202).send({ detail: M.sent });
      },
    );
  },
  { name: 'verifyRoutes', encapsulate: true, dependencies: ['db', 'limits', 'auth', 'mail'] },
);
