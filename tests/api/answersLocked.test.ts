/**
 * Issue 27: once an application was submitted to an insurer its answers are locked (the insurer decides on the package
 * it received); withdrawing it, or starting a new application, frees them
 * (docs/decisions/data-answers-locked-after-submission.md).
 */
import type { JsonObject } from '../../engine/index.ts';
import { ANSWERS_LOCKED } from '../../api/lifecycle/lifecyclePlugin.ts';
import { GENERATION_LOCKED } from '../../api/pdf/generationErrors.ts';
import { typedSignature } from '../support/typedSignature.ts';
import { createClient, databases, signUp, startServer, type Loose, type TestServer } from '../support/apiServer.ts';
import { fullApplication, withEveryInsurer } from '../pdf/support.ts';

const FRENCH = 'Cette proposition a été soumise à un assureur';
const FRENCH_GENERATION = 'ses documents ne peuvent plus être générés';

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

  it('refuses to generate the documents again while an insurer holds them (the same lock), until withdrawn', async () => {
    const { clientId, id } = await submittedToBmo();
    const generations = async () =>
      (await server.call('GET', `/api/clients/${clientId}/?include=life_applications`, { token })).body
        .life_applications[0].generations.length;
    const before = await generations();
    const generate = (headers: Record<string, string> = {}) =>
      server.call('POST', '/api/pdf/generate_pdf/', {
        token,
        headers,
        body: { client_id: clientId, populate_forms: ['BMO', 'MANULIFE'] },
      });
    const refused = await generate();
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: GENERATION_LOCKED,
      errors: [{ field: 'application', message: GENERATION_LOCKED }],
    });
    const french = await generate({ 'accept-language': 'fr-CA' });
    expect(french.status).toBe(400);
    expect(french.body.error).toContain(FRENCH_GENERATION);
    expect(french.body.errors).toEqual([{ field: 'application', message: french.body.error }]);
    // Nothing was generated: the documents the insurer was sent stay the application's latest.
    expect(await generations()).toBe(before);
    expect(await statuses(id)).toEqual({ BMO: 'SUBMITTED', MANULIFE: 'SIGNED' });
    // Another adviser learns nothing of the client's state: not found, as before.
    const stranger = (await signUp(server, `locked-stranger-${id}`)).token;
    const probe = await server.call('POST', '/api/pdf/generate_pdf/', {
      token: stranger,
      body: { client_id: clientId, populate_forms: ['BMO'] },
    });
    expect(probe.status).toBe(404);

    const withdrawn = await server.call('POST', `/api/applications/${id}/insurers/BMO/events/`, {
      token,
      body: { event: 'WITHDRAW', reason: 'Documents to be generated again' },
    });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    const again = await generate();
    expect(again.status, again.text).toBe(200);
    expect(await generations()).toBe(before + 1);
  }, 120_000);

  it("locks the client's fields that are answers on the profile's own route, and says so on GET", async () => {
    const { clientId, id } = await submittedToBmo();
    const db = server.app.database.db;
    const brokerEmail = `broker.locked.${process.pid}.${kind}.${id}@brokers.example`;
    await db.insertInto('brokers').values({ name: 'Locked Broker', email: brokerEmail }).execute();
    const client = (headers: Record<string, string> = {}) =>
      server.call('GET', `/api/clients/${clientId}/`, { token, headers });
    const shown = await client();
    expect(shown.body.$locked).toMatchObject({ message: ANSWERS_LOCKED, applicationId: id });
    expect(shown.body.$locked.fields).toEqual(
      expect.arrayContaining(['first_name', 'last_name', 'date_of_birth', 'gender_sex_at_birth', 'email']),
    );
    expect(shown.body.$locked.fields).not.toContain('brokers');
    expect((await client({ 'accept-language': 'fr-CA' })).body.$locked.message).toContain(FRENCH);

    const patch = (body: JsonObject, headers: Record<string, string> = {}) =>
      server.call('PATCH', `/api/clients/${clientId}/`, { token, headers, body });
    const renamed = await patch({ first_name: 'Janet' });
    expect(renamed.status).toBe(400);
    expect(renamed.body).toEqual({
      error: ANSWERS_LOCKED,
      errors: [{ field: 'application', message: ANSWERS_LOCKED }],
    });
    const french = await patch({ date_of_birth: '1980-01-01' }, { 'accept-language': 'fr-CA' });
    expect(french.status).toBe(400);
    expect(french.body.error).toContain(FRENCH);
    expect(french.body.errors).toEqual([{ field: 'application', message: french.body.error }]);
    // An insured's field the profile form does not show is an answer too (the spec's insured-1 save path).
    expect((await patch({ occupation: 'Pilot' })).status).toBe(400);
    const after = (await client()).body;
    expect([after.first_name, after.date_of_birth]).toEqual([shown.body.first_name, shown.body.date_of_birth]);
    expect(after.version).toBe(shown.body.version);

    // The profile form sends every field: the same values with a new broker is no change to an answer.
    const same = await patch({
      first_name: ` ${shown.body.first_name} `,
      last_name: shown.body.last_name,
      email: shown.body.email,
      phone_primary: shown.body.phone_primary,
      date_of_birth: shown.body.date_of_birth,
      gender_sex_at_birth: shown.body.gender_sex_at_birth,
      brokers: [brokerEmail],
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body.brokers).toEqual([brokerEmail]);

    // A client named as insured 2 of the submitted application (its link, as the screening's save writes it) is
    // locked too: its record holds that application's answers.
    const second = await createClient(server, token, { first_name: 'Paul' });
    expect((await server.call('GET', `/api/clients/${second}/`, { token })).body.$locked).toBeNull();
    await db
      .insertInto('client_links')
      .values({ client_id: clientId, link: 'basic.proposed_insured_2', linked_client_id: second })
      .execute();
    const secondShown = (await server.call('GET', `/api/clients/${second}/`, { token })).body;
    expect(secondShown.$locked).toMatchObject({ message: ANSWERS_LOCKED, applicationId: id });
    const secondPatch = await server.call('PATCH', `/api/clients/${second}/`, { token, body: { last_name: 'Roy' } });
    expect(secondPatch.status).toBe(400);
    expect(secondPatch.body.error).toBe(ANSWERS_LOCKED);

    // Another client's screening that names the locked client as its insured 2 cannot change its record either.
    const other = await createClient(server, token, { first_name: 'Lena' });
    for (const [stepId, record] of Object.entries(data))
      if (stepId !== '$context' && record) await server.seedRecord(other, stepId, record as JsonObject);
    await server.seedRecord(other, 'basic', {
      ...(data.basic as JsonObject),
      proposed_insured_1: other,
      proposed_insured_2: clientId,
    });
    const insureds = structuredClone(data['proposed-insured'] as JsonObject);
    (insureds.insured_2 as JsonObject).first_name = 'Janet';
    const named = () => server.call('PUT', `/api/screening/${other}/proposed-insured/`, { token, body: insureds });
    const refusedThere = await named();
    expect(refusedThere.status).toBe(400);
    expect(refusedThere.body).toEqual({
      error: ANSWERS_LOCKED,
      errors: [{ field: 'application', message: ANSWERS_LOCKED }],
    });
    expect((await client()).body.first_name).toBe(shown.body.first_name);

    // Withdrawn from the insurer that had it: the fields may change again.
    const withdrawn = await server.call('POST', `/api/applications/${id}/insurers/BMO/events/`, {
      token,
      body: { event: 'WITHDRAW', reason: 'The name is misspelt' },
    });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect((await client()).body.$locked).toBeNull();
    const fixed = await patch({ first_name: 'Janet' });
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.body.first_name).toBe('Janet');
    const savedThere = await named();
    expect(savedThere.status, savedThere.text).toBe(200);
  }, 120_000);
});
