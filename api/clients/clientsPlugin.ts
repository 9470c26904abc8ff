import fp from 'fastify-plugin';
import { createClientStore, type ClientStore } from './createClientStore.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Clients, with the ownership rule on every query a user makes. */
    clients: ClientStore;
  }
}

/** Decorates `clients`: the client records, with the ownership rule on every query a user makes. */
export const clientsPlugin = fp(
  async (app) => {
    app.decorate('clients', createClientStore(app.database.db, app.audit));
  },
  { name: 'clients', dependencies: ['db', 'audit'] },
);
