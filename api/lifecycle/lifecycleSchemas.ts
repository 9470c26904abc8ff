import { Type, type Static } from 'typebox';
import { LifeApplication } from '../applications/applicationSchemas.ts';
import { Id, Nullable } from '../http/routeSchemas.ts';

export const Badge = Type.Object(
  {
    colour: Type.String({ description: "The colour's name (yellow, blue...)" }),
    background: Type.String({ description: '#rrggbb' }),
    text: Type.String({ description: '#rrggbb, AA on the background' }),
  },
  { title: 'StatusBadge', description: "A status's badge, from steps/lifecycle.json" },
);

export const NextEvent = Type.Object(
  {
    event: Type.String(),
    label: Type.String(),
    sent_by: Type.String({
      description: 'adviser: POST .../events/; submission: POST .../submit/; server: the server sends it itself',
    }),
    target: Type.String({ description: 'The status it leads to' }),
    requires: Type.Array(Type.String(), { description: 'The details the event must carry' }),
    allowed: Type.Boolean({ description: 'Whether its guard holds now' }),
    reason: Nullable(Type.String({ description: 'Why not, when it is not allowed now' })),
  },
  { title: 'NextEvent', description: 'An event the status accepts next' },
);

export const Submission = Type.Object(
  {
    id: Type.String(),
    insurer: Type.String(),
    created_at: Type.String(),
    channel: Type.String({ description: 'download or https' }),
    filename: Type.String(),
    sha256: Type.String({ description: "The ZIP's SHA-256" }),
    url: Type.String({ description: 'Where the package is downloaded again' }),
  },
  { title: 'Submission', description: 'A submission package (ZIP)' },
);
export type SubmissionView = Static<typeof Submission>;

export const InsurerStatus = Type.Object(
  {
    insurer: Type.String(),
    name: Type.String({ description: "The insurer's name" }),
    status: Type.String(),
    label: Type.String(),
    badge: Badge,
    updated_at: Type.String(),
    channel: Type.String({ description: 'How a submission reaches this insurer: download or https' }),
    policy_number: Nullable(Type.String()),
    issue_date: Nullable(Type.String()),
    face_amount_issued: Nullable(Type.Number()),
    reason: Nullable(Type.String({ description: 'The reason of the last transition that gave one' })),
    notes: Nullable(Type.String()),
    next: Type.Array(NextEvent),
    submissions: Type.Array(Submission),
  },
  { title: 'InsurerStatus', description: "The application's status at one insurer, and what may happen next" },
);

export const Transition = Type.Object(
  {
    id: Id,
    insurer: Type.String(),
    event: Type.String(),
    from: Type.String(),
    to: Type.String(),
    at: Type.String(),
    user_id: Nullable(Type.Integer()),
    username: Nullable(Type.String()),
    reason: Nullable(Type.String()),
    details: Type.Record(Type.String(), Type.Unknown()),
  },
  { title: 'Transition', description: 'One transition: who, when, from, to, why' },
);

export const ApplicationDetail = Type.Object(
  {
    ...LifeApplication.properties,
    status_label: Type.String(),
    badge: Badge,
    insurers: Type.Array(InsurerStatus),
    history: Type.Array(Transition),
  },
  {
    title: 'ApplicationDetail',
    description:
      "An application with its status at each insurer (the application's own: ISSUED once any insurer issued, else the least advanced still in progress), what each allows next, and its transitions",
  },
);
export type ApplicationDetailView = Static<typeof ApplicationDetail>;

export const LifecycleAnswer = Type.Object(
  {
    initial: Type.String(),
    statuses: Type.Array(
      Type.Object({ status: Type.String(), label: Type.String(), badge: Badge, final: Type.Boolean() }),
    ),
  },
  { title: 'Lifecycle', description: 'The statuses of steps/lifecycle.json, least advanced first, with their badges' },
);

export const EventBody = Type.Object(
  {
    event: Type.String({ minLength: 1, maxLength: 40, errorMessage: 'event is required' }),
    reason: Type.Optional(
      Type.String({ minLength: 1, maxLength: 500, errorMessage: 'reason must be 1 to 500 characters' }),
    ),
    notes: Type.Optional(Type.String({ maxLength: 2000, errorMessage: 'notes must be at most 2000 characters' })),
    policy_number: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z0-9][A-Za-z0-9 ./-]{0,39}$',
        errorMessage: 'policy_number must be 1 to 40 letters, digits, spaces, dots, slashes or hyphens',
      }),
    ),
    issue_date: Type.Optional(Type.String({ format: 'date', errorMessage: 'issue_date must be a date (YYYY-MM-DD)' })),
    face_amount_issued: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: 1_000_000_000,
        errorMessage: 'face_amount_issued must be a positive amount',
      }),
    ),
  },
  { additionalProperties: false, title: 'LifecycleEvent', description: 'An event the adviser records' },
);

export const SubmitBody = Type.Object(
  {
    notes: Type.Optional(Type.String({ maxLength: 2000, errorMessage: 'notes must be at most 2000 characters' })),
  },
  { additionalProperties: false, title: 'SubmitRequest', description: 'A submission, with notes for the file' },
);
