/**
 * Types of the API server: configuration, database tables, the engine as the server sees it,
 * and the shapes of the JSON answers.
 */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { ApplicationData, EvaluateOptions, FieldError, JsonObject, StepView } from '../engine/types.ts';

export type { ApplicationData, FieldError, JsonObject, StepView };

/** Which database the data layer talks to. */
export type DialectKind = 'sqlite' | 'postgres';

/** Settings read from the environment (see loadConfig). */
export interface Config {
  port: number;
  host: string;
  /** Directory of the SQLite file (app.db); also used when PostgreSQL is on, for nothing else. */
  dataDir: string;
  /** postgres://… switches the data layer to PostgreSQL. */
  databaseUrl?: string;
  logLevel: string;
  /** Directory of the built web app (dist/app); served with an SPA fallback when it exists. */
  appDir?: string;
  /** Registers the minimal baseline route used by bench/api.ts. */
  benchBaseline: boolean;
}

/** The engine, as the server uses it: one pure function per step, plus the step order. */
export interface StepEngine {
  evaluateStep(stepId: string, data: ApplicationData, options?: EvaluateOptions): StepView;
  /** Step ids in flow order (the spec's 14 steps). */
  order: string[];
  /** The step whose arrival completes the screening (pdf-generation). */
  finalStep: string;
  /** Step ids that have a definition (a record can be saved for them). */
  hasStep(stepId: string): boolean;
  /** The JSON Schema of each step's record, for the OpenAPI document. */
  schemas: { [stepId: string]: JsonObject };
  /**
   * The top-level fields a partial save of these fields must check: every field of each page (flow.json) that
   * holds one of them. undefined for a step without pages, which is one page: everything is checked.
   */
  pageFields(stepId: string, given: string[]): string[] | undefined;
  /** Whether a step's rules read `$context.<name>` (so the server only gathers facts a step needs). */
  usesContext(stepId: string, name: string): boolean;
}

/** Options of buildServer; anything not given is read from the environment. */
export interface ServerOptions {
  dataDir?: string;
  databaseUrl?: string;
  /** PostgreSQL schema to create and use (tests use a fresh one per run). */
  pgSchema?: string;
  logLevel?: string;
  appDir?: string;
  benchBaseline?: boolean;
  /** Lifetime of a login token; default 12 hours. */
  tokenTtlMs?: number;
  /** Replaces the engine built from steps/ (only for tests of the server itself). */
  engine?: StepEngine;
  /** Creates the demo adviser on an empty database; default true. */
  seedDemo?: boolean;
}

// ---------------------------------------------------------------------------
// Database tables. JSON is stored as text and timestamps as ISO 8601 text, so the
// same queries and the same values work on SQLite and PostgreSQL.

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  password_hash: string;
  role: string;
  created_at: string;
}

export interface TokensTable {
  /** sha256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export interface BrokersTable {
  id: Generated<number>;
  name: string;
  email: string;
}

export interface ClientsTable {
  id: Generated<number>;
  owner_user_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  phone_primary: string | null;
  date_of_birth: string | null;
  gender_sex_at_birth: string | null;
  /** JSON object of the other proposed-insured profile fields. */
  profile: string;
  created_at: string;
  updated_at: string;
}

export interface ClientBrokersTable {
  client_id: number;
  broker_email: string;
}

export interface LifeApplicationsTable {
  id: Generated<number>;
  client_id: number;
  created_at: string;
  application_type: string;
  product_type: string | null;
  number_of_insureds: number;
  status: string;
  face_amount: number | null;
}

export interface ScreeningProgressTable {
  client_id: number;
  current_step: string;
  last_updated: string;
  /** 0 or 1 (an integer on both databases). */
  is_complete: number;
  /** JSON object. */
  step_data: string;
}

export interface ScreeningRecordsTable {
  client_id: number;
  step_id: string;
  /** JSON object: the step record. */
  data: string;
  updated_at: string;
}

/** Only used by bench/api.ts's baseline route. */
export interface BenchRecordsTable {
  id: Generated<number>;
  data: string;
  created_at: ColumnType<string, string, never>;
}

export interface Database {
  users: UsersTable;
  tokens: TokensTable;
  brokers: BrokersTable;
  clients: ClientsTable;
  client_brokers: ClientBrokersTable;
  life_applications: LifeApplicationsTable;
  screening_progress: ScreeningProgressTable;
  screening_records: ScreeningRecordsTable;
  bench_records: BenchRecordsTable;
}

/** The opened data layer. */
export interface DataLayer {
  db: Kysely<Database>;
  dialect: DialectKind;
  /** PostgreSQL: the schema the tables live in. */
  schema?: string;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------
// Domain shapes.

/** The signed-in user, attached to each authenticated request. */
export interface AuthUser {
  id: number;
  email: string;
  username: string;
  role: string;
}

/** A client as the API returns it. */
export interface ClientView {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  phone_primary: string | null;
  /** The list view's name for phone_primary. */
  phone: string | null;
  date_of_birth: string | null;
  gender_sex_at_birth: string | null;
  brokers: string[];
  created_at: string;
  updated_at: string;
  life_applications?: LifeApplicationView[];
  /** The other proposed-insured profile fields (title, address, ID, employment…). */
  [profileField: string]: unknown;
}

export interface LifeApplicationView {
  id: number;
  created_at: string;
  application_type: string;
  product_type: string | null;
  number_of_insureds: number;
  status: string;
  face_amount: number | null;
}

export interface ProgressView {
  clientId: number;
  currentStep: string;
  lastUpdated: string | null;
  isComplete: boolean;
  stepData: JsonObject;
}

/** The JSON body of every 4xx answer. */
export interface ErrorBody {
  error: string;
  errors?: FieldError[];
  detail?: string;
}

/**
 * Converts one spec envelope to and from a step record (api/steps/<stepId>.ts).
 * The generic save does the rest: engine check, then one write.
 */
export interface StepAdapter {
  stepId: string;
  /** The record to save from a request body; `stored` is the record saved before (for merges). */
  toRecord(body: JsonObject, stored: JsonObject | undefined): JsonObject;
  /** The spec's answer for a stored record. */
  fromRecord(record: JsonObject, clientId: number): JsonObject;
  /** Maps an error path of the record to the envelope's path (for 400 bodies). */
  fieldPath?(recordPath: string): string;
}

/** Everything the route modules share, created once in buildServer. */
export interface ServerContext {
  layer: DataLayer;
  engine: StepEngine;
  clients: import('./createClientStore.ts').ClientStore;
  screening: import('./createScreeningStore.ts').ScreeningStore;
  tokens: import('./createTokenStore.ts').TokenStore;
  limiter: import('./createLoginLimiter.ts').LoginLimiter;
  saveStep: import('./createStepSaver.ts').SaveStep;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on authenticated routes. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** The route needs no token (sign-up, login, docs). */
    public?: boolean;
  }
}
