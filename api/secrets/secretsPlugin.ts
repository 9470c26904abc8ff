import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { createRecordCodec, type RecordCodec } from './createRecordCodec.ts';
import { createSecretBox, type SecretBox } from './createSecretBox.ts';
import { loadSecretKey } from './loadSecretKey.ts';

export interface SecretsPluginOptions {
  /** SECRET_KEY (64 hex digits or base64 of 32 bytes); without it, DATA_DIR/secret.key. */
  secretKey?: string;
  dataDir: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Seals the step records' secret answers (x-secret) on write and opens them on read. */
    secrets: RecordCodec;
    /** The key's sealing itself, for what else holds secrets at rest (the generated PDFs). */
    secretBox: SecretBox;
  }
}

const CHECK = 'secrets';

/** Refuses a key other than the one the database's secrets were sealed with: they would not open. */
async function checkKey(db: Kysely<Database>, fingerprint: string, source: string): Promise<void> {
  await db
    .insertInto('key_checks')
    .values({ name: CHECK, fingerprint, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('key_checks')
    .select('fingerprint')
    .where('name', '=', CHECK)
    .executeTakeFirstOrThrow();
  if (row.fingerprint !== fingerprint) {
    throw new Error(
      `The key from ${source} is not the key this database's secret answers (SINs) were sealed with. ` +
        'Every instance on one database needs the same key: set SECRET_KEY to it (or restore DATA_DIR/secret.key).',
    );
  }
}

/** Seals the secret answers stored in plain text before sealing existed (once; later starts find none). */
async function sealPlainRecords(db: Kysely<Database>, codec: RecordCodec): Promise<number> {
  if (!codec.steps.length) return 0;
  const rows = await db
    .selectFrom('screening_records')
    .select(['client_id', 'step_id', 'data'])
    .where('step_id', 'in', codec.steps)
    .execute();
  let sealed = 0;
  for (const row of rows) {
    let record: unknown;
    try {
      record = JSON.parse(row.data);
    } catch {
      continue;
    }
    if (!record || typeof record !== 'object' || Array.isArray(record) || !codec.hasPlain(row.step_id, record as never))
      continue;
    const data = JSON.stringify(
      codec.seal(row.client_id, row.step_id, codec.open(row.client_id, row.step_id, record as never)),
    );
    // Only when unchanged since read: a save in between has sealed it already.
    await db
      .updateTable('screening_records')
      .set({ data })
      .where('client_id', '=', row.client_id)
      .where('step_id', '=', row.step_id)
      .where('data', '=', row.data)
      .execute();
    sealed += 1;
  }
  return sealed;
}

/**
 * The key for secret answers, checked against the database, and the codec the step-record store uses. A bad
 * SECRET_KEY, or a key other than the database's, stops the start with a message saying why.
 */
export const secretsPlugin = fp<SecretsPluginOptions>(
  async (app, options) => {
    const { key, source } = loadSecretKey(options);
    const box = createSecretBox(key);
    const { db } = app.database;
    await checkKey(db, box.fingerprint, source);
    const codec = createRecordCodec(app.engine.definitions, box);
    const sealed = await sealPlainRecords(db, codec);
    if (sealed) app.log.info({ records: sealed }, 'sealed secret answers stored in plain text');
    app.decorate('secrets', codec);
    app.decorate('secretBox', box);
  },
  { name: 'secrets', dependencies: ['db', 'engine'] },
);
