import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { grantBroker } from '../../api/admin/brokerGrants.ts';
import type { JsonObject } from '../../engine/index.ts';
import { definitionText } from '../support/definitionText.ts';
import { markVerified } from '../support/markVerified.ts';
import {
  ADVISER_PROFILE,
  createClient,
  databases,
  signUp,
  startServer,
  type Loose,
  type TestServer,
} from '../support/apiServer.ts';
import { fullApplication, withEveryInsurer } from '../pdf/support.ts';

const ENDPOINT = 'SUBMISSION_URL_LIFECYCLE_TEST';
const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** forms/ with Manulife sending its packages by https to the endpoint the test configures. */
function formsWithHttpsManulife(): string {
  const dir = mkdtempSync(join(tmpdir(), 'forms-'));
  cpSync('forms', dir, { recursive: true });
  const file = join(dir, 'manulife', 'form.json');
  const mapping = JSON.parse(readFileSync(file, 'utf8')) as JsonObject;
  writeFileSync(file, JSON.stringify({ ...mapping, submission: { channel: 'https', endpointSetting: ENDPOINT } }));
  return dir;
}

/** Stands in for the signing ceremony (issue 27 part 2): signs an insurer through the hook it will use. */
const signed = new Set<string>();
async function signingStandIn(app: FastifyInstance): Promise<void> {
  app.lifecycle.useSignatureCheck(async (applicationId, insurer) => signed.has(`${applicationId}/${insurer}`));
  app.post<{ Params: { id: string; insurer: string } }>('/test/sign/:id/:insurer/', async (request) => {
    const id = Number(request.params.id);
    signed.add(`${id}/${request.params.insurer}`);
    const found = await app.lifecycle.applicationOf(id);
    return app.lifecycle.send({
      applicationId: id,
      clientId: found?.client_id ?? 0,
      insurer: request.params.insurer,
      event: 'SIGNATURES_COMPLETE',
      userId: request.user?.id ?? null,
      reason: 'Every signer signed',
    });
  });
}

describe.each(databases)('the application life cycle on %s (issue 27 parts 1, 3, 4)', (kind) => {
  let server: TestServer;
  let token: string;
  let clientId: number;
  let id: number;
  let receiver: Server | undefined;
  const received: Buffer[] = [];

  const get = async (): Promise<Loose> => {
    const res = await server.call('GET', `/api/applications/${id}/`, { token });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const at = (app: Loose, insurer: string): Loose => app.insurers.find((i: Loose) => i.insurer === insurer);
  const event = (insurer: string, body: JsonObject, as = token) =>
    server.call('POST', `/api/applications/${id}/insurers/${insurer}/events/`, { token: as, body });
  const submit = (insurer: string, as = token) =>
    server.call('POST', `/api/applications/${id}/insurers/${insurer}/submit/`, { token: as, body: {} });
  const sign = (insurer: string) => server.call('POST', `/api/test/sign/${id}/${insurer}/`, { token });
  const generate = () =>
    server.call('POST', '/api/pdf/generate_pdf/', {
      token,
      body: { client_id: clientId, populate_forms: ['BMO', 'MANULIFE'] },
    });

  beforeAll(async () => {
    // Each database's application ids start again at 1.
    signed.clear();
    server = await startServer(kind, {
      seedDemo: false,
      formsDir: formsWithHttpsManulife(),
      plugins: [signingStandIn],
    });
    token = (await signUp(server, 'lifecycle')).token;
    clientId = await createClient(server, token);
    for (const [stepId, record] of Object.entries(withEveryInsurer(fullApplication())))
      if (stepId !== '$context' && record) await server.seedRecord(clientId, stepId, record as JsonObject);
    const created = await server.call('POST', '/api/applications/create_new_application/', {
      token,
      body: { client_id: clientId },
    });
    id = created.body.id;
  });
  afterAll(async () => {
    receiver?.close();
    delete process.env[ENDPOINT];
    await server?.close(true);
  });

  it('starts DRAFT with no insurer; generation in good order makes each insurer READY_TO_SIGN', async () => {
    expect(id).toBeGreaterThan(0);
    const before = await get();
    expect(before).toMatchObject({ status: 'DRAFT', insurers: [], history: [] });
    expect(before.badge.colour).toBe('yellow');
    const res = await generate();
    expect(res.status, res.text).toBe(200);
    const app = await get();
    expect(app.status).toBe('READY_TO_SIGN');
    expect(app.insurers.map((i: Loose) => [i.insurer, i.status, i.channel])).toEqual([
      ['BMO', 'READY_TO_SIGN', 'download'],
      ['MANULIFE', 'READY_TO_SIGN', 'https'],
    ]);
    expect(app.history.map((h: Loose) => [h.insurer, h.event, h.from, h.to])).toEqual([
      ['BMO', 'DOCUMENTS_READY', 'DRAFT', 'READY_TO_SIGN'],
      ['MANULIFE', 'DOCUMENTS_READY', 'DRAFT', 'READY_TO_SIGN'],
    ]);
    expect(app.history[0].username).toBeTruthy();
    // What may happen next: signatures (the server's), withdrawal (the adviser's); submission is not among them yet.
    expect(at(app, 'BMO').next.map((n: Loose) => [n.event, n.sent_by])).toEqual([
      ['DOCUMENTS_READY', 'server'],
      ['SIGNATURES_COMPLETE', 'server'],
      ['ANSWERS_CHANGED', 'server'],
      ['WITHDRAW', 'adviser'],
    ]);
    const signatures = at(app, 'BMO').next.find((n: Loose) => n.event === 'SIGNATURES_COMPLETE');
    expect(signatures).toMatchObject({
      allowed: false,
      reason: definitionText('lifecycle.json', '/guards/signed/message'),
    });
    // On the audit trail too.
    const trail = await server.call('GET', `/api/clients/${clientId}/history/`, { token });
    expect(trail.text).toContain('BMO.status');
  });

  it('refuses a submission before every signature, and a transition the statechart does not allow; nothing changes', async () => {
    const before = await get();
    const res = await submit('BMO');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Submit is not allowed when the application is Ready to sign/);
    const issued = await event('BMO', {
      event: 'MARK_ISSUED',
      policy_number: 'P1',
      issue_date: '2026-11-29',
      face_amount_issued: 1,
    });
    expect(issued.status).toBe(400);
    expect(issued.body.errors).toEqual([{ field: 'event', message: issued.body.error }]);
    const server_event = await event('BMO', { event: 'SIGNATURES_COMPLETE' });
    expect(server_event.status).toBe(400);
    expect(server_event.body.error).toMatch(/the server records it/);
    const unknown = await event('BMO', { event: 'MARK_PAID' });
    expect(unknown.status).toBe(400);
    expect((await get()).history).toEqual(before.history);
  });

  it('a changed answer after signing returns to DRAFT, saying why; generating again makes it ready to sign', async () => {
    expect((await sign('BMO')).status).toBe(200);
    expect(at(await get(), 'BMO').status).toBe('SIGNED');
    const lifestyle = structuredClone(fullApplication().lifestyle as JsonObject);
    (lifestyle.lifestyle_data_1 as JsonObject).alcohol_details = 'Wine, 2 glasses per week';
    const saved = await server.call('PUT', `/api/screening/${clientId}/lifestyle/`, { token, body: lifestyle });
    expect(saved.status, saved.text).toBe(200);
    const app = await get();
    expect(app.insurers.map((i: Loose) => i.status)).toEqual(['DRAFT', 'DRAFT']);
    expect(app.status).toBe('DRAFT');
    const last = app.history[app.history.length - 1];
    expect(last).toMatchObject({ event: 'ANSWERS_CHANGED', from: 'READY_TO_SIGN', to: 'DRAFT' });
    expect(app.history.find((h: Loose) => h.from === 'SIGNED').reason).toMatch(/An answer changed in Lifestyle/);
    // Saving the same answers again changes nothing.
    expect((await generate()).status).toBe(200);
    await server.call('PUT', `/api/screening/${clientId}/lifestyle/`, { token, body: lifestyle });
    expect((await get()).status).toBe('READY_TO_SIGN');
  });

  it('submits to BMO (download): a ZIP whose manifest verifies, downloadable again', async () => {
    await sign('BMO');
    await sign('MANULIFE');
    const res = await submit('BMO');
    expect(res.status, res.text).toBe(201);
    expect(at(res.body, 'BMO').status).toBe('SUBMITTED');
    // The application's own status is the least advanced of its insurers'.
    expect(res.body.status).toBe('SIGNED');
    const [submission] = at(res.body, 'BMO').submissions;
    const download = await fetch(server.url + submission.url, { headers: { authorization: `Token ${token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    const zip = new Uint8Array(await download.arrayBuffer());
    expect(sha(zip)).toBe(submission.sha256);
    const files = unzipSync(zip);
    const manifest = JSON.parse(strFromU8(files['manifest.json']));
    expect(manifest.files.map((f: Loose) => f.name)).toEqual([
      expect.stringMatching(/^bmo-application-.*\.pdf$/),
      'answers.json',
      'signature-certificate.json',
    ]);
    for (const f of manifest.files) expect(sha(files[f.name])).toBe(f.sha256);
    expect(strFromU8(files[manifest.files[0].name].slice(0, 5))).toBe('%PDF-');
    const answers = JSON.parse(strFromU8(files['answers.json']));
    expect(answers.definitions_version).toBe(server.app.engine.version);
    expect(answers.payload.populate_forms).toEqual(['BMO']);
    expect(JSON.parse(strFromU8(files['signature-certificate.json'])).placeholder).toBe(true);
    // A second submission of the same insurer is a transition the statechart does not allow.
    expect((await submit('BMO')).status).toBe(400);
  });

  it('https channel: endpoint not configured or down answers 502 and changes nothing; up, it receives the package', async () => {
    const unset = await submit('MANULIFE');
    expect(unset.status).toBe(502);
    expect(unset.body.error).toContain(`${ENDPOINT} is not set`);
    // A port nothing listens on.
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    process.env[ENDPOINT] = `http://127.0.0.1:${port}/packages`;
    const down = await submit('MANULIFE');
    expect(down.status).toBe(502);
    expect(down.body).toEqual({
      error:
        "Manulife's submission endpoint could not be reached: try again later, or download the package and upload it to the insurer's portal",
      errors: [{ field: 'insurer', message: down.body.error }],
    });
    expect(at(await get(), 'MANULIFE')).toMatchObject({ status: 'SIGNED', submissions: [] });

    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push(Buffer.concat(chunks));
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((r) => receiver!.listen(0, '127.0.0.1', () => r()));
    process.env[ENDPOINT] = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/packages`;
    const up = await submit('MANULIFE');
    expect(up.status, up.text).toBe(201);
    expect(received).toHaveLength(1);
    expect(sha(new Uint8Array(received[0]))).toBe(at(up.body, 'MANULIFE').submissions[0].sha256);
    expect(up.body.status).toBe('SUBMITTED');
  });

  it('tracks: in review, issued with its details, declined with a reason; refusals name the missing detail', async () => {
    const missing = await event('BMO', { event: 'MARK_ISSUED', policy_number: 'BM-778812' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: Loose) => e.field)).toEqual(['issue_date', 'face_amount_issued']);
    const badDate = await event('BMO', { event: 'MARK_ISSUED', issue_date: 'tomorrow' });
    expect(badDate.status).toBe(400);
    expect((await event('BMO', { event: 'MARK_IN_REVIEW', notes: 'Underwriter asked for an APS' })).status).toBe(200);
    const issued = await event('BMO', {
      event: 'MARK_ISSUED',
      policy_number: 'BM-778812',
      issue_date: '2026-11-29',
      face_amount_issued: 400000,
      notes: 'Issued as applied for',
    });
    expect(issued.status, issued.text).toBe(200);
    expect(at(issued.body, 'BMO')).toMatchObject({
      status: 'ISSUED',
      policy_number: 'BM-778812',
      issue_date: '2026-11-29',
      face_amount_issued: 400000,
      notes: 'Issued as applied for',
      // The submission's reason ("Submitted (package to upload): …") is not the issued policy's.
      reason: null,
      next: [],
    });
    expect(at(issued.body, 'BMO').badge.colour).toBe('green');
    const noReason = await event('MANULIFE', { event: 'MARK_DECLINED' });
    expect(noReason.body.errors).toEqual([{ field: 'reason', message: 'Mark declined needs reason' }]);
    const declined = await event('MANULIFE', { event: 'MARK_DECLINED', reason: 'Medical history' });
    expect(declined.status).toBe(200);
    expect(at(declined.body, 'MANULIFE')).toMatchObject({ status: 'DECLINED', reason: 'Medical history' });
    expect(declined.body.status).toBe('ISSUED');
    const after = await event('BMO', { event: 'WITHDRAW', reason: 'Changed mind' });
    expect(after.status).toBe(400);
    expect(after.body.error).toBe('Withdraw is not allowed when the application is Issued');
    const list = await server.call('GET', '/api/applications/?status=ISSUED', { token });
    expect(list.body.results.map((a: Loose) => a.id)).toContain(id);
  });

  it('a granted broker may read, submit and track; a stranger gets 404', async () => {
    const db = server.app.database.db;
    const email = `broker.${process.pid}.${kind}@brokers.example`;
    await db.insertInto('brokers').values({ name: 'Lifecycle Broker', email }).execute();
    const password = 'broker pass phrase 1';
    await server.call('POST', '/api/users/', { body: { email, password } });
    const broker = (await server.call('POST', '/api/login/', { body: { username: email, password } })).body.token;
    await server.call('PUT', '/api/profile/', { token: broker, body: ADVISER_PROFILE });
    await markVerified(db, email);
    expect((await grantBroker(db, email, { by: 'test' })).code).toBe(0);
    const shared = await createClient(server, token, { first_name: 'Shared', brokers: [email] });
    for (const [stepId, record] of Object.entries(withEveryInsurer(fullApplication())))
      if (stepId !== '$context' && record) await server.seedRecord(shared, stepId, record as JsonObject);
    id = (
      await server.call('POST', '/api/applications/create_new_application/', { token, body: { client_id: shared } })
    ).body.id;
    const gen = await server.call('POST', '/api/pdf/generate_pdf/', {
      token: broker,
      body: { client_id: shared, populate_forms: ['BMO'] },
    });
    expect(gen.status, gen.text).toBe(200);
    await sign('BMO');
    expect((await submit('BMO', broker)).status).toBe(201);
    expect((await event('BMO', { event: 'MARK_IN_REVIEW' }, broker)).status).toBe(200);
    const stranger = (await signUp(server, 'stranger')).token;
    expect((await server.call('GET', `/api/applications/${id}/`, { token: stranger })).status).toBe(404);
    expect((await event('BMO', { event: 'MARK_ISSUED' }, stranger)).status).toBe(404);
    expect((await submit('BMO', stranger)).status).toBe(404);
  });
});
