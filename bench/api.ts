/**
 * API benchmark (issue 3): autocannon on 127.0.0.1 with 10 connections, bounded in time, against a server
 * started as its own process on a temporary SQLite DATA_DIR (WAL, synchronous=FULL), or on DATABASE_URL when set.
 * Prints req/s and p99 for (a) saving the owner step (parse, engine check, durable write) and (b) the minimal
 * baseline route (parse the same body, insert it into the same database), bench/baselineRoute.ts.
 * Figures only, no assertions. The routes alternate in 3 rounds; BENCH_SECONDS sets the total per route (default 15).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { createDataLayer } from '../api/db/createDataLayer.ts';
import { createScreeningStore } from '../api/screening/createScreeningStore.ts';
import { loadDefinitions } from '../engine/loadDefinitions.ts';
import { readDefinitionFiles } from '../api/definitions/readDefinitionFiles.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ROUNDS = 3;
const ROUND = Math.max(1, Math.round(SECONDS / ROUNDS));
const CONNECTIONS = 10;
const databaseUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts api/main.ts as its own process (request logging off: LOG_LEVEL=warn) and waits until it answers. */
async function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/benchServer.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir, APP_DIR: '/nonexistent' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600 && !exited; i += 1) {
    try {
      await fetch(`${url}/api/docs`);
      return { child, url };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

async function call(url: string, method: string, body?: unknown, token?: string): Promise<{ status: number; body: { [k: string]: unknown } }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Token ${token}`;
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { [k: string]: unknown } };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Medians over the rounds (this machine is shared and noisy, so the two routes alternate). */
function line(name: string, runs: Result[]): { rps: number; text: string } {
  const rps = median(runs.map((r) => r.requests.average));
  const p99 = median(runs.map((r) => r.latency.p99));
  const bad = runs.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
  const ok = runs.reduce((n, r) => n + r['2xx'], 0);
  const each = runs.map((r) => r.requests.average.toFixed(0)).join(', ');
  return { rps, text: `${name}: ${rps.toFixed(0)} req/s, p99 ${p99} ms (medians of ${runs.length} rounds of ${ROUND} s: ${each} req/s; ${ok} ok, ${bad} not ok; ${CONNECTIONS} connections)` };
}

async function main(): Promise<void> {
  const definitions = loadDefinitions(readDefinitionFiles('steps'));
  const examples = definitions.steps.owner.examples;
  const exampleName = ['individual-second-individual', 'individual-second-owner'].find((n) => n in examples) ?? Object.keys(examples)[0];
  const data = structuredClone(examples[exampleName].data);
  delete data.$context;
  const body = JSON.stringify(data.owner);

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const { child, url } = await startServer(dataDir);
  try {
    const login = await call(`${url}/api/login/`, 'POST', { username: 'demo@example.com', password: 'demo1234' });
    const token = String(login.body.token);
    const client = await call(`${url}/api/clients/`, 'POST', { first_name: 'Bench', last_name: 'Mark', phone_primary: '416-555-0100', date_of_birth: '1980-01-01', gender_sex_at_birth: 'male' }, token);
    const clientId = Number(client.body.id);
    // The owner step reads the earlier steps; store the example's records as they are.
    const layer = await createDataLayer({ dataDir, databaseUrl });
    const store = createScreeningStore(layer.db);
    for (const [stepId, record] of Object.entries(data)) if (stepId !== 'owner' && record) await store.save(clientId, stepId, record);
    await layer.close();

    const ownerUrl = `${url}/api/screening/${clientId}/owner/`;
    const check = await call(ownerUrl, 'PUT', data.owner, token);
    if (check.status !== 200) throw new Error(`owner save refused: ${JSON.stringify(check.body)}`);

    const owner = { url: ownerUrl, method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Token ${token}` }, body, connections: CONNECTIONS };
    const baseline = { url: `${url}/api/bench/baseline`, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: CONNECTIONS };
    await autocannon({ ...owner, duration: 2 });
    await autocannon({ ...baseline, duration: 2 });
    const bases: Result[] = [];
    const saves: Result[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      bases.push(await autocannon({ ...baseline, duration: ROUND }));
      saves.push(await autocannon({ ...owner, duration: ROUND }));
    }
    const base = line('api: minimal parse + insert (baseline)', bases);
    const save = line('api: save owner step (auth, engine, write)', saves);
    console.log(`api bench on ${databaseUrl ? 'PostgreSQL' : 'SQLite WAL, synchronous=FULL'}; owner example "${exampleName}" (${body.length} bytes)`);
    console.log(base.text);
    console.log(save.text);
    console.log(`api: owner save keeps ${((save.rps / base.rps) * 100).toFixed(0)}% of the baseline's throughput (target >= 80%); p99 target <= 25 ms`);
    if (!databaseUrl) console.log('api: note: on SQLite, step saves use group commit (concurrent saves share one transaction); the baseline commits each insert alone');
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
