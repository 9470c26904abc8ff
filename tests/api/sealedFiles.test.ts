import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../engine/index.ts';
import { createDatabaseFileStore } from '../../api/files/createDatabaseFileStore.ts';
import { createDiskFileStore, type FileStore } from '../../api/files/fileStore.ts';
import { fullApplication, pdfText } from '../pdf/support.ts';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';

/** Issue 24, item 8: generated PDFs print full SINs, so they are sealed at rest and opened for a download only. */
const SIN = '046 454 286';
const text = (bytes: Uint8Array, length: number) => Buffer.from(bytes.subarray(0, length)).toString('latin1');

describe.each(databases)('generated files at rest (%s)', (kind) => {
  let server: TestServer;
  let user: Awaited<ReturnType<typeof signUp>>;
  /** The store under the sealing: what is on disk (SQLite) or in the files table (PostgreSQL). */
  let raw: FileStore;
  beforeAll(async () => {
    server = await startServer(kind);
    user = await signUp(server);
    raw =
      kind === 'sqlite'
        ? createDiskFileStore(server.where.dataDir ?? '')
        : createDatabaseFileStore(server.app.database.db);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function generate(): Promise<{ id: string; files: { url: string }[] }> {
    const clientId = await createClient(server, user.token);
    for (const [stepId, record] of Object.entries(fullApplication()))
      if (stepId !== '$context' && record) await server.seedRecord(clientId, stepId, record as JsonObject);
    const res = await server.call('POST', '/api/pdf/generate_pdf/', {
      token: user.token,
      body: { client_id: clientId, populate_forms: ['BMO'] },
    });
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }
  const download = async (url: string, token = user.token) => {
    const res = await fetch(server.url + url, { headers: { authorization: `Token ${token}` } });
    return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
  };
  const keysOf = (id: string) => [
    `generations/${id}/bmo.pdf`,
    `generations/${id}/applications.pdf`,
    `generations/${id}/manifest.json`,
  ];

  it('keeps every generated file sealed where it is stored, and opens it for the adviser who downloads it', async () => {
    const { id, files } = await generate();
    for (const key of keysOf(id)) {
      const stored = await raw.get(key);
      expect(stored, key).toBeDefined();
      // Neither a PDF nor JSON: the sealed form, which holds no SIN.
      expect(text(stored!.bytes, 5), key).not.toBe('%PDF-');
      expect(text(stored!.bytes, 1), key).not.toBe('{');
      expect(Buffer.from(stored!.bytes).toString('latin1')).not.toContain('Mehta');
    }
    if (kind === 'sqlite') {
      const onDisk = readFileSync(join(server.where.dataDir ?? '', 'files', 'generations', id, 'bmo.pdf'));
      expect(onDisk.subarray(0, 5).toString('latin1')).not.toBe('%PDF-');
    }
    for (const url of [files[0].url, `/api/pdf/files/${id}/`]) {
      const pdf = await download(url);
      expect(pdf.status).toBe(200);
      expect(text(pdf.bytes, 5)).toBe('%PDF-');
      expect(pdfText(pdf.bytes)).toContain(SIN);
    }
    // Another adviser gets nothing, sealed or open.
    const stranger = await signUp(server, 'stranger');
    expect((await download(files[0].url, stranger.token)).status).toBe(404);
  }, 60_000);

  it('still downloads files stored before sealing (plain PDFs and manifest)', async () => {
    const { id, files } = await generate();
    // As an older version stored them: the plain bytes, straight into the store.
    for (const key of keysOf(id)) {
      const open = await server.app.files.get(key);
      await raw.put(key, open!.bytes, open!.contentType);
      expect(text((await raw.get(key))!.bytes, 1)).toMatch(/[%{]/);
    }
    // What sealing hides: the plain manifest names the insured.
    expect(Buffer.from((await raw.get(keysOf(id)[2]))!.bytes).toString('utf8')).toContain('Mehta');
    const pdf = await download(files[0].url);
    expect(pdf.status).toBe(200);
    expect(pdfText(pdf.bytes)).toContain(SIN);
  }, 60_000);
});
