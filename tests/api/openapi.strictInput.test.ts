import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../api/types.ts';
import { clientBody, createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { fullApplication } from '../pdf/support.ts';
import { specText } from '../support/specText.ts';

/** The inputs issue 15 found the server lenient about, and the one it keeps on purpose (docs/decisions/server-strict-inputs.md). */
describe.each(databases)('inputs the document refuses are refused (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let clientId: number;
  beforeAll(async () => {
    server = await startServer(kind);
    token = (await signUp(server)).token;
    clientId = await createClient(server, token);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses an unknown include, and still includes the applications when asked', async () => {
    for (const include of ['applications', 'life_applications,other', '']) {
      const res = await server.call('GET', `/api/clients/${clientId}/?include=${encodeURIComponent(include)}`, {
        token,
      });
      expect(res.status, include).toBe(400);
      expect(res.body).toEqual({
        error: 'include must be life_applications',
        errors: [{ field: 'include', message: 'include must be life_applications' }],
      });
    }
    const ok = await server.call('GET', `/api/clients/${clientId}/?include=life_applications`, { token });
    expect(ok.status).toBe(200);
    expect(Array.isArray(ok.body.life_applications)).toBe(true);
    expect((await server.call('GET', `/api/clients/${clientId}/`, { token })).body.life_applications).toBeUndefined();
  });

  it('refuses stepData null in update_progress; leaving it out stores {}', async () => {
    const refused = await server.call('POST', '/api/insurance/screening-progress/update_progress/', {
      token,
      body: { clientId, currentStep: 'owner', stepData: null },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'stepData', message: 'stepData must be an object' }]);
    const ok = await server.call('POST', '/api/insurance/screening-progress/update_progress/', {
      token,
      body: { clientId, currentStep: 'owner' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.stepData).toEqual({});
  });

  it('answers a path segment that is not an id with 404 in the {error, errors} shape, before the body is read', async () => {
    for (const [method, path] of [
      // user_info is a route of its own (the account's language); any other word is not a client id.
      ['PATCH', '/api/clients/profile/'],
      ['DELETE', '/api/clients/abc/'],
      ['PUT', '/api/screening/0/basic/'],
      ['GET', '/api/insurance/screening-progress/get_progress/x1/'],
    ]) {
      const res = await server.call(method, path, { token });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ error: 'Not found', errors: [] });
    }
  });

  it("refuses a malformed client_id with 400 and names no client that is not the adviser's (404)", async () => {
    for (const client_id of ['abc', -3, 0, 1.5, true]) {
      const res = await server.call('POST', '/api/applications/create_new_application/', {
        token,
        body: { client_id },
      });
      expect(res.status, String(client_id)).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'client_id', message: 'Client ID must be a positive whole number' }]);
    }
    const legacy = await server.call('GET', '/api/insurance/screening/basic/?client_id=1e3', { token });
    expect(legacy.status).toBe(400);
    const unknown = await server.call('POST', '/api/applications/create_new_application/', {
      token,
      body: { client_id: 2_000_000_000 },
    });
    expect(unknown.status).toBe(404);
  });

  it('keeps email "" as no email (optional in the spec), and refuses an address without a dotted domain', async () => {
    const created = await server.call('POST', '/api/clients/', { token, body: clientBody({ email: '' }) });
    expect(created.status).toBe(201);
    expect(created.body.email).toBeNull();
    const bad = await server.call('POST', '/api/clients/', { token, body: clientBody({ email: 'jane@localhost' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'email', message: specText('client-profile.email.errorMessage.type') }]);
    const signUpBad = await server.call('POST', '/api/users/', {
      body: { email: 'someone@localhost', password: 'correct horse battery' },
    });
    expect(signUpBad.status).toBe(400);
    expect(signUpBad.body.errors[0]).toEqual({
      field: 'email',
      message: specText('client-profile.email.errorMessage.type'),
    });
  });

  it('names the proposed insured, not populate_forms, when the summary has no insured', async () => {
    const id = await createClient(server, token);
    for (const [stepId, record] of Object.entries(fullApplication())) {
      if (stepId !== '$context' && stepId !== 'proposed-insured' && record)
        await server.seedRecord(id, stepId, record as JsonObject);
    }
    const res = await server.call('GET', `/api/pdf/summary/${id}/?populate_forms=BMO`, { token });
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors).toEqual([
      {
        field: 'proposed-insured.insured_1',
        message: specText('pdf-generation.checks.proposed-insured.insured_1.message'),
      },
    ]);
    const unknown = await server.call('GET', `/api/pdf/summary/${clientId}/?populate_forms=NOPE`, { token });
    expect(unknown.status).toBe(400);
    expect(unknown.text).not.toContain('NOPE"');
  });
});
