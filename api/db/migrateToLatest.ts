import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Migrator } from 'kysely';
import { buildLifecycleMachine, type LifecycleDefinition } from '../../engine/index.ts';
import { migrations } from './migrations.ts';
import type { DataLayer } from './tables.ts';

let repositoryMachine: ReturnType<typeof buildLifecycleMachine> | undefined;
/** The overall status by this repository's steps/lifecycle.json (a caller without the server's engine: a script). */
function repositoryOverallStatus(list: string[]): string {
  repositoryMachine ??= buildLifecycleMachine(
    JSON.parse(
      readFileSync(fileURLToPath(new URL('../../steps/lifecycle.json', import.meta.url)), 'utf8'),
    ) as LifecycleDefinition,
  );
  return repositoryMachine.overallStatus(list);
}

/**
 * PostgreSQL's invalid_schema_name, undefined_table and undefined_column (pg_get_serial_sequence on a table whose
 * schema is being dropped): an object gone between the catalog's read and its use.
 */
function isDroppedMeanwhile(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === '3F000' || code === '42P01' || code === '42703';
}

/**
 * Brings the database to the latest migration; run on every start.
 * @param layer - the opened data layer
 * @param overallStatus - the life cycle's overall status (the server's engine's); default: steps/lifecycle.json's
 * @throws - the first failed migration's error
 */
export async function migrateToLatest(
  layer: DataLayer,
  overallStatus: (list: string[]) => string = repositoryOverallStatus,
): Promise<void> {
  const list = migrations(layer.dialect, overallStatus);
  const migrator = new Migrator({
    db: layer.db,
    provider: { getMigrations: async () => list },
    migrationTableSchema: layer.schema,
  });
  let { error, results } = await migrator.migrateToLatest();
  // Kysely reads every schema's tables before it takes its lock: another schema dropped at that moment (another
  // application's, or a test's, on a shared PostgreSQL) fails that read with "schema … does not exist", "relation …
  // does not exist" or "column … does not exist". Nothing was migrated then; reading again is safe.
  for (let attempt = 1; attempt < 3 && results === undefined && isDroppedMeanwhile(error); attempt += 1)
    ({ error, results } = await migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
