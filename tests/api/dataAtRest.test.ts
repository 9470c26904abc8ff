import { chmodSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../engine/index.ts';
import { fullApplication, withEveryInsurer } from '../pdf/support.ts';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';

const modeOf = (path: string): number => statSync(path).mode & 0o777;

/** Every file and folder under a folder, the folder included. */
function walk(dir: string): string[] {
  return [
    dir,
    ...readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
    ),
  ];
}

/** The generated files of one generation in the database's files table (PostgreSQL keeps them there). */
async function storedKeys(server: TestServer, id: string): Promise<string[]> {
  const rows = await server.app.database.db
    .selectFrom('files')
    .select('key')
    .where('key', 'like', `generations/${id}/%`)
    .execute();
  return rows.map((r) => r.key);
}

describe.each(databases)('data at rest (%s)', (kind) => {
  let server: TestServer;
  let user: Awaited<ReturnType<typeof signUp>>;
  const dataDir = () => server.where.dataDir!;
  const generationsDir = () => join(dataDir(), 'files', 'generations');

  /** A client with a complete screening and one generation; returns the client and generation ids. */
  async function generated(): Promise<{ clientId: number; id: string }> {
    const clientId = await createClient(server, user.token);
    for (const [stepId, record] of Object.entries(withEveryInsurer(fullApplication()))) {
      if (stepId !== '$context' && record) await server.seedRecord(clientId, stepId, record as JsonObject);
    }
    const res = await server.call('POST', '/api/pdf/generate_pdf/', {
      token: user.token,
      body: { client_id: clientId, populate_forms: ['BMO', 'MANULIFE'] },
    });
    expect(res.status, res.text).toBe(200);
    return { clientId, id: res.body.data.id };
  }

  beforeAll(async () => {
    server = await startServer(kind);
    user = await signUp(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps the database and the PDFs 0600 in 0700 folders', async () => {
    const { id } = await generated();
    expect(modeOf(dataDir())).toBe(0o700);
    if (kind === 'sqlite') {
      for (const name of ['app.db', 'app.db-wal', 'app.db-shm'])
        expect(modeOf(join(dataDir(), name)), name).toBe(0o600);
    }
    if (kind === 'postgres') {
      // The PDFs are in the database, where every instance reads them: nothing of them on this disk.
      expect(await storedKeys(server, id)).toContain(`generations/${id}/manifest.json`);
      expect(existsSync(join(dataDir(), 'files', 'generations', id))).toBe(false);
      return;
    }
    const paths = walk(join(dataDir(), 'files'));
    expect(paths.some((p) => p.endsWith(join(id, 'manifest.json')))).toBe(true);
    for (const path of paths) expect(modeOf(path), path).toBe(statSync(path).isDirectory() ? 0o700 : 0o600);
  });

  it("removes a client's generated files, folder and all, with the client", async () => {
    const { clientId, id } = await generated();
    const keep = await generated();
    if (kind === 'postgres') {
      expect((await storedKeys(server, id)).length).toBeGreaterThan(2);
      expect((await server.call('DELETE', `/api/clients/${clientId}/`, { token: user.token })).status).toBe(200);
      expect(await storedKeys(server, id)).toEqual([]);
      expect(await storedKeys(server, keep.id)).toContain(`generations/${keep.id}/manifest.json`);
      return;
    }
    expect(readdirSync(join(generationsDir(), id)).length).toBeGreaterThan(2);
    expect((await server.call('DELETE', `/api/clients/${clientId}/`, { token: user.token })).status).toBe(200);
    expect(existsSync(join(generationsDir(), id))).toBe(false);
    expect(existsSync(join(generationsDir(), keep.id, 'manifest.json'))).toBe(true);
  });

  it('cleans what a crash left behind at start-up, and tightens older files', async () => {
    const kept = await generated();
    if (kind === 'postgres') {
      // A generation's files are one upsert each, so a crash leaves no half file; DATA_DIR is still tightened.
      chmodSync(dataDir(), 0o755);
      server = await server.restart();
      expect(modeOf(dataDir())).toBe(0o700);
      const token = (
        await server.call('POST', '/api/login/', { body: { username: user.email, password: user.password } })
      ).body.token;
      expect(
        (await fetch(`${server.url}/api/pdf/files/${kept.id}/`, { headers: { authorization: `Token ${token}` } }))
          .status,
      ).toBe(200);
      user = { ...user, token };
      return;
    }
    const unfinished = join(generationsDir(), '0b7e2a48-2d7b-4a55-9a43-5b6f0f3a0c11');
    mkdirSync(unfinished);
    writeFileSync(join(unfinished, 'bmo.pdf'), '%PDF-half');
    const tmp = join(generationsDir(), kept.id, '.5d1c.tmp');
    writeFileSync(tmp, 'half a file');
    const older = join(generationsDir(), kept.id, 'manifest.json');
    chmodSync(older, 0o644);
    chmodSync(join(generationsDir(), kept.id), 0o755);
    chmodSync(dataDir(), 0o755);
    if (kind === 'sqlite') chmodSync(join(dataDir(), 'app.db'), 0o644);

    server = await server.restart();
    expect(modeOf(dataDir())).toBe(0o700);
    if (kind === 'sqlite') expect(modeOf(join(dataDir(), 'app.db'))).toBe(0o600);
    expect(existsSync(unfinished)).toBe(false);
    expect(existsSync(tmp)).toBe(false);
    expect(modeOf(older)).toBe(0o600);
    expect(modeOf(join(generationsDir(), kept.id))).toBe(0o700);
    const token = (
      await server.call('POST', '/api/login/', { body: { username: user.email, password: user.password } })
    ).body.token;
    const pdf = await fetch(`${server.url}/api/pdf/files/${kept.id}/`, {
      headers: { authorization: `Token ${token}` },
    });
    expect(pdf.status).toBe(200);
    user = { ...user, token };
  });
});
