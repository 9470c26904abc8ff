/**
 * Issue 31, item 1, on the server: the owner's identity never moves to another person, and what the adviser answered
 * after an effect is saved as sent. The browser applies effects as the adviser changes the record (an owner type
 * switch empties the previous owner's answers, a new beneficiary splits the shares); the server fires them again
 * against the record it stored, filling only what the caller left out, never over what was sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationData, JsonObject } from '../../api/types.ts';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { example } from '../support/engine.ts';

describe.each(databases)('answers stand over effects (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(kind);
    token = (await signUp(server)).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A client whose other steps hold the example's records; the step itself is left to the test. */
  async function clientWith(stepId: string, name: string): Promise<{ id: number; data: ApplicationData }> {
    const id = await createClient(server, token);
    const data = example(stepId, name);
    delete data.$context;
    for (const [other, record] of Object.entries(data))
      if (other !== stepId && record) await server.seedRecord(id, other, record);
    return { id, data };
  }
  const put = (id: number, stepId: string, body: unknown) =>
    server.call('PUT', `/api/screening/${id}/${stepId}/`, { token, body });
  const patch = (id: number, stepId: string, body: unknown) =>
    server.call('PATCH', `/api/screening/${id}/${stepId}/`, { token, body });
  const stored = async (id: number, stepId: string): Promise<JsonObject> =>
    (await server.call('GET', `/api/screening/${id}/`, { token })).body[stepId];

  const olga: JsonObject = {
    ...(example('owner', 'individual').owner as JsonObject),
    first_name: 'Olga',
    last_name: 'Stranger',
    has_third_party_instructions: false,
    has_third_party_funds: false,
    suspect_third_party: false,
  };
  const olgasId: JsonObject = {
    primary_id_type: 'drivers_license',
    primary_id_number: 'S7788-99001-12345',
    primary_id_expiry: '2030-06-30',
    primary_id_country_of_issue: 'Canada',
    primary_id_place_of_issue: 'Ontario',
    is_physically_present: true,
    is_intermediary: false,
  };

  it('an owner switched from a different individual to insured 1 is saved as the adviser answered it', async () => {
    const { id, data } = await clientWith('owner', 'insured-1');
    expect((await put(id, 'owner', { ...olga, ...olgasId })).status).toBe(200);
    // What the browser sends after the switch: the insured's ID copied, the declarations answered again.
    const res = await put(id, 'owner', data.owner);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      owner_type: 'insured_1',
      primary_id_number: 'T6512-81041-70417',
      is_physically_present: true,
      is_intermediary: false,
      has_third_party_funds: false,
    });
    expect(await stored(id, 'owner')).toEqual(res.body);
    expect(JSON.stringify(res.body)).not.toContain('Olga');
  });

  it("a PATCH of the owner type alone carries none of the insured's answers over to the new owner", async () => {
    const { id, data } = await clientWith('owner', 'insured-1');
    expect((await put(id, 'owner', data.owner)).status).toBe(200);
    const { primary_id_type: _t, ...insuredOwner } = data.owner as JsonObject;
    void _t;
    // Olga's answers without an ID: the insured's is not taken for hers, so the ID is asked for.
    const withoutId = Object.fromEntries(Object.entries(olga).filter(([field]) => !field.startsWith('primary_id')));
    const refused = await patch(id, 'owner', withoutId);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['primary_id_type', 'primary_id_number', 'primary_id_expiry']),
    );
    expect(await stored(id, 'owner')).toMatchObject({ ...insuredOwner, owner_type: 'insured_1' });
    const saved = await patch(id, 'owner', { ...withoutId, ...olgasId });
    expect(saved.status, saved.text).toBe(200);
    expect(await stored(id, 'owner')).toMatchObject({ first_name: 'Olga', primary_id_number: 'S7788-99001-12345' });
  });

  it('shares typed after a beneficiary was added are saved as typed, not split evenly again', async () => {
    const { id, data } = await clientWith('beneficiary', 'split-with-contingent');
    const two = structuredClone(data.beneficiary) as { insured_1: { primary_beneficiaries: JsonObject[] } };
    const one = structuredClone(two);
    one.insured_1.primary_beneficiaries = [{ ...one.insured_1.primary_beneficiaries[0], share_percentage: 100 }];
    expect((await put(id, 'beneficiary', one)).status).toBe(200);
    two.insured_1.primary_beneficiaries[0].share_percentage = 70;
    two.insured_1.primary_beneficiaries[1].share_percentage = 30;
    const res = await put(id, 'beneficiary', two);
    expect(res.status, res.text).toBe(200);
    const shares = (await stored(id, 'beneficiary')).insured_1 as { primary_beneficiaries: JsonObject[] };
    expect(shares.primary_beneficiaries.map((b) => b.share_percentage)).toEqual([70, 30]);
  });
});
