import { afterAll, beforeAll } from 'vitest';
import type { ServerOptions } from '../../api/types.ts';
import { signUp, startServer, type DatabaseKind, type TestServer } from './apiServer.ts';

/** The server of a describe block and the adviser signed up on it, set before its tests run. */
export interface SuiteServer {
  server: TestServer;
  token: string;
}

/**
 * Starts a server with a signed-up adviser before the tests of the calling describe block, and stops it (its data
 * removed) after them. Read `server` and `token` inside the tests.
 */
export function suiteServer(kind: DatabaseKind, options: ServerOptions = {}): SuiteServer {
  const suite = {} as SuiteServer;
  beforeAll(async () => {
    suite.server = await startServer(kind, options);
    suite.token = (await signUp(suite.server)).token;
  });
  afterAll(async () => {
    await suite.server?.close(true);
  });
  return suite;
}
