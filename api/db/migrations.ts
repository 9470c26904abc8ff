import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { clientListKeys } from '../clients/clientListKeys.ts';
import type { DialectKind } from './tables.ts';

/** A surrogate integer key on either database. */
function idColumn(
  dialect: DialectKind,
): ['integer' | 'serial', (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  return dialect === 'postgres'
    ? ['serial', (col) => col.primaryKey()]
    : ['integer', (col) => col.primaryKey().autoIncrement()];
}

/** The folded columns a client list searches and sorts on (0009). */
const LIST_KEYS = ['search_text', 'first_name_key', 'last_name_key', 'email_key', 'phone_key'] as const;

/** One index per sort of one adviser's clients (0009); the id ends each, as it ends each sort. */
const LIST_INDEXES: [string, string[]][] = [
  ['updated', ['updated_at']],
  ['created', ['created_at']],
  ['last_name', ['last_name_key', 'first_name_key']],
  ['first_name', ['first_name_key']],
  ['email', ['email_key']],
  ['phone', ['phone_key']],
];

/** The tables the paged lists read their pages from (0011). */
const LIST_TABLES = ['clients', 'life_applications'] as const;

/** Whether this PostgreSQL has autovacuum's insert threshold (13 and later; before it, inserts alone never vacuum). */
async function insertThresholds(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{ version: number }>`select current_setting('server_version_num')::int as version`.execute(
    db,
  );
  return (rows[0]?.version ?? 0) >= 130_000;
}

/**
 * The one set of migrations for SQLite and PostgreSQL, in order. Names sort in order of application.
 * @param dialect - which database, for the few column types that differ (serial keys)
 * @param overallStatus - the life cycle's overall status of an application from its insurers' (machine.overallStatus)
 * @returns - a map from migration name to migration, for Kysely's Migrator
 */
export function migrations(dialect: DialectKind, overallStatus: (list: string[]) => string): Record<string, Migration> {
  const [idType, idPk] = idColumn(dialect);
  return {
    '0001_initial': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('users')
          .addColumn('id', idType, idPk)
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('username', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('role', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('tokens')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('tokens_user_id').on('tokens').column('user_id').execute();
        await db.schema
          .createTable('brokers')
          .addColumn('id', idType, idPk)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .execute();
        await db.schema
          .createTable('clients')
          .addColumn('id', idType, idPk)
          .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('first_name', 'text', (c) => c.notNull())
          .addColumn('last_name', 'text', (c) => c.notNull())
          .addColumn('email', 'text')
          .addColumn('phone_primary', 'text')
          .addColumn('date_of_birth', 'text')
          .addColumn('gender_sex_at_birth', 'text')
          .addColumn('profile', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('clients_owner_user_id').on('clients').column('owner_user_id').execute();
        await db.schema
          .createTable('client_brokers')
          .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
          .addColumn('broker_email', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('client_brokers_pk', ['client_id', 'broker_email'])
          .execute();
        await db.schema.createIndex('client_brokers_email').on('client_brokers').column('broker_email').execute();
        await db.schema
          .createTable('life_applications')
          .addColumn('id', idType, idPk)
          .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('application_type', 'text', (c) => c.notNull())
          .addColumn('product_type', 'text')
          .addColumn('number_of_insureds', 'integer', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('face_amount', 'double precision')
          .execute();
        await db.schema
          .createIndex('life_applications_client_id')
          .on('life_applications')
          .column('client_id')
          .execute();
        await db.schema
          .createTable('screening_progress')
          .addColumn('client_id', 'integer', (c) => c.primaryKey().references('clients.id').onDelete('cascade'))
          .addColumn('current_step', 'text', (c) => c.notNull())
          .addColumn('last_updated', 'text', (c) => c.notNull())
          .addColumn('is_complete', 'integer', (c) => c.notNull())
          .addColumn('step_data', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('screening_records')
          .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
          .addColumn('step_id', 'text', (c) => c.notNull())
          .addColumn('data', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('screening_records_pk', ['client_id', 'step_id'])
          .execute();
        // 0001 once created bench_records here; the bench now creates its own table (bench/baselineRoute.ts).
      },
      async down(db: Kysely<unknown>) {
        for (const table of [
          'screening_records',
          'screening_progress',
          'life_applications',
          'client_brokers',
          'clients',
          'brokers',
          'tokens',
          'users',
        ]) {
          await db.schema.dropTable(table).ifExists().execute();
        }
      },
    },
    '0002_records_and_applications': {
      async up(db: Kysely<unknown>) {
        // Which client record an application's step object is kept in (a proposed insured), by link path.
        await db.schema
          .createTable('client_links')
          .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
          .addColumn('link', 'text', (c) => c.notNull())
          .addColumn('linked_client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
          .addPrimaryKeyConstraint('client_links_pk', ['client_id', 'link'])
          .execute();
        await db.schema
          .createIndex('client_links_linked')
          .on('client_links')
          .columns(['link', 'linked_client_id'])
          .execute();
        // An application follows its screening: the current one of a client is kept up to date as steps change.
        await db.schema
          .alterTable('life_applications')
          .addColumn('is_current', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.alterTable('life_applications').addColumn('updated_at', 'text').execute();
        await db.schema.alterTable('life_applications').addColumn('definitions_version', 'text').execute();
        await db.schema
          .createTable('generations')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('application_id', 'integer', (c) => c.references('life_applications.id').onDelete('cascade'))
          .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('populate_forms', 'text', (c) => c.notNull())
          .addColumn('files', 'text', (c) => c.notNull())
          .addColumn('summary', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('generations_application').on('generations').column('application_id').execute();
        await db.schema.createIndex('generations_client').on('generations').column('client_id').execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('generations').ifExists().execute();
        await db.schema.dropTable('client_links').ifExists().execute();
      },
    },
    '0003_shared_files': {
      async up(db: Kysely<unknown>) {
        // Generated files kept in the database, so that every instance on one PostgreSQL database reads them.
        await db.schema
          .createTable('files')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('content_type', 'text', (c) => c.notNull())
          .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('files').ifExists().execute();
      },
    },
    '0004_broker_grants': {
      async up(db: Kysely<unknown>) {
        // Accounts an administrator made brokers (npm run user -- grant-broker EMAIL): a client listing a broker's
        // email is shared with the account granted for that email, never with whoever signed up with it.
        await db.schema
          .createTable('broker_grants')
          .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('granted_at', 'text', (c) => c.notNull())
          .addColumn('granted_by', 'text', (c) => c.notNull())
          .execute();
        // A fingerprint of the key that seals secret answers (SINs): a start with another key is refused.
        await db.schema
          .createTable('key_checks')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('fingerprint', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('key_checks').ifExists().execute();
        await db.schema.dropTable('broker_grants').ifExists().execute();
      },
    },
    '0005_versions_audit': {
      async up(db: Kysely<unknown>) {
        // A version per client and per step record: ETags, If-Match and the compare-and-set of every write.
        await db.schema
          .alterTable('clients')
          .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
        await db.schema
          .alterTable('screening_records')
          .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
        // Who changed what and when, written in the transaction of the change. No foreign key on the client:
        // the trail of a deleted client is removed with it, by the delete itself.
        await db.schema
          .createTable('audit_log')
          .addColumn('id', idType, idPk)
          .addColumn('client_id', 'integer', (c) => c.notNull())
          .addColumn('user_id', 'integer')
          .addColumn('at', 'text', (c) => c.notNull())
          .addColumn('entity', 'text', (c) => c.notNull())
          .addColumn('entity_id', 'text', (c) => c.notNull())
          .addColumn('changes', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('audit_log_client').on('audit_log').columns(['client_id', 'id']).execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('audit_log').ifExists().execute();
      },
    },
    '0006_record_compression': {
      async up(db: Kysely<unknown>) {
        // PostgreSQL compresses a step record over about 2 KB (an owner record is 4 KB), and every save and every
        // load reads all of a client's records: lz4 reads them about a third faster than the default pglz, and
        // writes them faster. Only new values use it (each save rewrites its record). A server built without lz4
        // keeps pglz. SQLite does not compress.
        if (dialect !== 'postgres') return;
        const { rows } = await sql<{
          lz4: boolean;
        }>`select 'lz4' = any(enumvals) as lz4 from pg_settings where name = 'default_toast_compression'`.execute(db);
        if (rows[0]?.lz4) await sql`alter table screening_records alter column data set compression lz4`.execute(db);
      },
      async down(db: Kysely<unknown>) {
        if (dialect === 'postgres')
          await sql`alter table screening_records alter column data set compression default`.execute(db);
      },
    },
    '0007_application_roles': {
      async up(db: Kysely<unknown>) {
        // Every client record an application names (its insureds) with the role it has there, so that each
        // client's profile lists the applications they are on, not only those of their own screening.
        await db.schema
          .createTable('application_roles')
          .addColumn('application_id', 'integer', (c) =>
            c.notNull().references('life_applications.id').onDelete('cascade'),
          )
          .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
          .addColumn('role', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('application_roles_pk', ['application_id', 'client_id'])
          .execute();
        await db.schema.createIndex('application_roles_client').on('application_roles').column('client_id').execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('application_roles').ifExists().execute();
      },
    },
    '0008_created_for': {
      async up(db: Kysely<unknown>) {
        // The client whose screening created this client record (a second insured): deleting that client may delete
        // it too, when no other application uses it. Null for a client the adviser created.
        await db.schema.alterTable('clients').addColumn('created_for_client_id', 'integer').execute();
        // Second insureds created before: the one client linking them, when their profile names it as its origin.
        const { rows } = await sql<{
          id: number;
          profile: string;
          client_id: number;
        }>`select clients.id, clients.profile, client_links.client_id from clients
          join client_links on client_links.linked_client_id = clients.id`.execute(db);
        const linkers = new Map<number, Set<number>>();
        for (const row of rows) linkers.set(row.id, (linkers.get(row.id) ?? new Set()).add(row.client_id));
        for (const row of rows) {
          const [only, ...others] = linkers.get(row.id) ?? [];
          let profile: { is_second_insured?: unknown; original_client_id?: unknown } = {};
          try {
            profile = JSON.parse(row.profile) as typeof profile;
          } catch {
            continue;
          }
          if (
            others.length ||
            profile?.is_second_insured !== true ||
            String(profile.original_client_id) !== String(only)
          )
            continue;
          await sql`update clients set created_for_client_id = ${only} where id = ${row.id}`.execute(db);
        }
      },
      async down(db: Kysely<unknown>) {
        await db.schema.alterTable('clients').dropColumn('created_for_client_id').execute();
      },
    },
    '0009_client_list_keys': {
      async up(db: Kysely<unknown>) {
        // A client list is paged, sorted and searched by the database: folded keys (no accents, no case) that the
        // server writes with every change, and an index per sort for one adviser's clients, so a page is read from
        // an index whichever page it is (api/clients/clientListKeys.ts).
        for (const key of LIST_KEYS)
          await db.schema
            .alterTable('clients')
            .addColumn(key, 'text', (c) => c.notNull().defaultTo(''))
            .execute();
        const rows = await sql<{
          id: number;
          first_name: string;
          last_name: string;
          email: string | null;
          phone_primary: string | null;
        }>`select id, first_name, last_name, email, phone_primary from clients`.execute(db);
        for (const row of rows.rows) {
          const keys = clientListKeys(row);
          await sql`update clients set search_text = ${keys.search_text}, first_name_key = ${keys.first_name_key},
            last_name_key = ${keys.last_name_key}, email_key = ${keys.email_key}, phone_key = ${keys.phone_key}
            where id = ${row.id}`.execute(db);
        }
        for (const [name, columns] of LIST_INDEXES)
          await db.schema
            .createIndex(`clients_list_${name}`)
            .on('clients')
            .columns(['owner_user_id', ...columns, 'id'])
            .execute();
        await db.schema
          .createIndex('life_applications_list')
          .on('life_applications')
          .columns(['client_id', 'created_at', 'id'])
          .execute();
        if (dialect === 'sqlite') {
          // Words anywhere in the search text, found through trigrams (FTS5 answers GLOB from its index). The index
          // keeps no copy of the text (external content), and secure-delete takes a deleted client's trigrams out
          // at once, so the deleted client's text is in no page of the file.
          await sql`create virtual table clients_search using fts5(search_text, content='clients', content_rowid='id',
            tokenize='trigram', detail='none')`.execute(db);
          await sql`insert into clients_search(clients_search, rank) values ('secure-delete', 1)`.execute(db);
          await sql`insert into clients_search(clients_search) values ('rebuild')`.execute(db);
          await sql`create trigger clients_search_insert after insert on clients begin
            insert into clients_search(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
          await sql`create trigger clients_search_delete after delete on clients begin
            insert into clients_search(clients_search, rowid, search_text) values ('delete', old.id, old.search_text);
            end`.execute(db);
          await sql`create trigger clients_search_update after update of search_text on clients begin
            insert into clients_search(clients_search, rowid, search_text) values ('delete', old.id, old.search_text);
            insert into clients_search(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
          return;
        }
        // PostgreSQL: a trigram index (pg_trgm, a trusted extension, in the public schema once for the database).
        // Without the right to create it the search still answers, by reading the adviser's clients.
        await sql`select pg_advisory_xact_lock(290001)`.execute(db);
        const { rows: can } = await sql<{ schema: string | null; allowed: boolean }>`select
            (select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace
              where e.extname = 'pg_trgm') as schema,
            exists (select 1 from pg_available_extensions where name = 'pg_trgm')
              and exists (select 1 from pg_namespace where nspname = 'public')
              and has_database_privilege(current_database(), 'CREATE')
              and has_schema_privilege('public', 'CREATE') as allowed`.execute(db);
        let schema = can[0]?.schema ?? null;
        if (!schema && can[0]?.allowed) {
          await sql`create extension if not exists pg_trgm with schema public`.execute(db);
          schema = 'public';
        }
        if (schema)
          await sql`create index clients_search_trgm on clients using gin (search_text ${sql.id(schema)}.gin_trgm_ops)`.execute(
            db,
          );
      },
      async down(db: Kysely<unknown>) {
        if (dialect === 'sqlite') await sql`drop table if exists clients_search`.execute(db);
        else await sql`drop index if exists clients_search_trgm`.execute(db);
        await db.schema.dropIndex('life_applications_list').ifExists().execute();
        for (const [name] of LIST_INDEXES) await db.schema.dropIndex(`clients_list_${name}`).ifExists().execute();
        for (const key of LIST_KEYS) await db.schema.alterTable('clients').dropColumn(key).execute();
      },
    },
    '0010_adviser_profiles': {
      async up(db: Kysely<unknown>) {
        // The adviser's profile (name, licence, agency, a code per insurer), printed on every insurer's form, and the
        // trail of its changes (the client audit log belongs to clients; a profile is the adviser's own).
        await db.schema
          .createTable('adviser_profiles')
          .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
          .addColumn('profile', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('adviser_profile_audit')
          .addColumn('id', ...idColumn(dialect))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('at', 'text', (c) => c.notNull())
          .addColumn('changes', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('adviser_profile_audit_user')
          .on('adviser_profile_audit')
          .column('user_id')
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('adviser_profile_audit').ifExists().execute();
        await db.schema.dropTable('adviser_profiles').ifExists().execute();
      },
    },
    '0011_list_visibility': {
      async up(db: Kysely<unknown>) {
        // PostgreSQL reads a list page's ids and its count from an index alone only where its visibility map says a
        // page of the table holds no change a reader might not see; else it reads the rows too, and the planner,
        // knowing it, turns to a sequential scan and a sort. Vacuum sets the map: have autovacuum run after 2% of
        // the lists' tables is inserted or changed (an adviser's import), not after the default 20%. SQLite reads
        // its covering indexes alone already.
        if (dialect === 'sqlite') return;
        const inserts = (await insertThresholds(db)) ? sql`, autovacuum_vacuum_insert_scale_factor = 0.02` : sql``;
        for (const table of LIST_TABLES)
          await sql`alter table ${sql.table(table)} set (autovacuum_vacuum_scale_factor = 0.02,
            autovacuum_analyze_scale_factor = 0.02${inserts})`.execute(db);
      },
      async down(db: Kysely<unknown>) {
        if (dialect === 'sqlite') return;
        const inserts = (await insertThresholds(db)) ? sql`, autovacuum_vacuum_insert_scale_factor` : sql``;
        for (const table of LIST_TABLES)
          await sql`alter table ${sql.table(table)} reset (autovacuum_vacuum_scale_factor,
            autovacuum_analyze_scale_factor${inserts})`.execute(db);
      },
    },
    '0012_password_resets': {
      async up(db: Kysely<unknown>) {
        // The language an account's mails are written in (null: English).
        await db.schema.alterTable('users').addColumn('language', 'text').execute();
        // A reset link's token, stored as its sha-256 (like login tokens); used_at makes it single-use and lets a
        // second try be told apart from a forged link.
        await db.schema
          .createTable('password_resets')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('used_at', 'text')
          .execute();
        await db.schema.createIndex('password_resets_user_id').on('password_resets').column('user_id').execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('password_resets').ifExists().execute();
        await db.schema.alterTable('users').dropColumn('language').execute();
      },
    },
    '0013_verified_emails_sessions': {
      async up(db: Kysely<unknown>) {
        // When the account's email was proved by a link (null: not yet). Accounts older than the check are trusted as
        // they were: their brokers were granted by an administrator who knew them.
        await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
        await sql`update users set email_verified_at = created_at`.execute(db);
        // A verification link's token: the shape of password_resets, read by the same module (createLinkTokens).
        await db.schema
          .createTable('email_verifications')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('used_at', 'text')
          .execute();
        await db.schema
          .createIndex('email_verifications_user_id')
          .on('email_verifications')
          .column('user_id')
          .execute();
        // What "Where you're signed in" shows of a session; last_used_at also ends an idle one.
        for (const column of ['last_used_at', 'user_agent', 'address'])
          await db.schema.alterTable('tokens').addColumn(column, 'text').execute();
        await sql`update tokens set last_used_at = created_at`.execute(db);
      },
      async down(db: Kysely<unknown>) {
        for (const column of ['address', 'user_agent', 'last_used_at'])
          await db.schema.alterTable('tokens').dropColumn(column).execute();
        await db.schema.dropTable('email_verifications').ifExists().execute();
        await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
      },
    },
    '0014_administration': {
      async up(db: Kysely<unknown>) {
        // 1 for an administrator (the Admin page); disabled_at refuses the account's logins while it is set.
        await db.schema
          .alterTable('users')
          .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
        // Every administrator's action on an account, from the app or the command line.
        await db.schema
          .createTable('admin_audit')
          .addColumn('id', ...idColumn(dialect))
          .addColumn('at', 'text', (c) => c.notNull())
          .addColumn('actor', 'text', (c) => c.notNull())
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('target_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('target_email', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('admin_audit_at').on('admin_audit').column('at').execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('admin_audit').ifExists().execute();
        await db.schema.alterTable('users').dropColumn('disabled_at').execute();
        await db.schema.alterTable('users').dropColumn('is_admin').execute();
      },
    },
    '0015_application_lifecycle': {
      async up(db: Kysely<unknown>) {
        // Each insurer an application was generated for has its own status (issue 27): a joint case may be issued
        // by one and declined by another. The application's own status is the least advanced of these.
        await db.schema
          .createTable('application_insurers')
          .addColumn('application_id', 'integer', (c) =>
            c.notNull().references('life_applications.id').onDelete('cascade'),
          )
          .addColumn('insurer', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addColumn('policy_number', 'text')
          .addColumn('issue_date', 'text')
          .addColumn('face_amount_issued', 'double precision')
          .addColumn('reason', 'text')
          .addColumn('notes', 'text')
          .addPrimaryKeyConstraint('application_insurers_pk', ['application_id', 'insurer'])
          .execute();
        // Every transition: who, when, from, to, why (also on the audit trail).
        await db.schema
          .createTable('application_transitions')
          .addColumn('id', ...idColumn(dialect))
          .addColumn('application_id', 'integer', (c) =>
            c.notNull().references('life_applications.id').onDelete('cascade'),
          )
          .addColumn('insurer', 'text', (c) => c.notNull())
          .addColumn('event', 'text', (c) => c.notNull())
          .addColumn('from_status', 'text', (c) => c.notNull())
          .addColumn('to_status', 'text', (c) => c.notNull())
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('at', 'text', (c) => c.notNull())
          .addColumn('reason', 'text')
          .addColumn('details', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('application_transitions_application')
          .on('application_transitions')
          .columns(['application_id', 'id'])
          .execute();
        // Each submission package (a ZIP in the file store), downloadable again.
        await db.schema
          .createTable('submissions')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('application_id', 'integer', (c) =>
            c.notNull().references('life_applications.id').onDelete('cascade'),
          )
          .addColumn('client_id', 'integer', (c) => c.notNull())
          .addColumn('insurer', 'text', (c) => c.notNull())
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('channel', 'text', (c) => c.notNull())
          .addColumn('file_key', 'text', (c) => c.notNull())
          .addColumn('filename', 'text', (c) => c.notNull())
          .addColumn('sha256', 'text', (c) => c.notNull())
          .addColumn('manifest', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('submissions_application').on('submissions').column('application_id').execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('submissions').ifExists().execute();
        await db.schema.dropTable('application_transitions').ifExists().execute();
        await db.schema.dropTable('application_insurers').ifExists().execute();
      },
    },
    '0016_signatures': {
      async up(db: Kysely<unknown>) {
        // One row per signature collected in person (issue 27 part 2). A voided signature stays, as history:
        // voided_at and void_reason say when and why (the answers changed after it).
        await db.schema
          .createTable('signatures')
          .addColumn('id', idType, idPk)
          .addColumn('application_id', 'integer', (c) =>
            c.notNull().references('life_applications.id').onDelete('cascade'),
          )
          .addColumn('signer', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          // JSON list of the capacities (insured, owner, payor, guardian, adviser).
          .addColumn('roles', 'text', (c) => c.notNull())
          .addColumn('method', 'text', (c) => c.notNull())
          .addColumn('image', 'text')
          .addColumn('signed_at', 'text', (c) => c.notNull())
          .addColumn('ip', 'text', (c) => c.notNull())
          .addColumn('user_agent', 'text', (c) => c.notNull())
          // JSON list of {name, sha256}: the exact documents signed.
          .addColumn('documents', 'text', (c) => c.notNull())
          .addColumn('consent_version', 'text', (c) => c.notNull())
          // SHA-256 of the answers signed: a signature stands while the answers hash the same.
          .addColumn('answers_hash', 'text', (c) => c.notNull())
          .addColumn('voided_at', 'text')
          .addColumn('void_reason', 'text')
          .execute();
        // One standing signature per signer: a second one racing the first fails here, not only in the check.
        await db.schema
          .createIndex('signatures_one_standing')
          .on('signatures')
          .columns(['application_id', 'signer'])
          .unique()
          .where(sql.ref('voided_at'), 'is', null)
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('signatures').ifExists().execute();
      },
    },
    '0017_signed_versions': {
      async up(db: Kysely<unknown>) {
        // One row per complete signing of an application (issue 27): the sealed PDFs made when the last signature
        // came in, and the signature certificate, as JSON. Voided (never deleted) when an answer changes after it:
        // an earlier version stays downloadable as history.
        await db.schema
          .createTable('signed_versions')
          .addColumn('id', idType, idPk)
          .addColumn('application_id', 'integer', (c) =>
            c.notNull().references('life_applications.id').onDelete('cascade'),
          )
          .addColumn('version', 'integer', (c) => c.notNull())
          .addColumn('signed_at', 'text', (c) => c.notNull())
          // JSON list of {insurer, name, key, sha256}: each insurer's sealed PDF in the file store.
          .addColumn('documents', 'text', (c) => c.notNull())
          // The signature certificate (JSON): the signatures, the documents each signed and the sealed PDFs' hashes.
          .addColumn('certificate', 'text', (c) => c.notNull())
          .addColumn('voided_at', 'text')
          .addColumn('void_reason', 'text')
          .execute();
        await db.schema
          .createIndex('signed_versions_one')
          .on('signed_versions')
          .columns(['application_id', 'version'])
          .unique()
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('signed_versions').ifExists().execute();
      },
    },
    '0018_overall_status': {
      async up(db: Kysely<unknown>) {
        // An application's overall status is written on each transition with the life cycle's overallStatus; those
        // stored before its `prevails` rule (ISSUED prevails over DECLINED, issue 27) kept the older answer until
        // their next transition. Recomputed once from the insurers' statuses by the same function: only the derived
        // column changes (each insurer's status and trail stay), and an application with no insurers keeps its own.
        const { rows } = await sql<{ application_id: number; status: string; overall: string }>`select
          application_insurers.application_id, application_insurers.status, life_applications.status as overall
          from application_insurers join life_applications on life_applications.id = application_insurers.application_id
          order by application_insurers.application_id`.execute(db);
        const byApplication = new Map<number, { statuses: string[]; overall: string }>();
        for (const row of rows) {
          const found = byApplication.get(row.application_id) ?? { statuses: [], overall: row.overall };
          found.statuses.push(row.status);
          byApplication.set(row.application_id, found);
        }
        const moves = new Map<string, number[]>();
        for (const [id, { statuses, overall }] of byApplication) {
          const now = overallStatus(statuses);
          if (now !== overall) moves.set(now, [...(moves.get(now) ?? []), id]);
        }
        for (const [status, ids] of moves)
          for (let i = 0; i < ids.length; i += 500)
            await sql`update life_applications set status = ${status} where id in (${sql.join(ids.slice(i, i + 500))})`.execute(
              db,
            );
      },
      // The older answer is not kept anywhere to go back to, and the one written now is the rule's.
      async down() {},
    },
  };
}
