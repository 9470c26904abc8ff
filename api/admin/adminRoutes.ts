import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, badRequest, notFound } from '../http/apiError.ts';
import { toId, userOf } from '../http/requestHelpers.ts';
import { ErrorAnswer, errorResponses, idParams } from '../http/routeSchemas.ts';
import type { Static } from 'typebox';
import { setDisabled } from './accountStatus.ts';
import { accountFlags } from '../auth/loginAnswer.ts';
import {
  AdminAccount,
  AdminAccountList,
  AdminAccountQuery,
  AdminAuditList,
  AdminResult,
  GrantBrokerRequest,
  NOT_ADMIN,
} from './adminSchemas.ts';
import { grantBroker, revokeBroker, type CommandResult } from './brokerGrants.ts';

const forbiddenAnswer = { ...ErrorAnswer, description: `Not an administrator: "${NOT_ADMIN}"` };
const refusals = { ...errorResponses(400, 401, 404), 403: forbiddenAnswer };

/** `like` text for a search: its wildcards taken literally. */
function likeText(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The Admin page's routes (encapsulated), for administrators only (403 for anyone else, read from the database on
 * each call, not from the session cache): GET /admin/accounts/ (list and search), broker grants
 * (POST and DELETE /admin/accounts/{id}/broker/, what `npm run user` does), POST /admin/accounts/{id}/disable/ and
 * /enable/ (a disabled account's sessions end at once), and GET /admin/audit/.
 */
export const adminRoutes = fp(
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = app.database;

    /** The administrator of the request, as the audit trail names them. */
    const actorOf = (request: FastifyRequest) => `admin:${userOf(request).email}`;

    // After the body's validation (a malformed request is a 400 for anyone), before the handler.
    app.addHook('preHandler', async (request) => {
      const me = userOf(request);
      const row = await db
        .selectFrom('users')
        .select(['is_admin', 'disabled_at'])
        .where('id', '=', me.id)
        .executeTakeFirst();
      if (!row || row.is_admin !== 1 || row.disabled_at) throw new ApiError(403, { error: NOT_ADMIN, errors: [] });
    });

    const accounts = (search?: string) => {
      let query = db.selectFrom('users').leftJoin('broker_grants', 'broker_grants.user_id', 'users.id');
      if (search?.trim())
        query = query.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['users.email']), 'like', likeText(search.trim())),
            eb(eb.fn('lower', ['users.username']), 'like', likeText(search.trim())),
          ]),
        );
      return query;
    };
    const toView = (r: {
      id: number;
      email: string;
      username: string;
      created_at: string;
      email_verified_at: string | null;
      is_admin: number;
      disabled_at: string | null;
      broker: string | null;
    }): Static<typeof AdminAccount> => ({
      id: r.id,
      email: r.email,
      username: r.username,
      created_at: r.created_at,
      ...accountFlags(r),
      disabled: r.disabled_at !== null,
      broker: r.broker,
    });
    const COLUMNS = [
      'users.id',
      'users.email',
      'users.username',
      'users.created_at',
      'users.email_verified_at',
      'users.is_admin',
      'users.disabled_at',
      'broker_grants.email as broker',
    ] as const;
    const account = async (id: number) => {
      const row = await accounts().select(COLUMNS).where('users.id', '=', id).executeTakeFirst();
      if (!row) throw notFound();
      return toView(row);
    };
    /** A command's outcome as the route answers it: refused is a 400 with its message. */
    const answer = async (id: number, result: CommandResult) => {
      if (result.code !== 0) throw badRequest([{ field: '', message: result.message }]);
      return { detail: result.message, account: await account(id) };
    };

    app.get(
      '/admin/accounts/',
      {
        schema: {
          tags: ['admin'],
          summary: 'Administrators: the accounts, the newest first, searched by email or username',
          querystring: AdminAccountQuery,
          response: { 200: AdminAccountList, ...refusals },
        },
      },
      async (request) => {
        const { search } = request.query;
        const rows = await accounts(search).select(COLUMNS).orderBy('users.id', 'desc').limit(50).execute();
        const counted = await accounts(search)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirst();
        return { count: Number(counted?.n ?? 0), results: rows.map(toView) };
      },
    );

    app.post(
      '/admin/accounts/:id/broker/',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Administrators: make the account a broker (as `npm run user -- grant-broker`); its email must be verified',
          params: idParams('id'),
          body: GrantBrokerRequest,
          response: { 200: AdminResult, ...refusals },
        },
      },
      async (request) => {
        const { email, id } = await account(toId(request.params.id));
        const name = request.body?.name?.trim() || undefined;
        return answer(id, await grantBroker(db, email, { by: actorOf(request), name }));
      },
    );

    app.delete(
      '/admin/accounts/:id/broker/',
      {
        schema: {
          tags: ['admin'],
          summary: 'Administrators: take the broker access back (as `npm run user -- revoke-broker`)',
          params: idParams('id'),
          response: { 200: AdminResult, ...refusals },
        },
      },
      async (request) => {
        const { email, id } = await account(toId(request.params.id));
        return answer(id, await revokeBroker(db, email, { by: actorOf(request) }));
      },
    );

    for (const [path, disabled] of [
      ['disable', true],
      ['enable', false],
    ] as const) {
      app.post(
        `/admin/accounts/:id/${path}/`,
        {
          schema: {
            tags: ['admin'],
            summary: disabled
              ? 'Administrators: disable the account; its sessions end at once and its logins are refused'
              : 'Administrators: let a disabled account sign in again',
            params: idParams('id'),
            response: { 200: AdminResult, ...refusals },
          },
        },
        async (request) => {
          const id = toId(request.params.id);
          await account(id);
          if (disabled && id === userOf(request).id)
            throw badRequest([{ field: '', message: 'You cannot disable your own account.' }]);
          const result = await setDisabled(db, id, disabled, actorOf(request));
          if (disabled) await app.tokens.revokeAll(id);
          return answer(id, result);
        },
      );
    }

    app.get(
      '/admin/audit/',
      {
        schema: {
          tags: ['admin'],
          summary: "Administrators: the trail of administrators' actions on accounts, the newest first",
          response: { 200: AdminAuditList, ...refusals },
        },
      },
      async () => {
        const rows = await db
          .selectFrom('admin_audit')
          .select(['id', 'at', 'actor', 'action', 'target_email'])
          .orderBy('id', 'desc')
          .limit(100)
          .execute();
        return {
          results: rows.map((r) => ({
            id: r.id,
            at: r.at,
            actor: r.actor,
            action: r.action as Static<typeof AdminAuditList>['results'][number]['action'],
            account_email: r.target_email,
          })),
        };
      },
    );
  },
  { name: 'adminRoutes', encapsulate: true, dependencies: ['db', 'auth'] },
);
