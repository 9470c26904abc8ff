import type { JsonObject } from '../../engine/index.ts';
import { typedSignature } from '../support/typedSignature.ts';
import { createClient, databases, signUp, startServer, type Loose, type TestServer } from '../support/apiServer.ts';
import { fullApplication, withEveryInsurer } from '../pdf/support.ts';

describe.each(databases)('the signing routes on %s (issue 27 part 2)', (kind) => {
  let server: TestServer;
  let token: string;
  let clientId: number;
  let id: number;

  const ceremony = async (): Promise<Loose> => {
    const res = await server.call('GET', `/api/applications/${id}/signing/`, { token });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const signAs = (state: Loose, signer: Loose, change: JsonObject = {}) =>
    server.call('POST', `/api/applications/${id}/signatures/`, { token, body: typedSignature(state, signer, change) });
  const statuses = async (): Promise<string[]> => {
    const res = await server.call('GET', `/api/applications/${id}/`, { token });
    return res.body.insurers.map((i: Loose) => i.status);
  };

  beforeAll(async () => {
    server = await startServer(kind, { seedDemo: false });
    token = (await signUp(server, 'signing')).token;
    clientId = await createClient(server, token);
    for (const [stepId, record] of Object.entries(withEveryInsurer(fullApplication())))
      if (stepId !== '$context' && record) await server.seedRecord(clientId, stepId, record as JsonObject);
    id = (
      await server.call('POST', '/api/applications/create_new_application/', { token, body: { client_id: clientId } })
    ).body.id;
  });
  afterAll(async () => server?.close(true));

  it('refuses the ceremony before the documents are generated', async () => {
    const res = await server.call('GET', `/api/applications/${id}/signing/`, { token });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('documents');
  });

  it('serves the exact bytes it hashes, refuses without changing anything, and the last signature makes it SIGNED', async () => {
    const gen = await server.call('POST', '/api/pdf/generate_pdf/', {
      token,
      body: { client_id: clientId, populate_forms: ['BMO', 'MANULIFE'] },
    });
    expect(gen.status, gen.text).toBe(200);
    const state = await ceremony();
    expect(state.documents.length).toBeGreaterThan(0);
    const adviser = state.signers.at(-1);
    expect(adviser.roles).toContain('adviser');
    expect(state.next).toBe(state.signers[0].id);

    // The adviser before the clients, an old consent, a changed hash: each refused, nothing recorded.
    const early = await signAs(state, adviser);
    expect(early.status).toBe(400);
    const old = await signAs(state, state.signers[0], { consent_version: 'old' });
    expect(old.status).toBe(400);
    const hashes = await signAs(state, state.signers[0], {
      documents: state.documents.map((d: Loose) => ({ name: d.name, sha256: '0'.repeat(64) })),
    });
    expect(hashes.status).toBe(400);
    expect(hashes.body.errors[0].field).toBe('documents');
    expect((await ceremony()).signers.every((s: Loose) => s.signed === null)).toBe(true);

    for (const signer of state.signers) {
      const res = await signAs(state, signer);
      expect(res.status, res.text).toBe(201);
      expect(res.body.complete).toBe(signer === adviser);
    }
    expect(new Set(await statuses())).toEqual(new Set(['SIGNED']));
    const again = await signAs(state, state.signers[0]);
    expect(again.status).toBe(400);
    expect((await ceremony()).next).toBeNull();

    // Signed: each insurer may now be submitted (the guard reads the signatures from the database).
    const insurer = (await server.call('GET', `/api/applications/${id}/`, { token })).body.insurers[0].insurer;
    const submitted = await server.call('POST', `/api/applications/${id}/insurers/${insurer}/submit/`, {
      token,
      body: {},
    });
    expect(submitted.status).toBe(201);
    expect(submitted.body.insurers[0].status).toBe('SUBMITTED');
  }, 120_000);
});
