/**
 * Issue 27: the last signature makes each insurer's signed, sealed PDF (the signatures in its blocks, a certificate
 * page), the submission package carries it, and a changed answer voids the signatures at once while the signed
 * version stays downloadable as history.
 */
import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { grantBroker } from '../../api/admin/brokerGrants.ts';
import { certificateTexts } from '../../api/signing/certificateTexts.ts';
import { verifySeal } from '../../api/signing/verifySeal.ts';
import type { JsonObject } from '../../engine/index.ts';
import { markVerified } from '../support/markVerified.ts';
import { typedSignature } from '../support/typedSignature.ts';
import { createClient, databases, signUp, startServer, type Loose, type TestServer } from '../support/apiServer.ts';
import { fullApplication, pdfText, withEveryInsurer } from '../pdf/support.ts';

const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

describe.each(databases)('signed PDFs, packages and voiding on %s (issue 27)', (kind) => {
  let server: TestServer;
  let token: string;
  let clientId: number;
  let id: number;
  let broker: string;
  let stranger: string;

  const ceremony = async (as = token): Promise<Loose> => {
    const res = await server.call('GET', `/api/applications/${id}/signing/`, { token: as });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const signAs = (state: Loose, signer: Loose) =>
    server.call('POST', `/api/applications/${id}/signatures/`, { token, body: typedSignature(state, signer) });
  const generate = async () => {
    const gen = await server.call('POST', '/api/pdf/generate_pdf/', {
      token,
      body: { client_id: clientId, populate_forms: ['BMO', 'MANULIFE'] },
    });
    expect(gen.status, gen.text).toBe(200);
  };
  const signEveryone = async () => {
    const state = await ceremony();
    for (const signer of state.signers) {
      const res = await signAs(state, signer);
      expect(res.status, res.text).toBe(201);
    }
    return state;
  };
  const download = async (url: string, as = token) => {
    const res = await fetch(server.url + url, { headers: { authorization: `Token ${as}` } });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      bytes: new Uint8Array(await res.arrayBuffer()),
    };
  };
  const statuses = async (): Promise<string[]> =>
    (await server.call('GET', `/api/applications/${id}/`, { token })).body.insurers.map((i: Loose) => i.status);
  /** Changes one answer through the screening's own route (as the wizard saves a step). */
  const changeAnAnswer = async (words: string) => {
    const lifestyle = structuredClone(fullApplication().lifestyle as JsonObject);
    (lifestyle.lifestyle_data_1 as JsonObject).alcohol_details = words;
    const saved = await server.call('PUT', `/api/screening/${clientId}/lifestyle/`, { token, body: lifestyle });
    expect(saved.status, saved.text).toBe(200);
  };
  const lifestyleTitle = () => server.app.engine.definitions.flow.steps.find((s) => s.id === 'lifestyle')?.title ?? '';

  beforeAll(async () => {
    server = await startServer(kind, { seedDemo: false });
    token = (await signUp(server, 'signed')).token;
    const db = server.app.database.db;
    const email = `broker.signed.${process.pid}.${kind}@brokers.example`;
    await db.insertInto('brokers').values({ name: 'Signed Broker', email }).execute();
    const password = 'broker pass phrase 1';
    await server.call('POST', '/api/users/', { body: { email, password } });
    broker = (await server.call('POST', '/api/login/', { body: { username: email, password } })).body.token;
    await markVerified(db, email);
    expect((await grantBroker(db, email, { by: 'test' })).code).toBe(0);
    stranger = (await signUp(server, 'signed-stranger')).token;
    clientId = await createClient(server, token, { brokers: [email] });
    for (const [stepId, record] of Object.entries(withEveryInsurer(fullApplication())))
      if (stepId !== '$context' && record) await server.seedRecord(clientId, stepId, record as JsonObject);
    id = (
      await server.call('POST', '/api/applications/create_new_application/', { token, body: { client_id: clientId } })
    ).body.id;
    await generate();
  }, 120_000);
  afterAll(async () => server?.close(true));

  it('an answer changed after one signature voids it at once, saying why; that signer signs again', async () => {
    const state = await ceremony();
    expect(state.signed).toEqual([]);
    const first = state.signers[0];
    expect((await signAs(state, first)).status).toBe(201);
    expect((await ceremony()).signers[0].signed).not.toBeNull();

    await changeAnAnswer('Wine, 2 glasses per week');
    // Voided by the save itself, before anyone signs again (GET reads, it does not void).
    const rows = await server.app.database.db
      .selectFrom('signatures')
      .select(['signer', 'voided_at', 'void_reason'])
      .where('application_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].voided_at).not.toBeNull();
    expect(rows[0].void_reason).toContain(lifestyleTitle());
    expect(new Set(await statuses())).toEqual(new Set(['DRAFT']));

    await generate();
    const after = await ceremony();
    expect(after.signers[0].signed).toBeNull();
    expect(after.next).toBe(first.id);
    expect(after.voided).toEqual([
      { signer: first.id, at: rows[0].voided_at, reason: expect.stringContaining(lifestyleTitle()) },
    ]);
    expect(after.signed).toEqual([]);
  }, 120_000);

  it('the last signature makes each insurer a signed, sealed PDF: names, certificate page, hashes, a seal that breaks', async () => {
    const state = await signEveryone();
    expect(new Set(await statuses())).toEqual(new Set(['SIGNED']));
    const after = await ceremony();
    expect(after.signed.map((d: Loose) => d.insurer).sort()).toEqual(['BMO', 'MANULIFE']);
    const texts = certificateTexts(server.app.engine);
    for (const doc of after.signed) {
      expect(doc.url).toBe(`/api/applications/${id}/signed/${encodeURIComponent(doc.name)}`);
      const file = await download(doc.url);
      expect(file.status).toBe(200);
      expect(file.type).toBe('application/pdf');
      expect(sha(file.bytes)).toBe(doc.sha256);
      const text = pdfText(file.bytes);
      for (const signer of state.signers) expect(text).toContain(signer.name ?? 'Anne Adviser');
      expect(text).toContain(texts.title);
      // The certificate names the hash of each document as the signers read it.
      for (const signedDoc of state.documents) expect(text).toContain(signedDoc.sha256);
      expect(verifySeal(Buffer.from(file.bytes))).toMatchObject({ valid: true });
      const changed = Buffer.from(file.bytes);
      const at = changed.indexOf('/MediaBox');
      changed[at + 1] = 'm'.charCodeAt(0);
      expect(verifySeal(changed).valid).toBe(false);
    }
    // The broker granted on the client reads them too; anyone else gets 404, and so does a name that is not one.
    expect((await download(after.signed[0].url, broker)).status).toBe(200);
    expect((await download(after.signed[0].url, stranger)).status).toBe(404);
    expect((await server.call('GET', `/api/applications/${id}/signing/history/`, { token: stranger })).status).toBe(
      404,
    );
    expect((await download(`/api/applications/${id}/signed/nothing.pdf`)).status).toBe(404);
    expect((await download(`/api/applications/${id}/signing/history/9/${after.signed[0].name}`)).status).toBe(404);
  }, 120_000);

  it('the package carries the signed PDF and the real certificate, each hash in the manifest', async () => {
    const signed = (await ceremony()).signed.find((d: Loose) => d.insurer === 'BMO');
    const res = await server.call('POST', `/api/applications/${id}/insurers/BMO/submit/`, { token, body: {} });
    expect(res.status, res.text).toBe(201);
    const [submission] = res.body.insurers.find((i: Loose) => i.insurer === 'BMO').submissions;
    const zip = await download(submission.url);
    const files = unzipSync(zip.bytes);
    const manifest = JSON.parse(strFromU8(files['manifest.json']));
    for (const f of manifest.files) expect(sha(files[f.name])).toBe(f.sha256);
    const pdf = manifest.files.find((f: Loose) => f.name.endsWith('.pdf'));
    expect(pdf).toMatchObject({ name: signed.name, sha256: signed.sha256 });
    expect(verifySeal(Buffer.from(files[pdf.name])).valid).toBe(true);
    const certificate = JSON.parse(strFromU8(files['signature-certificate.json']));
    expect(certificate.placeholder).toBeUndefined();
    expect(certificate.documents).toContainEqual(expect.objectContaining({ name: signed.name, sha256: signed.sha256 }));
    expect(certificate.signatures.length).toBe((await ceremony()).signers.length);
  }, 120_000);

  it('after a complete signing, a changed answer voids it; the signed version stays in history, downloadable', async () => {
    const before = (await ceremony()).signed;
    // Submitted to BMO above: its answers stay locked until it is withdrawn there
    // (docs/decisions/data-answers-locked-after-submission.md).
    const withdrawn = await server.call('POST', `/api/applications/${id}/insurers/BMO/events/`, {
      token,
      body: { event: 'WITHDRAW', reason: 'An answer must be corrected' },
    });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    await changeAnAnswer('Beer, 1 glass per month');
    await generate();
    const after = await ceremony();
    expect(after.signed).toEqual([]);
    expect(after.signers.every((s: Loose) => s.signed === null)).toBe(true);
    for (const doc of before) expect((await download(doc.url)).status).toBe(404);

    const history = await server.call('GET', `/api/applications/${id}/signing/history/`, { token: broker });
    expect(history.status, history.text).toBe(200);
    expect(history.body.versions).toHaveLength(1);
    const [version] = history.body.versions;
    expect(version).toMatchObject({ version: 1, voided_reason: expect.stringContaining(lifestyleTitle()) });
    expect(version.voided_at).not.toBeNull();
    expect(version.documents.map((d: Loose) => d.sha256).sort()).toEqual(before.map((d: Loose) => d.sha256).sort());
    for (const doc of version.documents) {
      expect(doc.url).toBe(`/api/applications/${id}/signing/history/1/${encodeURIComponent(doc.name)}`);
      const file = await download(doc.url);
      expect(file.status).toBe(200);
      expect(sha(file.bytes)).toBe(doc.sha256);
      expect(verifySeal(Buffer.from(file.bytes)).valid).toBe(true);
    }

    // Signed again: a second version stands beside the voided first.
    await signEveryone();
    const again = await server.call('GET', `/api/applications/${id}/signing/history/`, { token });
    expect(again.body.versions.map((v: Loose) => [v.version, v.voided_at === null])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect((await ceremony()).signed.map((d: Loose) => d.sha256).sort()).toEqual(
      again.body.versions[1].documents.map((d: Loose) => d.sha256).sort(),
    );
  }, 180_000);

  it('deleting the client erases its signed PDFs (voided ones too) and submission packages from the file store', async () => {
    const signed = await server.app.database.db.selectFrom('signed_versions').select('documents').execute();
    const packages = await server.app.database.db.selectFrom('submissions').select('file_key').execute();
    const keys = [
      ...signed.flatMap((r) => (JSON.parse(r.documents) as { key: string }[]).map((d) => d.key)),
      ...packages.map((r) => r.file_key),
    ];
    // Two signings of two insurers and one package, written by the tests above.
    expect(keys.length).toBeGreaterThanOrEqual(5);
    for (const key of keys) expect(await server.app.files.get(key), key).toBeDefined();
    const res = await server.call('DELETE', `/api/clients/${clientId}/`, { token });
    expect(res.status, res.text).toBe(200);
    for (const key of keys) expect(await server.app.files.get(key), key).toBeUndefined();
  }, 60_000);
});
