/**
 * The app's names for the API's shapes. What the server answers is generated from its route schemas
 * (schema.gen.ts, `npm run api:types`): never written here. What stays here is the app's side: ids as a route holds
 * them, and the parameters of the list calls.
 */
import type * as Api from './schema.gen.ts';

export type {
  Broker,
  ChangePasswordRequest,
  Client,
  ClientList,
  GenerationSummary,
  LifeApplication,
  LoginAnswer,
  PasswordResetAnswer,
  PasswordResetConfirm,
  SecondInsured,
  SignUpRequest,
} from './schema.gen.ts';

/** An id as the server answers it, or as a route's parameter holds it. */
export type Id = number | string;

/** One generation of an application: the insurers chosen then and their files. */
export type ApplicationGeneration = Api.Generation;
/** Where a client's screening is. */
export type ScreeningProgress = Api.Progress;
/** One application with its status at each insurer, what each allows next and its history. */
export type ApplicationDetail = Api.ApplicationDetail;
/** The application's status at one insurer. */
export type InsurerStatus = Api.InsurerStatus;

/** One page of a list (the spec's {results, count}, with the links of Django REST framework's pagination). */
export type ListPage<T> = Omit<Api.ClientList, 'results'> & { results: T[] };

/** What a page of a list asks the server for; the server's defaults apply to what is left out. */
export interface ListParams {
  /** From 1. */
  page?: number;
  /** At most 100. */
  page_size?: number;
  /** Fields, comma-separated, a leading - for descending ("last_name,-created_at"). */
  ordering?: string;
  search?: string;
}

/** The Applications list's filters on top of the list's parameters. */
export interface ApplicationListParams extends ListParams {
  status?: string;
  insurer?: string;
}

/**
 * The body of POST /api/clients/ and PATCH /api/clients/{id}/ from the client profile form: the fields of the
 * client-profile definition, which the server checks with the definitions' rules.
 */
export type ClientProfileInput = Record<string, unknown>;

/** The body of a progress save: where the adviser is, with the page and drafts kept (the client id as the route has it). */
export type ProgressUpdate = Omit<Api.Progress, 'clientId'> & { clientId: Id };
