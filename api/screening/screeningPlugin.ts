import fp from 'fastify-plugin';
import { Histogram } from 'prom-client';
import { createScreeningService, type ScreeningService } from './createScreeningService.ts';
import { createScreeningStore, type ScreeningStore } from './createScreeningStore.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The step records as stored, one row per client and step. */
    records: ScreeningStore;
    /** Loading a client's screening and the one save path of every step (engine check, bound records, one transaction). */
    screening: ScreeningService;
  }
}

/**
 * Decorates `records` (the step records as stored, with group commit) and `screening` (loading a client's screening
 * and the one save path of every step).
 */
export const screeningPlugin = fp(
  async (app) => {
    const { db, dialect } = app.database;
    // How many saves share a statement or a commit: where group commit pays, and why a save costs less when busy.
    const batches = new Histogram({
      name: 'insure_db_batch_size',
      help: 'Step-record reads and writes sent together, by kind: reads per statement, writes per statement (PostgreSQL) or per commit (SQLite)',
      labelNames: ['kind'],
      buckets: [1, 2, 3, 5, 8, 13, 21, 34, 55],
      registers: [app.metrics],
    });
    const records = createScreeningStore(db, dialect === 'sqlite', app.secrets, app.database.writer, (kind, size) =>
      batches.observe({ kind }, size),
    );
    const screening = createScreeningService(app.engine, records, app.clients, db, app.audit);
    app.decorate('records', records);
    app.decorate('screening', screening);
  },
  { name: 'screening', dependencies: ['db', 'engine', 'clients', 'secrets', 'audit', 'ops'] },
);
