import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { createDataLayer } from '../../api/db/createDataLayer.ts';
import { createAwsS3Client } from '../../api/files/createAwsS3Client.ts';
import { createScreeningStore } from '../../api/screening/createScreeningStore.ts';
import type { JsonObject } from '../../engine/index.ts';
import { fullApplication, withEveryInsurer } from '../pdf/support.ts';
import { ADVISER_PROFILE } from '../support/apiServer.ts';
import { S3RVER_CREDENTIALS, startS3Server } from '../support/s3Server.ts';
import { startProcess } from '../support/startProcess.ts';

describe('S3_BUCKET set', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 's3-files-'));
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    s3 = await startS3Server('insure-files');
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps generated PDFs in the bucket, under the prefix, and downloads them from there', async () => {
    const started = await startProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      S3_BUCKET: 'insure-files',
      S3_PREFIX: 'prod/',
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: '1',
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    });
    child = started.child;
    const call = async (method: string, path: string, token?: string, body?: unknown) => {
      const res = await fetch(started.url + path, {
        method,
        headers: {
          ...(token ? { authorization: `Token ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        bytes: new Uint8Array(await res.arrayBuffer()),
      };
    };
    const json = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as JsonObject;
    const account = { email: `s3.${process.pid}@example.com`, password: 'a long pass phrase for s3' };
    expect((await call('POST', '/api/users/', undefined, account)).status).toBe(201);
    const token = String(
      json(
        (await call('POST', '/api/login/', undefined, { username: account.email, password: account.password })).bytes,
      ).token,
    );
    expect((await call('PUT', '/api/profile/', token, ADVISER_PROFILE)).status).toBe(200);
    const created = await call('POST', '/api/clients/', token, {
      first_name: 'Olivia',
      last_name: 'Bennett',
      email: 'olivia@example.com',
      phone_primary: '416-555-0123',
      date_of_birth: '1985-06-15',
      gender_sex_at_birth: 'female',
    });
    const clientId = Number(json(created.bytes).id);
    const layer = await createDataLayer({ dataDir });
    try {
      const store = createScreeningStore(layer.db);
      for (const [stepId, record] of Object.entries(withEveryInsurer(fullApplication())))
        if (stepId !== '$context' && record) await store.save(clientId, stepId, record as JsonObject);
    } finally {
      await layer.close();
    }
    const generated = json(
      (await call('POST', '/api/pdf/generate_pdf/', token, { client_id: clientId, populate_forms: ['SUNLIFE'] })).bytes,
    );
    const { id, files } = generated.data as { id: string; files: { url: string }[] };
    const pdf = await call('GET', files[0].url, token);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-');
    // In the bucket, under the prefix; nothing on the instance's disk.
    const bucket = createAwsS3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    expect(
      await bucket.getObject({ Bucket: 'insure-files', Key: `prod/generations/${id}/manifest.json` }),
    ).toBeDefined();
    // Sealed in the bucket (the PDF prints SINs whole): not a PDF there, a PDF once downloaded.
    const object = await bucket.getObject({ Bucket: 'insure-files', Key: `prod/generations/${id}/sunlife.pdf` });
    expect(object).toBeDefined();
    expect(Buffer.from(object!.Body.subarray(0, 5)).toString('latin1')).not.toBe('%PDF-');
    expect(existsSync(join(dataDir, 'files'))).toBe(false);
  }, 60_000);
});
