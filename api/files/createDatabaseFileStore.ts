import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { checkKey, contentTypeOf, type FileStore } from './fileStore.ts';

/**
 * Generated files in the database's `files` table: what several instances on one PostgreSQL database use, so a
 * PDF made by one downloads from any other, and is backed up with the rest of the data. A put is one statement
 * (an upsert), so it is durable when it resolves and no reader sees half a file.
 * @param db - the data layer
 * @example app.decorate('files', createDatabaseFileStore(app.database.db));
 */
export function createDatabaseFileStore(db: Kysely<Database>): FileStore {
  return {
    async put(key, bytes, contentType) {
      await db
        .insertInto('files')
        .values({
          key: checkKey(key),
          content_type: contentType ?? contentTypeOf(key),
          bytes,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet((eb) => ({ bytes: eb.ref('excluded.bytes'), content_type: eb.ref('excluded.content_type') })),
        )
        .execute();
    },
    async get(key) {
      const row = await db
        .selectFrom('files')
        .select(['bytes', 'content_type'])
        .where('key', '=', checkKey(key))
        .executeTakeFirst();
      return row ? { bytes: new Uint8Array(row.bytes), contentType: row.content_type } : undefined;
    },
    async delete(key) {
      await db.deleteFrom('files').where('key', '=', checkKey(key)).execute();
    },
  };
}
