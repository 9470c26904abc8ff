import { Type } from 'typebox';
import { Id, Nullable } from '../http/routeSchemas.ts';

/** What a non-administrator calling an admin route is told. */
export const NOT_ADMIN = 'Only an administrator can do this. Ask your agency administrator.';

export const AdminAccount = Type.Object(
  {
    id: Id,
    email: Type.String(),
    username: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    email_verified: Type.Boolean(),
    is_admin: Type.Boolean(),
    disabled: Type.Boolean(),
    broker: Nullable(
      Type.String({ description: 'The email the account is a broker for (it sees the clients listing it), or null' }),
    ),
  },
  { title: 'AdminAccount' },
);

export const AdminAccountList = Type.Object(
  {
    count: Type.Integer({ minimum: 0, description: 'Accounts matching the search' }),
    results: Type.Array(AdminAccount, { description: 'At most 50, the newest first' }),
  },
  { title: 'AdminAccountList' },
);

export const AdminAccountQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the email or username (any case)' })),
});

export const GrantBrokerRequest = Type.Object(
  {
    name: Type.Optional(
      Type.String({
        maxLength: 200,
        description: "The broker's full name, to add the email to the brokers list when it is not on it",
      }),
    ),
  },
  { title: 'GrantBrokerRequest', errorMessage: { type: 'The request body must be a JSON object' } },
);

export const AdminResult = Type.Object(
  { detail: Type.String({ description: 'What was done' }), account: AdminAccount },
  { title: 'AdminResult' },
);

export const AdminAuditEntry = Type.Object(
  {
    id: Id,
    at: Type.String({ format: 'date-time' }),
    actor: Type.String({ description: 'admin:EMAIL from the app, cli:USER from npm run user' }),
    action: Type.String({ enum: ['grant-broker', 'revoke-broker', 'disable', 'enable', 'make-admin'] }),
    account_email: Type.String(),
  },
  { title: 'AdminAuditEntry' },
);

export const AdminAuditList = Type.Object(
  { results: Type.Array(AdminAuditEntry, { description: 'The 100 latest, newest first' }) },
  { title: 'AdminAuditList' },
);
