import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDataLayer } from '../../api/db/createDataLayer.ts';
import { migrateToLatest } from '../../api/db/migrateToLatest.ts';
import type { DataLayer } from '../../api/db/tables.ts';
import { createDatabaseFileStore } from '../../api/files/createDatabaseFileStore.ts';
import { PG_URL } from '../support/apiServer.ts';
import { S3RVER_CREDENTIALS, startS3Server } from '../support/s3Server.ts';
import { createAwsS3Client } from '../../api/files/createAwsS3Client.ts';
import {
  createDiskFileStore,
  createMemoryFileStore,
  createS3FileStore,
  type FileStore,
  type S3ObjectClient,
} from '../../api/files/fileStore.ts';

const bytes = new TextEncoder().encode('%PDF-1.7 test');

function s3Fake(): S3ObjectClient & { objects: Map<string, { Body: Uint8Array; ContentType: string }> } {
  const objects = new Map<string, { Body: Uint8Array; ContentType: string }>();
  return {
    objects,
    async putObject({ Bucket, Key, Body, ContentType }) {
      objects.set(`${Bucket}/${Key}`, { Body, ContentType });
    },
    async getObject({ Bucket, Key }) {
      return objects.get(`${Bucket}/${Key}`);
    },
    async deleteObject({ Bucket, Key }) {
      objects.delete(`${Bucket}/${Key}`);
    },
  };
}

const layers: DataLayer[] = [];
afterAll(async () => {
  for (const layer of layers) {
    if (layer.schema) await sql.raw(`drop schema if exists ${layer.schema} cascade`).execute(layer.db);
    await layer.close();
  }
});

/** The database store over a freshly migrated SQLite file or PostgreSQL schema. */
async function databaseStore(databaseUrl?: string): Promise<FileStore> {
  const layer = await createDataLayer({
    dataDir: mkdtempSync(join(tmpdir(), 'files-db-')),
    databaseUrl,
    pgSchema: databaseUrl ? `files_${process.pid}_${Date.now().toString(36)}_${layers.length}` : undefined,
  });
  layers.push(layer);
  await migrateToLatest(layer);
  return createDatabaseFileStore(layer.db);
}

let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
afterAll(async () => {
  await s3?.close();
});

/** The S3 store through @aws-sdk/client-s3, against a local S3-compatible server. */
async function bucketStore(): Promise<FileStore> {
  s3 ??= await startS3Server('applications');
  const client = createAwsS3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  return createS3FileStore({ client, bucket: 'applications', prefix: `run-${Date.now()}/` });
}

describe.each([
  ['DATA_DIR', async () => createDiskFileStore(mkdtempSync(join(tmpdir(), 'files-')))],
  ['memory', async () => createMemoryFileStore()],
  ['S3-compatible', async () => createS3FileStore({ client: s3Fake(), bucket: 'applications', prefix: 'test/' })],
  ['PostgreSQL files table', () => databaseStore(PG_URL)],
  ['SQLite files table', () => databaseStore()],
  ['S3 (@aws-sdk/client-s3 against s3rver)', () => bucketStore()],
] as [string, () => Promise<FileStore>][])('the %s file store', (_name, make) => {
  it('puts, gets, replaces and deletes files by key', async () => {
    const store = await make();
    expect(await store.get('generations/a/bmo.pdf')).toBeUndefined();
    await store.put('generations/a/bmo.pdf', bytes);
    expect(await store.get('generations/a/bmo.pdf')).toEqual({ bytes, contentType: 'application/pdf' });
    await store.put('generations/a/bmo.pdf', new Uint8Array([1, 2, 3]));
    expect((await store.get('generations/a/bmo.pdf'))?.bytes).toEqual(new Uint8Array([1, 2, 3]));
    await store.delete('generations/a/bmo.pdf');
    await store.delete('generations/a/bmo.pdf');
    expect(await store.get('generations/a/bmo.pdf')).toBeUndefined();
  });

  it('refuses keys that could leave the store', async () => {
    const store = await make();
    for (const key of ['../app.db', '/etc/passwd', 'a/../../b', 'a//b', '', 'a/./b', 'a\\b']) {
      await expect(store.put(key, bytes)).rejects.toThrow('invalid file key');
    }
  });
});

describe('the DATA_DIR store', () => {
  it('keeps files under DATA_DIR/files, with no temporary files left behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'files-'));
    try {
      const store = createDiskFileStore(dir);
      await store.put('generations/x/manifest.json', new TextEncoder().encode('{}'));
      expect(readFileSync(join(dir, 'files', 'generations', 'x', 'manifest.json'), 'utf8')).toBe('{}');
      expect(readdirSync(join(dir, 'files', 'generations', 'x'))).toEqual(['manifest.json']);
      expect((await store.get('generations/x/manifest.json'))?.contentType).toBe('application/json');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the S3-compatible store', () => {
  it('writes objects under the prefix with their content type', async () => {
    const client = s3Fake();
    const store = createS3FileStore({ client, bucket: 'applications', prefix: 'prod/' });
    await store.put('generations/y/bmo.pdf', bytes);
    expect([...client.objects.keys()]).toEqual(['applications/prod/generations/y/bmo.pdf']);
    expect(client.objects.get('applications/prod/generations/y/bmo.pdf')?.ContentType).toBe('application/pdf');
  });
});
