/** A record saved before the definitions dropped a question saves again without it (issue 13, versioned definitions). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { engine, example } from '../support/engine.ts';

const stepId = 'purpose-of-insurance';
const record = example(stepId, Object.keys(engine.definitions.steps[stepId].examples)[0])[stepId] as Record<
  string,
  unknown
>;

describe('a saved answer to a question no longer asked (sqlite)', () => {
  let server: TestServer;
  let owner: { token: string };
  beforeAll(async () => {
    server = await startServer('sqlite');
    owner = await signUp(server, 'owner');
  });
  afterAll(async () => {
    await server?.close(true);
  });

  it('is dropped when the step is saved as loaded, and refused when sent new', async () => {
    const id = await createClient(server, owner.token);
    await server.seedRecord(id, stepId, { ...record, dropped_question: 'yes' });
    const loaded = await server.call('GET', `/api/screening/${id}/${stepId}/`, { token: owner.token });
    expect(loaded.body.dropped_question).toBe('yes');
    const saved = await server.call('PUT', `/api/screening/${id}/${stepId}/`, {
      token: owner.token,
      body: loaded.body,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).not.toHaveProperty('dropped_question');
    expect(
      (await server.call('GET', `/api/screening/${id}/${stepId}/`, { token: owner.token })).body,
    ).not.toHaveProperty('dropped_question');
    const sentNew = await server.call('PUT', `/api/screening/${id}/${stepId}/`, {
      token: owner.token,
      body: { ...record, another_question: 'no' },
    });
    expect(sentNew.status).toBe(400);
    expect(sentNew.body.errors.map((e: { field: string }) => e.field)).toContain('another_question');
  });
});
