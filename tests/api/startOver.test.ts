/** DELETE /api/screening/{clientId}/: "Start Over" (issue 11), on SQLite. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { example } from '../support/engine.ts';
import { grantBroker } from '../../api/admin/brokerGrants.ts';
import { markVerified } from '../support/markVerified.ts';

describe('starting a screening over', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer('sqlite');
    token = (await signUp(server)).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("deletes the step records and the progress, keeps the client's profile, and answers 404 to a stranger", async () => {
    const id = await createClient(server, token, { first_name: 'Olivia', last_name: 'Bennett' });
    const medical = example('medical', 'one-insured').medical;
    expect((await server.call('PUT', `/api/screening/${id}/medical/`, { token, body: medical })).status).toBe(200);
    await server.call('POST', '/api/insurance/screening-progress/update_progress/', {
      token,
      body: { clientId: id, currentStep: 'medical', stepData: { medical } },
    });

    const stranger = (await signUp(server, 'stranger')).token;
    const refused = await server.call('DELETE', `/api/screening/${id}/`, { token: stranger });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ error: 'Not found', errors: [] });
    expect((await server.call('GET', `/api/screening/${id}/`, { token })).body.medical).toBeDefined();

    const res = await server.call('DELETE', `/api/screening/${id}/`, { token });
    expect(res.status).toBe(200);
    const after = (await server.call('GET', `/api/screening/${id}/`, { token })).body;
    expect(Object.keys(after).filter((k) => !k.startsWith('$'))).toEqual(['proposed-insured']);
    expect(after['proposed-insured'].insured_1).toMatchObject({ first_name: 'Olivia', last_name: 'Bennett' });
    const progress = (await server.call('GET', `/api/insurance/screening-progress/get_progress/${id}/`, { token }))
      .body;
    expect(progress).toMatchObject({ currentStep: 'basic', lastUpdated: null });
    expect((await server.call('GET', `/api/clients/${id}/`, { token })).body).toMatchObject({
      first_name: 'Olivia',
      last_name: 'Bennett',
    });
  });

  it("refuses a broker the client lists with 403 in the usual shape: the screening is its adviser's to throw away", async () => {
    const brokers = await server.call('GET', '/api/brokers/', { token });
    const brokerEmail: string = brokers.body[0].email;
    const id = await createClient(server, token, { brokers: [brokerEmail] });
    await server.call('PUT', `/api/screening/${id}/medical/`, {
      token,
      body: example('medical', 'one-insured').medical,
    });
    await server.call('POST', '/api/users/', { body: { email: brokerEmail, password: 'broker pass phrase 1' } });
    const brokerToken = (
      await server.call('POST', '/api/login/', { body: { username: brokerEmail, password: 'broker pass phrase 1' } })
    ).body.token;
    // Only an account an administrator made a broker sees the client at all.
    await markVerified(server.app.database.db, brokerEmail);
    expect((await grantBroker(server.app.database.db, brokerEmail, { by: 'test' })).code).toBe(0);
    const res = await server.call('DELETE', `/api/screening/${id}/`, { token: brokerToken });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: "Only the client's adviser can start this screening over",
      errors: [{ field: 'clientId', message: "Only the client's adviser can start this screening over" }],
    });
    expect((await server.call('GET', `/api/screening/${id}/`, { token })).body.medical).toBeDefined();
    expect((await server.call('DELETE', '/api/screening/abc/', { token })).status).toBeLessThan(500);
    expect((await server.call('DELETE', `/api/screening/${id}/`)).status).toBe(401);
  });
});
