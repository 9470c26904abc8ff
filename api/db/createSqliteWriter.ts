import { Worker } from 'node:worker_threads';

/** A statement as compiled: its SQL text and its parameters in order. */
export interface WriterStatement {
  sql: string;
  parameters: readonly unknown[];
}

/**
 * One write of a batch: `write` answers a row with the new `version` when it wrote (none when its compare-and-set
 * found another version); `then` (an audit row) runs only when it wrote.
 */
export interface WriterJob {
  write: WriterStatement;
  then?: WriterStatement;
}

export interface WriterRequest {
  id: number;
  jobs: WriterJob[];
  /** After the jobs: copy the WAL into the database file and truncate it (what a delete leaves there goes). */
  checkpoint?: boolean;
}

export type WriterReply =
  { id: number; versions: (number | null)[] } | { id: number; error: { message: string; code?: string } };

export interface SqliteWriter {
  /**
   * Runs the jobs in order in one transaction of the writer thread and answers after its commit: each job's new
   * version, or null where it did not write. When one fails, none is written and the promise rejects with its error.
   */
  run(jobs: WriterJob[]): Promise<(number | null)[]>;
  /**
   * Checkpoints the WAL into the database file and truncates it, in the thread (it waits for readers there, not on
   * the event loop). With secure_delete, the rows deleted before it are then in neither file.
   */
  checkpoint(): Promise<void>;
  /** Finishes the batches sent, then stops the thread. */
  close(): Promise<void>;
}

/** The error a batch failed with, rebuilt on this side with its SQLite code (SQLITE_CONSTRAINT_FOREIGNKEY, …). */
class WriterError extends Error {
  code?: string;
  constructor(message: string, code?: string) {
    super(message);
    this.name = 'SqliteError';
    this.code = code;
  }
}

/**
 * A writer thread for a SQLite file (better-sqlite3 is synchronous: a commit's fsync would stall the event loop,
 * and with it every request the process serves). The thread has its own connection, so the server's reads go on
 * while it commits (WAL). Started on the first batch; a thread that dies fails its pending batches, and the next
 * batch starts a new one.
 * @param file - the database file (already created and migrated)
 */
export function createSqliteWriter(file: string): SqliteWriter {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: (number | null)[]) => void; reject: (e: Error) => void }>();
  const drained: (() => void)[] = [];
  const settled = (): void => {
    if (pending.size > 0) return;
    // Idle: the thread keeps no process alive.
    worker?.unref();
    for (const done of drained.splice(0)) done();
  };

  const failAll = (err: Error): void => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    settled();
  };
  const start = (): Worker => {
    // The server runs its TypeScript through tsx (npm start, npm run dev, the tests): the thread loads its module the same way.
    const url = new URL('./sqliteWriterWorker.ts', import.meta.url).href;
    const boot = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(url)}, ${JSON.stringify(url)}))`;
    const w = new Worker(boot, { eval: true, workerData: { file } });
    w.on('message', (reply: WriterReply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if ('error' in reply) p.reject(new WriterError(reply.error.message, reply.error.code));
      else p.resolve(reply.versions);
      settled();
    });
    w.on('error', (err) => failAll(err));
    w.on('exit', (code) => {
      if (worker === w) worker = undefined;
      failAll(new Error(`the SQLite writer thread stopped (exit code ${code})`));
    });
    return w;
  };

  const send = (jobs: WriterJob[], checkpoint?: boolean): Promise<(number | null)[]> => {
    const w = (worker ??= start());
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      w.ref();
      w.postMessage({ id, jobs, ...(checkpoint ? { checkpoint } : {}) } satisfies WriterRequest);
    });
  };
  return {
    run: (jobs) => send(jobs),
    async checkpoint() {
      await send([], true);
    },
    async close() {
      const w = worker;
      if (!w) return;
      if (pending.size > 0) await new Promise<void>((done) => drained.push(done));
      worker = undefined;
      await w.terminate();
    },
  };
}
