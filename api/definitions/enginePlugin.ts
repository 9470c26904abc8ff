import fp from 'fastify-plugin';
import { createServerEngine, type ServerEngine } from './createServerEngine.ts';

export interface EnginePluginOptions {
  /** The definitions folder; default the project's steps/. */
  stepsDir?: string;
  /** An engine made already (tests of the server itself). */
  engine?: ServerEngine;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The one engine of the server, over steps/: saves, contract calls and generation all use it. */
    engine: ServerEngine;
  }
}

/** Loads steps/ once and decorates the server with its engine; broken definitions stop the start. */
export const enginePlugin = fp<EnginePluginOptions>(
  async (app, options) => {
    app.decorate('engine', options.engine ?? createServerEngine(options.stepsDir));
  },
  { name: 'engine' },
);
