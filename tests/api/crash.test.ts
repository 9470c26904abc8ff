import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databases, PG_URL } from '../support/apiServer.ts';
import { example } from '../support/engine.ts';
import { startProcess } from '../support/startProcess.ts';

async function json(url: string, init: RequestInit & { token?: string; body?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Token ${init.token}`;
  const res = await fetch(url, { ...init, headers });
  return { status: res.status, body: await res.json() };
}

describe.each(databases)('kill -9 (%s)', (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-crash-'));
  const schema = `crash_${process.pid}_${Date.now().toString(36)}`;
  const env =
    kind === 'sqlite'
      ? { DATA_DIR: dataDir, DATABASE_URL: '' }
      : { DATA_DIR: dataDir, DATABASE_URL: `${PG_URL}?options=-c%20search_path%3D${schema}` };
  const children: ChildProcess[] = [];

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  });

  it('keeps every acknowledged save when the server is killed', async () => {
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`create schema if not exists ${schema}`);
      await client.end();
    }
    const first = await startProcess(env);
    children.push(first.child);
    const token = (
      await json(`${first.url}/api/login/`, {
        method: 'POST',
        body: JSON.stringify({ username: 'demo@example.com', password: 'demo1234' }),
      })
    ).body.token;
    const clients = (await json(`${first.url}/api/clients/`, { token })).body.results;
    const id = clients[0].id;
    const data = example('medical', 'one-insured');
    const acknowledged: unknown[] = [];
    for (let i = 0; i < 20; i += 1) {
      const record = {
        ...data.medical,
        insured_1: {
          ...(data.medical?.insured_1 as object),
          physician_name: `Dr. Number ${String.fromCharCode(65 + i)}`,
        },
      };
      const res = await json(`${first.url}/api/screening/${id}/medical/`, {
        method: 'PUT',
        token,
        body: JSON.stringify(record),
      });
      if (res.status === 200) acknowledged.push(res.body);
    }
    expect(acknowledged.length).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await startProcess(env);
    children.push(second.child);
    const saved = (await json(`${second.url}/api/screening/${id}/`, { token })).body;
    expect(acknowledged).toHaveLength(20);
    expect(saved.medical).toEqual(acknowledged[19]);
    expect(saved.medical.insured_1.physician_name).toBe('Dr. Number T');
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
  }, 120_000);
});
