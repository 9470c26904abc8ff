/**
 * Issue 27: once an application was submitted to an insurer its answers are locked (the insurer decides on the package
 * it received); withdrawing it, or starting a new application, frees them
 * (docs/decisions/data-answers-locked-after-submission.md).
 */
import type { JsonObject } from '../../engine/index.ts';
import { ANSWERS_LOCKED } from '../../api/lifecycle/lifecyclePlugin.ts';
import { typedSignature } from '../support/typedSignature.ts';
import { createClient, databases, signUp, startServer, type Loose, type TestServer } from '../support/apiServer.ts';
import { fullApplication, withEveryInsurer } from '../pdf/support.ts';

const FRENCH = 'Cette proposition a été soumise à un assureur';

describe.each(databases)("a submitted application's answers are locked on %s (issue 27)", (kind) => {
  let server: TestServer;
  let token: string;
  const data = withEveryInsurer(fullApplication());
  const lifestyle = data.lifestyle as JsonObject;

  /** A client whose application is signed by everyone for BMO and Manulife, then submitted to BMO. */
  const submittedToBmo = async (): Promise<{ clientId: number; id: number }> => {
    const clientId = await createClient(server, token);
    for (const [stepId, record] of Object.entries(data))
      if (stepId !== '$context' && record) await server.seedRecord(clientId, stepId, record as JsonObject);
    const id = (
      await server.call('POST', '/api/applications/create_new_application/', { token, body: { client_id: clientId } })
    ).body.id;
    const gen = await server.call('POST', '/api/pdf/generate_pdf/', {
      token,
      body: { client_id: clientId, populate_forms: ['BMO', 'MANULIFE'] },
    });
    expect(gen.status, gen.text).toBe(200);
    const state = (await server.call('GET', `/api/applications/${id}/signing/`, { token })).body;
    for (const signer of state.signers) {
      const res = await server.call('POST', `/api/applications/${id}/signatures/`, {
        token,
        body: typedSignature(state, signer),
      });
      expect(res.status, res.text).toBe(201);
    }
    // Signed but not submitted: nothing holds the answers yet, and the wizard is told so.
    expect((await lockedOf(clientId)).$locked).toBeNull();
    const submitted = await server.call('POST', `/api/applications/${id}/insurers/BMO/submit/`, { token, body: {} });
    expect(submitted.status, submitted.text).toBe(201);
    return { clientId, id };
  };
  /** What the wizard loads: the whole screening, its `$locked` saying whether the answers may change. */
  const lockedOf = async (clientId: number, headers: Record<string, string> = {}): Promise<Loose> => {
    const res = await server.call('GET', `/api/screening/${clientId}/?incomplete=true`, { token, headers });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const ALCOHOL = 'Wine, 2 glasses per week';
  const changedLifestyle = (clientId: number, headers: Record<string, string> = {}) => {
    const body = structuredClone(lifestyle);
    (body.lifestyle_data_1 as JsonObject).alcohol_details = ALCOHOL;
    return server.call('PUT', `/api/screening/${clientId}/lifestyle/`, { token, headers, body });
  };
  const statuses = async (id: number): Promise<Record<string, string>> =>
    Object.fromEntries(
      (await server.call('GET', `/api/applications/${id}/`, { token })).body.insurers.map((i: Loose) => [
        i.insurer,
        i.status,
      ]),
    );

  beforeAll(async () => {
    server = await startServer(kind, { seedDemo: false });
    token = (await signUp(server, 'locked')).token;
  });
  afterAll(async () => server?.close(true));

  it('refuses a changed answer (400, in English and French), keeps the signatures, and refuses Start Over', async () => {
    const { clientId, id } = await submittedToBmo();
    expect(await statuses(id)).toEqual({ BMO: 'SUBMITTED', MANULIFE: 'SIGNED' });
    // The wizard knows before anyone types: the refusal's words, in the request's language, and whose page frees them.
    const loaded = await lockedOf(clientId);
    expect(loaded.$locked).toEqual({ message: ANSWERS_LOCKED, applicationId: id });
    expect(loaded.lifestyle).toBeDefined();
    expect(Array.isArray(loaded.$incomplete)).toBe(true);
    const plain = await server.call('GET', `/api/screening/${clientId}/`, { token });
    expect(plain.body.$locked).toEqual({ message: ANSWERS_LOCKED, applicationId: id });
    const inFrench = (await lockedOf(clientId, { 'accept-language': 'fr-CA' })).$locked;
    expect(inFrench.message).toContain(FRENCH);
    expect(inFrench.applicationId).toBe(id);

    const refused = await changedLifestyle(clientId);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: ANSWERS_LOCKED,
      errors: [{ field: 'application', message: ANSWERS_LOCKED }],
    });
    const french = await changedLifestyle(clientId, { 'accept-language': 'fr-CA' });
    expect(french.status).toBe(400);
    expect(french.body.error).toContain(FRENCH);
    expect(french.body.errors[0].message).toBe(french.body.error);

    // Nothing changed: the saved answer, the signatures and the signed PDFs stand, Manulife is still SIGNED.
    const saved = await server.call('GET', `/api/screening/${clientId}/lifestyle/`, { token });
    expect(saved.body.lifestyle_data_1.alcohol_details).not.toBe(ALCOHOL);
    const signing = (await server.call('GET', `/api/applications/${id}/signing/`, { token })).body;
    expect(signing.voided).toEqual([]);
    expect(signing.next).toBeNull();
    expect(await statuses(id)).toEqual({ BMO: 'SUBMITTED', MANULIFE: 'SIGNED' });

    // The same answers saved again are no change: accepted.
    const same = await server.call('PUT', `/api/screening/${clientId}/lifestyle/`, {
      token,
      body: lifestyle,
    });
    expect(same.status, same.text).toBe(200);

    const startOver = await server.call('DELETE', `/api/screening/${clientId}/`, { token });
    expect(startOver.status).toBe(400);
    expect(startOver.body.error).toBe(ANSWERS_LOCKED);
    expect((await server.call('GET', `/api/screening/${clientId}/lifestyle/`, { token })).status).toBe(200);
  }, 120_000);

  it('withdrawn from the insurer that had it, the answers may change again', async () => {
    const { clientId, id } = await submittedToBmo();
    const withdrawn = await server.call('POST', `/api/applications/${id}/insurers/BMO/events/`, {
      token,
      body: { event: 'WITHDRAW', reason: 'An answer must be corrected' },
    });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect((await lockedOf(clientId)).$locked).toBeNull();
    const changed = await changedLifestyle(clientId);
    expect(changed.status, changed.text).toBe(200);
    // Manulife, signed but never submitted, goes back to DRAFT: its signatures were over the old answers.
    expect(await statuses(id)).toEqual({ BMO: 'WITHDRAWN', MANULIFE: 'DRAFT' });
    const signing = (await server.call('GET', `/api/applications/${id}/signing/`, { token })).body;
    expect(signing.voided.length).toBeGreaterThan(0);
  }, 120_000);

  it('a new application frees the answers; the submitted one keeps its status', async () => {
    const { clientId, id } = await submittedToBmo();
    const fresh = await server.call('POST', '/api/applications/create_new_application/', {
      token,
      body: { client_id: clientId },
    });
    expect(fresh.status, fresh.text).toBe(201);
    expect((await lockedOf(clientId)).$locked).toBeNull();
    const changed = await changedLifestyle(clientId);
    expect(changed.status, changed.text).toBe(200);
    expect((await statuses(id)).BMO).toBe('SUBMITTED');
  }, 120_000);
});
