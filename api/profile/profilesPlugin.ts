import fp from 'fastify-plugin';
import { createProfileStore, type ProfileStore } from './createProfileStore.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The advisers' profiles (printed on every insurer's form) and their trail. */
    profiles: ProfileStore;
  }
}

/** The adviser profiles service: decorates `profiles` (the routes are profileRoutes; generation reads it). */
export const profilesPlugin = fp(
  async (app) => {
    app.decorate('profiles', createProfileStore(app.database.db));
  },
  { name: 'profiles', dependencies: ['db'] },
);
