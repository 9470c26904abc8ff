import fp from 'fastify-plugin';
import { createAuditLog, type AuditLog } from './createAuditLog.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who changed what in a client's records, and when. */
    audit: AuditLog;
  }
}

/** Decorates `audit`: the trail every write of a client's records adds to, in its own transaction. */
export const auditPlugin = fp(
  async (app) => {
    app.decorate('audit', createAuditLog(app.database.db));
  },
  { name: 'audit', dependencies: ['db'] },
);
