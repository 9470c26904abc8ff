import fp from 'fastify-plugin';
import { buildLifecycleMachine } from '../../engine/index.ts';
import { createDataLayer } from './createDataLayer.ts';
import { migrateToLatest } from './migrateToLatest.ts';
import { seedDemo } from './seedDemo.ts';
import type { DataLayer } from './tables.ts';

export interface DbPluginOptions {
  dataDir: string;
  databaseUrl?: string;
  pgSchema?: string;
  /** Creates the demo adviser on an empty database; default true. */
  seedDemo?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The one data layer (SQLite or PostgreSQL through Kysely), opened and migrated at start. */
    database: DataLayer;
  }
}

/**
 * Opens the database, brings it to the latest migration, seeds an empty one, and closes it with the server.
 * A failed migration stops the start with the database closed.
 */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, options) => {
    const layer = await createDataLayer({
      dataDir: options.dataDir,
      databaseUrl: options.databaseUrl,
      pgSchema: options.pgSchema,
    });
    try {
      // The definitions' life cycle (the one the server enforces) for the migrations that derive a status from it.
      const { lifecycle } = app.engine.definitions;
      const machine = lifecycle ? buildLifecycleMachine(lifecycle) : undefined;
      await migrateToLatest(layer, machine ? (list) => machine.overallStatus(list) : undefined);
      if (options.seedDemo !== false) await seedDemo(layer.db);
    } catch (err) {
      await layer.close();
      throw err;
    }
    app.decorate('database', layer);
    app.addHook('onClose', async () => layer.close());
  },
  { name: 'db', dependencies: ['engine'] },
);
