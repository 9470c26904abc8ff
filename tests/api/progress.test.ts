import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { specText } from '../support/specText.ts';

const STEPS = [
  'basic',
  'proposed-insured',
  'plan-details',
  'owner',
  'multi-owner',
  'tax-information',
  'beneficiary',
  'purpose-of-insurance',
  'financial',
  'insurance-history',
  'lifestyle',
  'medical',
  'screening-review',
  'pdf-generation',
];

describe.each(databases)('screening progress and applications (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(kind);
    token = (await signUp(server)).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers "no progress" before any is saved', async () => {
    const id = await createClient(server, token);
    const res = await server.call('GET', `/insurance/screening-progress/get_progress/${id}/`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      clientId: id,
      currentStep: 'basic',
      lastUpdated: null,
      isComplete: false,
      stepData: {},
    });
  });

  it('records each of the 14 steps; isComplete only at pdf-generation', async () => {
    const id = await createClient(server, token);
    for (const step of STEPS) {
      const saved = await server.call('POST', '/insurance/screening-progress/update_progress/', {
        token,
        body: {
          clientId: id,
          currentStep: step,
          lastUpdated: '2000-01-01T00:00:00Z',
          isComplete: true,
          stepData: { page: step },
        },
      });
      expect(saved.status, step).toBe(200);
      const got = await server.call('GET', `/api/insurance/screening-progress/get_progress/${id}`, { token });
      expect(got.body).toMatchObject({
        clientId: id,
        currentStep: step,
        isComplete: step === 'pdf-generation',
        stepData: { page: step },
      });
      expect(got.body.lastUpdated).not.toBe('2000-01-01T00:00:00Z');
      expect(Number.isNaN(Date.parse(got.body.lastUpdated))).toBe(false);
    }
    // Start Over goes back to basic and the screening is no longer complete.
    await server.call('POST', '/insurance/screening-progress/update_progress/', {
      token,
      body: { clientId: String(id), currentStep: 'basic', stepData: {} },
    });
    expect(
      (await server.call('GET', `/insurance/screening-progress/get_progress/${id}/`, { token })).body,
    ).toMatchObject({ currentStep: 'basic', isComplete: false, stepData: {} });
  });

  it('refuses an unknown step and a bad stepData without changing anything', async () => {
    const id = await createClient(server, token);
    await server.call('POST', '/insurance/screening-progress/update_progress/', {
      token,
      body: { clientId: id, currentStep: 'owner', stepData: { a: 1 } },
    });
    const before = (await server.call('GET', `/insurance/screening-progress/get_progress/${id}/`, { token })).body;
    for (const currentStep of ['nope', '', 42, null, 'Owner']) {
      const res = await server.call('POST', '/insurance/screening-progress/update_progress/', {
        token,
        body: { clientId: id, currentStep },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Invalid step', errors: [{ field: 'currentStep', message: 'Invalid step' }] });
    }
    const badData = await server.call('POST', '/insurance/screening-progress/update_progress/', {
      token,
      body: { clientId: id, currentStep: 'owner', stepData: [1] },
    });
    expect(badData.status).toBe(400);
    const missing = await server.call('POST', '/insurance/screening-progress/update_progress/', {
      token,
      body: { currentStep: 'owner' },
    });
    expect(missing.body.error).toBe(specText('owner.calls./insurance/screening/owner/.clientId.message'));
    expect((await server.call('GET', `/insurance/screening-progress/get_progress/${id}/`, { token })).body).toEqual(
      before,
    );
  });

  it('creates a new application from the screening so far', async () => {
    const id = await createClient(server, token);
    const missing = await server.call('POST', '/applications/create_new_application/', { token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: specText('owner.calls./insurance/screening/owner/.clientId.message'),
      errors: [{ field: 'client_id', message: specText('owner.calls./insurance/screening/owner/.clientId.message') }],
    });
    expect(
      (await server.call('POST', '/applications/create_new_application/', { token, body: { client_id: 987654 } }))
        .status,
    ).toBe(404);

    await server.seedRecord(id, 'basic', { application_type: 'REPLACEMENT', existing_policy_number: 'P-1' });
    await server.seedRecord(id, 'proposed-insured', { number_of_insureds: 2 });
    await server.seedRecord(id, 'plan-details', {
      product_type: 'term_life',
      single_life_options: [{ face_amount: 250000 }, { face_amount: 100000 }],
    });
    const res = await server.call('POST', '/api/applications/create_new_application/', {
      token,
      body: { client_id: String(id) },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      application_type: 'REPLACEMENT',
      product_type: 'term_life',
      number_of_insureds: 2,
      status: 'DRAFT',
      face_amount: 350000,
    });
    // The spec's display labels, as the screening's definitions give them.
    expect(res.body).toMatchObject({ application_type_label: 'Internal Replacement', product_type_label: 'Term Life' });
    const second = await server.call('POST', '/applications/create_new_application/', {
      token,
      body: { client_id: id },
    });
    const apps = (await server.call('GET', `/api/clients/${id}/?include=life_applications`, { token })).body
      .life_applications;
    expect(apps.map((a: { id: number }) => a.id)).toEqual([second.body.id, res.body.id]);
    expect(apps[1]).toMatchObject({ application_type_label: 'Internal Replacement', product_type_label: 'Term Life' });
  });
});
