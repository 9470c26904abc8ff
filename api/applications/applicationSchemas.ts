import { Type, type Static } from 'typebox';
import { Id, ListPage, Nullable } from '../http/routeSchemas.ts';

export const Generation = Type.Object(
  {
    id: Type.String(),
    created_at: Type.String(),
    populate_forms: Type.Array(Type.String()),
    files: Type.Array(
      Type.Object({ insurer: Type.String(), name: Type.String(), filename: Type.String(), url: Type.String() }),
    ),
    combined_url: Nullable(Type.String({ description: 'The file with every chosen insurer, when there were several' })),
  },
  { title: 'Generation', description: 'One generation: when, which insurers, and the links to its files' },
);
export type GenerationView = Static<typeof Generation>;

export const LifeApplication = Type.Object(
  {
    id: Id,
    client_id: Id,
    client_name: Type.String(),
    created_at: Type.String(),
    updated_at: Type.String(),
    application_type: Nullable(Type.String({ description: 'null until the screening answers it' })),
    application_type_label: Nullable(Type.String({ description: 'application_type as the screening labels it' })),
    product_type: Nullable(Type.String()),
    product_type_label: Nullable(Type.String({ description: 'product_type as the screening labels it' })),
    number_of_insureds: Type.Integer({ minimum: 1, maximum: 2 }),
    status: Type.String(),
    face_amount: Nullable(Type.Number()),
    is_current: Type.Boolean({ description: "The application the client's screening belongs to" }),
    definitions_changed: Type.Boolean({
      description: 'The definitions changed since the application was created',
    }),
    role: Nullable(
      Type.String({
        description:
          "The role on it of the client whose applications are listed (a client profile lists every application naming the client, e.g. 'Insured 2, joint owner'); in the list of every application, its own client's role; null when not recorded",
      }),
    ),
    generations: Type.Array(Generation),
  },
  { title: 'LifeApplication', description: 'A life application: what its screening shows now, and its PDFs' },
);
export type LifeApplicationView = Static<typeof LifeApplication>;

export const LifeApplicationList = Type.Array(LifeApplication);

export const ApplicationList = ListPage(LifeApplication, 'ApplicationList', 'One page of applications');
