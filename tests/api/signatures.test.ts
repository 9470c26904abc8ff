import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataLayer } from '../../api/db/createDataLayer.ts';
import { migrateToLatest } from '../../api/db/migrateToLatest.ts';
import type { DataLayer } from '../../api/db/tables.ts';
import type { SignatureRequest } from '../../api/signing/checkSignature.ts';
import { ANSWERS_CHANGED, createSignatureStore } from '../../api/signing/createSignatureStore.ts';
import type { PlannedSigner } from '../../engine/index.ts';
import { databases, PG_URL } from '../support/apiServer.ts';
import { insertApplicationRow } from '../support/insertApplicationRow.ts';
import { insertClientRow } from '../support/insertClientRow.ts';

const signers: PlannedSigner[] = [
  {
    id: 'insured_1',
    roles: ['insured', 'owner'],
    label: 'First insured',
    name: 'Élise Tremblay',
    for: null,
    title: null,
  },
  { id: 'adviser', roles: ['adviser'], label: 'Adviser', name: 'Anne Adviser', for: null, title: null },
];
const documents = [{ name: 'manulife.pdf', sha256: 'ab'.repeat(32) }];
const state = (answersHash = 'h1') => ({
  signers,
  consentVersion: '2026-11-29',
  documents,
  answersHash,
  ip: '192.0.2.10',
  userAgent: 'Mozilla/5.0 (iPhone)',
  now: new Date('2026-11-29T10:00:00Z'),
});
const request = (signer: string, name: string): SignatureRequest => ({
  signer,
  name,
  method: 'typed',
  image: null,
  consentAccepted: true,
  consentVersion: '2026-11-29',
  documents,
});

describe.each(databases)('signatures (%s)', (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'signatures-'));
  const pgSchema = `t_sig_${process.pid}_${Date.now().toString(36)}`;
  let layer: DataLayer;
  let applicationId: number;
  beforeAll(async () => {
    layer = await createDataLayer(kind === 'sqlite' ? { dataDir } : { dataDir, databaseUrl: PG_URL, pgSchema });
    await migrateToLatest(layer);
    const at = new Date().toISOString();
    const clientId = await insertClientRow(layer.db, at);
    applicationId = await insertApplicationRow(layer.db, clientId, at, { status: 'DRAFT', updatedAt: null });
  });
  afterAll(async () => {
    if (kind === 'postgres') await sql`drop schema if exists ${sql.id(pgSchema)} cascade`.execute(layer.db);
    await layer.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('records a signature with who, when, how, the device and the documents, once per signer', async () => {
    const store = createSignatureStore(layer.db);
    const first = await store.record(applicationId, request('insured_1', 'Élise Tremblay'), state());
    expect(first).toMatchObject({
      signature: { signer: 'insured_1', roles: ['insured', 'owner'], method: 'typed', ip: '192.0.2.10', documents },
    });
    const again = await store.record(applicationId, request('insured_1', 'Élise Tremblay'), state());
    expect(again).toMatchObject({ refused: { errors: [{ field: 'signer' }] } });
    expect(await store.history(applicationId)).toHaveLength(1);
    expect(await store.allSignaturesIn(applicationId, signers, 'h1')).toBe(false);
    await store.record(applicationId, request('adviser', 'Anne Adviser'), state());
    expect(await store.allSignaturesIn(applicationId, signers, 'h1')).toBe(true);
  });

  it('changed answers void the signatures, kept as history with why; the signers sign again', async () => {
    const store = createSignatureStore(layer.db);
    expect(await store.allSignaturesIn(applicationId, signers, 'h2')).toBe(false);
    expect(await store.voidIfAnswersChanged(applicationId, 'h2')).toBe(2);
    const history = await store.history(applicationId);
    expect(history.map((s) => s.voidReason)).toEqual([ANSWERS_CHANGED, ANSWERS_CHANGED]);
    expect(await store.record(applicationId, request('insured_1', 'Élise Tremblay'), state('h2'))).toHaveProperty(
      'signature',
    );
    expect(await store.history(applicationId)).toHaveLength(3);
  });

  it('a refused signature changes nothing, not even the voiding of older signatures', async () => {
    const store = createSignatureStore(layer.db);
    const before = await store.history(applicationId);
    const refused = await store.record(applicationId, request('payor', 'Paula Payor'), state('h3'));
    expect(refused).toMatchObject({ refused: { errors: [{ field: 'signer' }] } });
    expect(await store.history(applicationId)).toEqual(before);
  });
});
