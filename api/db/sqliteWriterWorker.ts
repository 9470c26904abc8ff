// The SQLite writer thread (api/db/createSqliteWriter.ts): runs batches of writes on a connection of its own, so
// a commit's fsync (synchronous=FULL) stalls this thread instead of the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import type { WriterJob, WriterReply, WriterRequest } from './createSqliteWriter.ts';

const port = parentPort;
if (!port) throw new Error('sqliteWriterWorker runs as a worker thread');
const db = new SqliteDatabase((workerData as { file: string }).file);
db.pragma('synchronous = FULL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
// What a write replaces or deletes is overwritten with zeros, not left in free space.
db.pragma('secure_delete = ON');

const statements = new Map<string, SqliteDatabase.Statement>();
const prepare = (text: string): SqliteDatabase.Statement => {
  let statement = statements.get(text);
  if (!statement) {
    if (statements.size >= 200) statements.clear();
    statement = db.prepare(text);
    statements.set(text, statement);
  }
  return statement;
};

/** A job's write answers its new version (no row: the compare-and-set found another version); its follow-up runs only then. */
const runJob = (job: WriterJob): number | null => {
  const row = prepare(job.write.sql).get(...job.write.parameters) as { version: number } | undefined;
  if (!row) return null;
  if (job.then) prepare(job.then.sql).run(...job.then.parameters);
  return row.version;
};
// IMMEDIATE: take the write lock before the first statement, so the batch never fails on a stale read snapshot.
const runBatch = db.transaction((jobs: WriterJob[]) => jobs.map(runJob));

port.on('message', ({ id, jobs, checkpoint }: WriterRequest) => {
  let reply: WriterReply;
  try {
    reply = { id, versions: jobs.length ? runBatch.immediate(jobs) : [] };
    if (checkpoint) db.pragma('wal_checkpoint(TRUNCATE)');
  } catch (err) {
    const e = err as { message?: string; code?: string };
    reply = { id, error: { message: String(e.message ?? err), code: e.code } };
  }
  port.postMessage(reply);
});
