import { afterAll, describe, expect, it } from 'vitest';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { example } from '../support/engine.ts';

describe.each(databases)('a restart on the same data (%s)', (kind) => {
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it('keeps accounts, tokens, clients, applications, progress and every saved step', async () => {
    server = await startServer(kind);
    const user = await signUp(server);
    const id = await createClient(server, user.token, { first_name: 'Persist', city: 'Regina' });
    const data = example('medical', 'two-insureds');
    delete data.$context;
    await server.seedRecord(id, 'proposed-insured', data['proposed-insured'] ?? {});
    expect(
      (await server.call('PUT', `/api/screening/${id}/medical/`, { token: user.token, body: data.medical })).status,
    ).toBe(200);
    await server.call('POST', '/insurance/screening-progress/update_progress/', {
      token: user.token,
      body: { clientId: id, currentStep: 'medical', stepData: { page: 'insured-1', medical: { has_insured_2: true } } },
    });
    await server.call('POST', '/applications/create_new_application/', { token: user.token, body: { client_id: id } });
    const demo = (
      await server.call('POST', '/api/login/', { body: { username: 'demo@example.com', password: 'demo1234' } })
    ).body.token;
    const before = {
      client: (await server.call('GET', `/api/clients/${id}/?include=life_applications`, { token: user.token })).body,
      screening: (await server.call('GET', `/api/screening/${id}/`, { token: user.token })).body,
      progress: (await server.call('GET', `/insurance/screening-progress/get_progress/${id}/`, { token: user.token }))
        .body,
      demoClients: (await server.call('GET', '/api/clients/', { token: demo })).body,
    };

    server = await server.restart();
    const after = {
      client: (await server.call('GET', `/api/clients/${id}/?include=life_applications`, { token: user.token })).body,
      screening: (await server.call('GET', `/api/screening/${id}/`, { token: user.token })).body,
      progress: (await server.call('GET', `/insurance/screening-progress/get_progress/${id}/`, { token: user.token }))
        .body,
      demoClients: (await server.call('GET', '/api/clients/', { token: demo })).body,
    };
    expect(after).toEqual(before);
    expect(after.screening.medical.has_insured_2).toBe(true);
    expect(after.client.life_applications).toHaveLength(1);
    expect(
      (await server.call('POST', '/api/login/', { body: { username: user.email, password: user.password } })).status,
    ).toBe(200);
  });
});
