import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApplicationData, JsonObject } from '../../api/types.ts';
import { createClient, databases } from '../support/apiServer.ts';
import { suiteServer } from '../support/suiteServer.ts';
import { example } from '../support/engine.ts';

/** Issue 24, item 8: deleting a client erases it, and may take the second insured its screening created. */
describe.each(databases)('deleting a client (%s)', (kind) => {
  const suite = suiteServer(kind);

  /** A client whose Proposed Insured step, saved through the API, created a second insured; returns both ids. */
  async function withSecondInsured(): Promise<{ id: number; second: number; record: JsonObject }> {
    const { server, token } = suite;
    const id = await createClient(server, token);
    const data: ApplicationData = example('proposed-insured', 'two-insureds');
    delete data.$context;
    for (const [stepId, record] of Object.entries(data))
      if (stepId !== 'proposed-insured' && record) await server.seedRecord(id, stepId, record);
    const record = structuredClone(data['proposed-insured']) as { insured_2: JsonObject };
    const saved = await server.call('PUT', `/api/screening/${id}/proposed-insured/`, { token, body: record });
    expect(saved.status, saved.text).toBe(200);
    const second = (await server.call('GET', `/api/screening/${id}/`, { token })).body.basic.proposed_insured_2;
    expect(typeof second).toBe('number');
    return { id, second, record: record.insured_2 };
  }

  it('names the second insured its screening created, and deletes it with the client only when asked', async () => {
    const { server, token } = suite;
    const { id, second, record } = await withSecondInsured();
    const listed = await server.call('GET', `/api/clients/${id}/second_insureds/`, { token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      results: [{ id: second, first_name: record.first_name, last_name: record.last_name }],
    });
    const deleted = await server.call('DELETE', `/api/clients/${id}/?delete_second_insureds=true`, { token });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await server.call('GET', `/api/clients/${id}/`, { token })).status).toBe(404);
    expect((await server.call('GET', `/api/clients/${second}/`, { token })).status).toBe(404);
    expect(
      (await server.call('GET', '/api/clients/', { token })).body.results.map((c: JsonObject) => c.id),
    ).not.toContain(second);
  });

  it('keeps the second insured without the parameter: it is a client of its own from then on', async () => {
    const { server, token } = suite;
    const { id, second } = await withSecondInsured();
    expect((await server.call('DELETE', `/api/clients/${id}/`, { token })).status).toBe(200);
    expect((await server.call('GET', `/api/clients/${second}/`, { token })).status).toBe(200);
    // Nothing points at a deleted client any more: it has no second insured of anyone's to offer.
    expect(
      (await server.call('DELETE', `/api/clients/${second}/?delete_second_insureds=false`, { token })).status,
    ).toBe(200);
  });

  it('never offers nor deletes a second insured another application uses', async () => {
    const { server, token } = suite;
    const first = await withSecondInsured();
    expect(
      (await server.call('GET', `/api/clients/${first.id}/second_insureds/`, { token })).body.results,
    ).toHaveLength(1);
    // Another client's application names the same client record as its second insured (the spec's basic call).
    const other = await createClient(server, token);
    const named = await server.call('POST', '/insurance/screening/basic/', {
      token,
      body: { client_id: other, number_of_insureds: 2, proposed_insured_1: other, proposed_insured_2: first.second },
    });
    expect(named.status, named.text).toBe(200);
    expect((await server.call('GET', `/api/clients/${first.id}/second_insureds/`, { token })).body.results).toEqual([]);
    expect(
      (await server.call('DELETE', `/api/clients/${first.id}/?delete_second_insureds=true`, { token })).status,
    ).toBe(200);
    expect((await server.call('GET', `/api/clients/${first.second}/`, { token })).status).toBe(200);
    expect((await server.call('GET', `/api/screening/${other}/`, { token })).body.basic.proposed_insured_2).toBe(
      first.second,
    );
  });

  it('refuses a parameter that is not true or false, and deletes nothing', async () => {
    const { server, token } = suite;
    const id = await createClient(server, token);
    const refused = await server.call('DELETE', `/api/clients/${id}/?delete_second_insureds=yes`, { token });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].field).toBe('delete_second_insureds');
    expect((await server.call('GET', `/api/clients/${id}/`, { token })).status).toBe(200);
  });
});

describe('deleting a client on SQLite', () => {
  const suite = suiteServer('sqlite');

  it("leaves none of the client's text in the SQLite file or its WAL (secure_delete, then a checkpoint)", async () => {
    const { server, token } = suite;
    const marks = ['Quillfeatherstone', 'Wobblesworthian', 'Zanzibartonville'];
    const id = await createClient(server, token, { last_name: marks[0] });
    expect((await server.call('PATCH', `/api/clients/${id}/`, { token, body: { city: marks[2] } })).status).toBe(200);
    expect(
      (
        await server.call('PATCH', `/api/screening/${id}/multi-owner/`, {
          token,
          body: { owner1_successor_last_name: marks[1] },
        })
      ).status,
    ).toBe(200);
    const dataDir = server.where.dataDir ?? '';
    const stored = (): string =>
      ['app.db', 'app.db-wal']
        .map((name) => join(dataDir, name))
        .filter((path) => existsSync(path))
        .map((path) => readFileSync(path).toString('latin1'))
        .join('');
    for (const mark of marks) expect(stored()).toContain(mark);
    expect((await server.call('DELETE', `/api/clients/${id}/`, { token })).status).toBe(200);
    // Nor the folded copy the client list searches (its search text and trigram index).
    for (const mark of marks) {
      expect(stored(), mark).not.toContain(mark);
      expect(stored(), mark).not.toContain(mark.toLowerCase().slice(1));
    }
  });
});
