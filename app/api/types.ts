/** Shapes of the API's requests and responses, with the spec's field names. */

export type Id = number | string;

export interface LoginResponse {
  token: string;
  username: string;
  role: string;
}

export interface RegisterRequest {
  email: string;
  password: string;
  /** Defaults to the email. */
  username: string;
}

export type Gender = 'male' | 'female' | 'other';

export type ApplicationType = 'NEW' | 'ADDITIONAL' | 'REPLACEMENT' | 'LINKED';

export type ApplicationStatus = 'DRAFT' | 'SUBMITTED' | 'IN_REVIEW' | 'ISSUED' | 'DECLINED';

/** One insurer's PDF of a generation. `url` answers only with the session's token header. */
export interface GenerationFile {
  insurer: string;
  /** The insurer's display name, e.g. "BMO Insurance". */
  name: string;
  filename: string;
  url: string;
}

/** One "Generate Application" of an application: the insurers chosen then and their files. */
export interface ApplicationGeneration {
  id: string;
  created_at: string;
  populate_forms: string[];
  files: GenerationFile[];
  /** Every chosen insurer's PDF in one file; null when the server kept none. */
  combined_url: string | null;
}

export interface LifeApplication {
  id: Id;
  client_id?: Id;
  client_name?: string;
  created_at?: string | null;
  updated_at?: string | null;
  application_type?: ApplicationType | string | null;
  /** The type and the product as the screening's definitions label them (the server works them out). */
  application_type_label?: string | null;
  product_type?: string | null;
  product_type_label?: string | null;
  number_of_insureds?: number | null;
  status?: ApplicationStatus | string | null;
  face_amount?: number | string | null;
  is_current?: boolean;
  definitions_changed?: boolean;
  /** The listed client's role on it ("Insured 2, joint owner"), as the server words it from the definitions. */
  role?: string | null;
  /** Newest first, as the server sends them. */
  generations?: ApplicationGeneration[];
}

export interface Client {
  id: Id;
  first_name: string;
  last_name: string;
  email?: string | null;
  /** The list view's phone. */
  phone?: string | null;
  phone_primary?: string | null;
  date_of_birth?: string | null;
  gender_sex_at_birth?: Gender | string | null;
  /** Broker emails. */
  brokers?: string[];
  /** How the user reaches it: their own client, or one shared with them as a broker (which they may not delete). */
  access?: 'owner' | 'broker';
  life_applications?: LifeApplication[];
  created_at?: string | null;
  updated_at?: string | null;
  [field: string]: unknown;
}

/** One page of a list (the spec's {results, count}, with the links of Django REST framework's pagination). */
export interface ListPage<T> {
  results: T[];
  /** The whole filtered list's rows, not only this page's. */
  count: number;
  next?: string | null;
  previous?: string | null;
}

export type ClientList = ListPage<Client>;

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
 * client-profile definition (first_name, last_name, email, phone_primary, date_of_birth, gender_sex_at_birth, brokers).
 */
export type ClientProfileInput = Record<string, unknown>;

/** A second insured a client's screening created, that deleting the client may delete too. */
export interface SecondInsured {
  id: number;
  first_name: string;
  last_name: string;
}

export interface Broker {
  name: string;
  email: string;
}

export interface ScreeningProgress {
  clientId: Id;
  currentStep: string;
  lastUpdated: string | null;
  isComplete: boolean;
  stepData: Record<string, unknown>;
}

/** The result view's cards, as the server's generation answers them (`summary`): every value already a label. */
export interface GenerationSummary {
  provider: string;
  product_type: string;
  number_of_insureds: number | string;
  type_of_insurance: string;
  primary_insured: string;
  secondary_insured: string;
  owner_type: string;
  owner_name: string;
  plan_details: { plan_type: string; product_type: string; plan_name: string; face_amount: string }[];
}
