import { vi } from 'vitest';

/**
 * `npm test` is the loop that needs no database (the unit project of vitest.config.ts). A test that opens SQLite,
 * PostgreSQL or Redis anyway fails at once with where it belongs, instead of slowing that loop down or failing on
 * a machine without PostgreSQL.
 */
function refused(what: string): new (...args: unknown[]) => never {
  return class {
    constructor() {
      throw new Error(
        `${what} in \`npm test\`: a test that needs a database belongs in the db project (vitest.config.ts)`,
      );
    }
  } as unknown as new (...args: unknown[]) => never;
}

vi.mock('better-sqlite3', () => ({ default: refused('SQLite') }));
vi.mock('pg', () => {
  const Pool = refused('PostgreSQL');
  const Client = refused('PostgreSQL');
  return { default: { Pool, Client }, Pool, Client };
});
vi.mock('ioredis', () => {
  const Redis = refused('Redis');
  return { default: Redis, Redis };
});
