import { Migrator } from 'kysely';
import { migrations } from './migrations.ts';
import type { DataLayer } from './tables.ts';

/**
 * Brings the database to the latest migration; run on every start.
 * @param layer - the opened data layer
 * @throws - the first failed migration's error
 */
export async function migrateToLatest(layer: DataLayer): Promise<void> {
  const list = migrations(layer.dialect);
  const migrator = new Migrator({
    db: layer.db,
    provider: { getMigrations: async () => list },
    migrationTableSchema: layer.schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
