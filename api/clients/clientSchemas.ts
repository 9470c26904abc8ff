import { Type, type Static } from 'typebox';
import { LifeApplication } from '../applications/applicationSchemas.ts';
import { Id, ListPage, Nullable } from '../http/routeSchemas.ts';

/**
 * A client as answered. Its profile and proposed-insured fields come from the definitions: they are written as
 * they are (additionalProperties), and the document lists them (api/openapi/namedSchemas.ts).
 */
export const Client = Type.Object(
  {
    id: Id,
    first_name: Type.String(),
    last_name: Type.String(),
    email: Nullable(Type.String()),
    phone_primary: Nullable(Type.String()),
    phone: Nullable(Type.String({ description: 'phone_primary, as the list view names it' })),
    date_of_birth: Nullable(Type.String()),
    gender_sex_at_birth: Nullable(Type.String()),
    brokers: Type.Array(Type.String()),
    created_at: Type.String(),
    updated_at: Type.String(),
    version: Type.Integer({
      minimum: 1,
      description: 'Raised by every change; also the ETag (send it back as If-Match)',
    }),
    access: Type.Union([Type.Literal('owner'), Type.Literal('broker')], {
      description:
        "owner: the user's own client; broker: shared with the user as a granted broker (no delete, no change of brokers)",
    }),
    life_applications: Type.Optional(Type.Array(LifeApplication, { description: 'With ?include=life_applications' })),
    $locked: Type.Optional(
      Nullable(
        Type.Object(
          {
            message: Type.String({ description: "Why, in the request's language (what a PATCH changing them gets)" }),
            applicationId: Id,
            fields: Type.Array(Type.String(), {
              description: "The client's fields that are an application's answers: a PATCH may not change them now",
            }),
          },
          { title: 'ClientLock' },
        ),
      ),
    ),
  },
  {
    title: 'Client',
    additionalProperties: true,
    description:
      'A client: its profile fields, its fields as a proposed insured, its brokers; a field never given is absent or null.',
  },
);
/** A client as answered, before its access is known. */
export type ClientView = Omit<Static<typeof Client>, 'access'> & { [profileField: string]: unknown };

export const ClientList = ListPage(Client, 'ClientList', 'One page of clients');

const Change = Type.Object({
  field: Type.String({ description: 'Dotted path in the record' }),
  from: Type.Optional(Type.Unknown({ description: 'null when new; SINs masked' })),
  to: Type.Optional(Type.Unknown({ description: 'null when removed; SINs masked' })),
});

const HistoryEntry = Type.Object({
  id: Id,
  at: Type.String({ format: 'date-time' }),
  user: Nullable(
    Type.Object({ id: Id, username: Type.String() }, { description: 'Who made the change (null: the system)' }),
  ),
  entity: Type.String({ enum: ['client', 'step', 'application', 'generation'] }),
  entity_id: Type.String({ description: 'The client id, step id, application id or generation id' }),
  changes: Type.Array(Change),
});

export const History = ListPage(HistoryEntry, 'History', "A page of a client's audit trail, newest first");

export const Broker = Type.Object({ id: Id, name: Type.String(), email: Type.String() }, { title: 'Broker' });

/** A second insured a client's screening created, that deleting the client may delete too. */
export const SecondInsured = Type.Object(
  { id: Id, first_name: Type.String(), last_name: Type.String() },
  { title: 'SecondInsured' },
);

export const SecondInsureds = Type.Object({ results: Type.Array(SecondInsured) });
