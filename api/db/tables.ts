import type { SqliteWriter } from './createSqliteWriter.ts';

/**
 * The database tables. JSON is stored as text and timestamps as ISO 8601 text, so the same queries and the same
 * values work on SQLite and PostgreSQL.
 */
import type { ColumnType, Generated, Kysely } from 'kysely';

/** Which database the data layer talks to. */
export type DialectKind = 'sqlite' | 'postgres';

// same queries and the same values work on SQLite and PostgreSQL.

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  password_hash: string;
  role: string;
  created_at: string;
  /** The language of the account's mails ('en', 'fr'); null: English (0012). */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a link proved the email (0013); null until then. */
  email_verified_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 for an administrator (0014). */
  is_admin: ColumnType<number, number | undefined, number>;
  /** When an administrator disabled the account (0014); null while it may sign in. */
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An email verification link's token (0013): single-use, valid 48 hours; the shape of password_resets. */
export type EmailVerificationsTable = PasswordResetsTable;

/** An administrator's action on an account (0014). */
export interface AdminAuditTable {
  id: Generated<number>;
  at: string;
  /** Who acted: `admin:EMAIL` from the app, `cli:USER` from `npm run user`. */
  actor: string;
  /** grant-broker, revoke-broker, disable, enable, make-admin. */
  action: string;
  target_user_id: number | null;
  target_email: string;
}

/** A password reset link's token (0012): single-use, valid 30 minutes. */
export interface PasswordResetsTable {
  /** sha256 (hex) of the token; the token itself is only in the mail. */
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  /** When it was used, or when a later password change made it void; null while it may be used. */
  used_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TokensTable {
  /** sha256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  /** Last request with the token (0013), written at most every minute; an idle session ends. */
  last_used_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The User-Agent header of the login (0013). */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  /** The client's address at the login (0013). */
  address: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** Raised by every write; the ETag of the client record. */
  version: ColumnType<number, number | undefined, number>;
  /** The client whose screening created this record (a second insured); null for a client the adviser created. */
  created_for_client_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The list keys (api/clients/clientListKeys.ts), written with every change of the name, email or phone. */
  search_text: ColumnType<string, string | undefined, string>;
  first_name_key: ColumnType<string, string | undefined, string>;
  last_name_key: ColumnType<string, string | undefined, string>;
  email_key: ColumnType<string, string | undefined, string>;
  phone_key: ColumnType<string, string | undefined, string>;
}

/** An account an administrator made a broker: it sees the clients that list its email. */
export interface BrokerGrantsTable {
  user_id: number;
  /** The account's email when granted (lower case); the grant holds only while the account keeps it. */
  email: string;
  granted_at: string;
  /** Who granted it (the CLI's operating-system user). */
  granted_by: string;
}

/** A fingerprint of a key in use (HMAC of a fixed text), so a start with another key is refused. */
export interface KeyChecksTable {
  name: string;
  fingerprint: string;
  created_at: string;
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
  /** 1 for the application the client's screening belongs to (one per client). */
  is_current: ColumnType<number, number | undefined, number>;
  updated_at: string | null;
  /** Content hash of steps/ when the application was started. */
  definitions_version: string | null;
}

/** A client record that holds a step object of another client's application (a proposed insured). */
export interface ClientLinksTable {
  client_id: number;
  /** The link path of the binding (basic.proposed_insured_2). */
  link: string;
  linked_client_id: number;
}

/** A client record an application names, with its role there ("Insured 2, joint owner"). */
export interface ApplicationRolesTable {
  application_id: number;
  client_id: number;
  role: string;
}

/** One generation of insurer PDFs: when, for which insurers, and the files (keys in the file store). */
export interface GenerationsTable {
  id: string;
  application_id: number | null;
  client_id: number;
  user_id: number;
  created_at: string;
  /** JSON list of insurer ids. */
  populate_forms: string;
  /** JSON list of {insurer, name, key, filename}; the combined file has insurer null. */
  files: string;
  /** JSON: the summary document of the generation. */
  summary: string;
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

/** A generated file kept in the database (PostgreSQL: every instance reads it). */
export interface FilesTable {
  key: string;
  content_type: string;
  bytes: Uint8Array;
  created_at: string;
}

export interface ScreeningRecordsTable {
  client_id: number;
  step_id: string;
  /** JSON object: the step record. */
  data: string;
  updated_at: string;
  /** Raised by every write; the ETag of the step record. */
  version: ColumnType<number, number | undefined, number>;
}

/** One change to a client's records: who, when, which record, and each field from what to what. */
export interface AuditLogTable {
  id: Generated<number>;
  client_id: number;
  user_id: number | null;
  at: string;
  /** 'client', 'step', 'application' or 'generation'. */
  entity: string;
  /** The step id, client id, application id or generation id. */
  entity_id: string;
  /** JSON list of {field, from, to}; secrets masked. */
  changes: string;
}

/** An adviser's profile (api/profile/adviserProfile.ts), as JSON. */
export interface AdviserProfilesTable {
  user_id: number;
  profile: string;
  updated_at: string;
}

/** One change to an adviser's profile: when, and each field from what to what (JSON list of {field, from, to}). */
export interface AdviserProfileAuditTable {
  id: Generated<number>;
  user_id: number;
  at: string;
  changes: string;
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
  client_links: ClientLinksTable;
  application_roles: ApplicationRolesTable;
  generations: GenerationsTable;
  files: FilesTable;
  audit_log: AuditLogTable;
  adviser_profiles: AdviserProfilesTable;
  password_resets: PasswordResetsTable;
  email_verifications: EmailVerificationsTable;
  admin_audit: AdminAuditTable;
  adviser_profile_audit: AdviserProfileAuditTable;
  broker_grants: BrokerGrantsTable;
  key_checks: KeyChecksTable;
  application_insurers: ApplicationInsurersTable;
  application_transitions: ApplicationTransitionsTable;
  submissions: SubmissionsTable;
  signatures: SignaturesTable;
  signed_versions: SignedVersionsTable;
}

/** A signature collected in person (api/signing); voided ones stay as history. */
export interface SignaturesTable {
  id: Generated<number>;
  application_id: number;
  signer: string;
  name: string;
  /** JSON list of roles. */
  roles: string;
  method: string;
  image: string | null;
  signed_at: string;
  ip: string;
  user_agent: string;
  /** JSON list of {name, sha256}. */
  documents: string;
  consent_version: string;
  answers_hash: string;
  voided_at: string | null;
  void_reason: string | null;
}

/** A complete signing: the sealed PDFs and the certificate (api/signing); voided ones stay as history (0017). */
export interface SignedVersionsTable {
  id: Generated<number>;
  application_id: number;
  /** 1, 2…: the application's signings in order. */
  version: number;
  signed_at: string;
  /** JSON list of {insurer, name, key, sha256}. */
  documents: string;
  /** The signature certificate, JSON. */
  certificate: string;
  voided_at: string | null;
  void_reason: string | null;
}

/** The opened data layer. */
export interface DataLayer {
  db: Kysely<Database>;
  dialect: DialectKind;
  /** PostgreSQL: the schema the tables live in. */
  schema?: string;
  /** PostgreSQL: the pool's connections in use, idle and waited for (for the metrics). */
  poolUse?: () => { total: number; idle: number; waiting: number };
  /** SQLite: the writer thread that commits the step saves' group commits off the event loop. */
  writer?: SqliteWriter;
  /**
   * After a delete: makes what it removed unreadable in the database's files where the database allows it. SQLite
   * (secure_delete zeroes the rows) copies the WAL into the database file and truncates it; PostgreSQL leaves dead
   * tuples to vacuum (docs/deploy.md).
   */
  eraseDeleted(): Promise<void>;
  close(): Promise<void>;
}

/** An application's status at one insurer it was generated for (0015), and what the insurer answered. */
export interface ApplicationInsurersTable {
  application_id: number;
  insurer: string;
  status: string;
  updated_at: string;
  policy_number: string | null;
  issue_date: string | null;
  face_amount_issued: number | null;
  reason: string | null;
  notes: string | null;
}

/** One transition of an application at an insurer (0015): who, when, from, to, why. */
export interface ApplicationTransitionsTable {
  id: Generated<number>;
  application_id: number;
  insurer: string;
  event: string;
  from_status: string;
  to_status: string;
  user_id: number | null;
  at: string;
  reason: string | null;
  /** JSON object of the details the event carried (policy number, notes...). */
  details: string;
}

/** A submission package (0015): a ZIP in the file store, with its manifest. */
export interface SubmissionsTable {
  id: string;
  application_id: number;
  client_id: number;
  insurer: string;
  user_id: number | null;
  created_at: string;
  channel: string;
  file_key: string;
  filename: string;
  sha256: string;
  /** JSON: the manifest.json of the package. */
  manifest: string;
}
