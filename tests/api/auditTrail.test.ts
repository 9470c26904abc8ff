import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { example } from '../support/engine.ts';

describe.each(databases)('the audit trail (%s)', (kind) => {
  let server: TestServer;
  let owner: { token: string; id: number; username: string };
  let stranger: { token: string };
  beforeAll(async () => {
    server = await startServer(kind);
    owner = await signUp(server, 'owner');
    stranger = await signUp(server, 'stranger');
  });
  afterAll(async () => {
    await server?.close(true);
  });

  const history = async (id: number, token = owner.token) =>
    server.call('GET', `/api/clients/${id}/history/`, { token });

  it('records who changed which fields of a step, when, from what to what, newest first', async () => {
    const id = await createClient(server, owner.token);
    const t0 = Date.now();
    expect(
      (
        await server.call('PATCH', `/api/screening/${id}/basic/`, {
          token: owner.token,
          body: { speaks_english_french: true, preferred_language: 'french' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await server.call('PATCH', `/api/screening/${id}/basic/`, {
          token: owner.token,
          body: { preferred_language: 'english' },
        })
      ).status,
    ).toBe(200);
    const res = await history(id);
    expect(res.status).toBe(200);
    const steps = res.body.results.filter((e: { entity: string }) => e.entity === 'step');
    expect(steps).toHaveLength(2);
    expect(steps[0]).toMatchObject({
      entity_id: 'basic',
      user: { id: owner.id, username: owner.username },
      changes: [{ field: 'preferred_language', from: 'french', to: 'english' }],
    });
    expect(steps[1].changes).toEqual(
      expect.arrayContaining([
        { field: 'preferred_language', from: null, to: 'french' },
        { field: 'speaks_english_french', from: null, to: true },
      ]),
    );
    expect(Date.parse(steps[0].at)).toBeGreaterThanOrEqual(t0 - 1000);
    expect(steps[0].id).toBeGreaterThan(steps[1].id);
  });

  it("records a client's creation and each change of its fields, and nothing for a save that changes nothing", async () => {
    const id = await createClient(server, owner.token, { city: 'Calgary' });
    expect(
      (await server.call('PATCH', `/api/clients/${id}/`, { token: owner.token, body: { city: 'Lethbridge' } })).status,
    ).toBe(200);
    expect(
      (await server.call('PATCH', `/api/clients/${id}/`, { token: owner.token, body: { city: 'Lethbridge' } })).status,
    ).toBe(200);
    const entries = (await history(id)).body.results.filter((e: { entity: string }) => e.entity === 'client');
    expect(entries).toHaveLength(2);
    expect(entries[0].changes).toEqual([{ field: 'city', from: 'Calgary', to: 'Lethbridge' }]);
    expect(entries[1].changes).toEqual(expect.arrayContaining([{ field: 'city', from: null, to: 'Calgary' }]));
  });

  it('pages back with ?limit and ?before, and refuses a limit or before that is not a whole number in range', async () => {
    const id = await createClient(server, owner.token, { city: 'Calgary' });
    for (const city of ['Lethbridge', 'Red Deer', 'Banff'])
      expect((await server.call('PATCH', `/api/clients/${id}/`, { token: owner.token, body: { city } })).status).toBe(
        200,
      );
    const first = await server.call('GET', `/api/clients/${id}/history/?limit=2`, { token: owner.token });
    expect(first.status).toBe(200);
    expect(first.body.results.map((e: { changes: { to: unknown }[] }) => e.changes[0].to)).toEqual([
      'Banff',
      'Red Deer',
    ]);
    const older = await server.call('GET', `/api/clients/${id}/history/?limit=2&before=${first.body.results[1].id}`, {
      token: owner.token,
    });
    expect(older.body.results[0].changes).toEqual([{ field: 'city', from: 'Calgary', to: 'Lethbridge' }]);
    expect(older.body.results).toHaveLength(2);
    for (const bad of ['limit=abc', 'limit=0', 'limit=501', 'before=6.4e-323', 'before=-1']) {
      const res = await server.call('GET', `/api/clients/${id}/history/?${bad}`, { token: owner.token });
      expect(res.status, bad).toBe(400);
      expect(res.body.errors[0].field).toBe(bad.split('=')[0]);
    }
  });

  it('keeps a refused save out of the trail, and shows the trail to the owner only', async () => {
    const id = await createClient(server, owner.token);
    const refused = await server.call('PUT', `/api/screening/${id}/purpose-of-insurance/`, {
      token: owner.token,
      body: { purpose_of_insurance: 'gambling' },
    });
    expect(refused.status).toBe(400);
    expect((await history(id)).body.results.filter((e: { entity: string }) => e.entity === 'step')).toEqual([]);
    expect((await history(id, stranger.token)).status).toBe(404);
  });

  it('records a SIN masked, never whole', async () => {
    const id = await createClient(server, owner.token);
    const tax = example('tax-information', 'one-owner')['tax-information'];
    for (const [stepId, record] of Object.entries(example('tax-information', 'one-owner'))) {
      if (stepId !== 'tax-information' && stepId !== '$context' && record) await server.seedRecord(id, stepId, record);
    }
    const saved = await server.call('PUT', `/api/screening/${id}/tax-information/`, { token: owner.token, body: tax });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const entry = (await history(id)).body.results.find(
      (e: { entity_id: string }) => e.entity_id === 'tax-information',
    );
    // Masked as everywhere else: "*** *** 286", only the last three digits shown.
    const parts = (owner: number) =>
      [1, 2, 3].map((n) => String((tax as Record<string, unknown>)[`owner${owner}_sin_part${n}`] ?? ''));
    const [p1, p2, p3] = parts(1);
    expect(p1).toMatch(/^\d{3}$/);
    const text = JSON.stringify(entry);
    expect(text).not.toContain(`${p1}${p2}${p3}`);
    expect(text).not.toContain(`"${p1}"`);
    expect(text).not.toContain(`"${p2}"`);
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        { field: 'owner1_sin_part1', from: null, to: '***' },
        { field: 'owner1_sin_part2', from: null, to: '***' },
        { field: 'owner1_sin_part3', from: null, to: p3 },
      ]),
    );
  });
});
