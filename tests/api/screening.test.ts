import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationData, JsonObject } from '../../api/types.ts';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { definitions, engine, example } from '../support/engine.ts';
import { definitionText, ruleMessage } from '../support/definitionText.ts';

/** Every (step, example) pair of steps/. */
const examples = definitions.order.flatMap((stepId) =>
  Object.keys(definitions.steps[stepId].examples).map((name) => [stepId, name] as const),
);

describe.each(databases)('the generic screening calls (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(kind);
    token = (await signUp(server)).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A client whose other steps hold the example's records; returns its id and the example's data. */
  async function clientWith(stepId: string, name: string): Promise<{ id: number; data: ApplicationData }> {
    const id = await createClient(server, token);
    const data = example(stepId, name);
    delete data.$context;
    for (const [other, record] of Object.entries(data)) {
      if (other !== stepId && record) await server.seedRecord(id, other, record);
    }
    return { id, data };
  }

  it('answers the whole application data of a client: nothing answered at first, insured 1 read from the client record', async () => {
    const id = await createClient(server, token, {
      first_name: 'Marie',
      last_name: 'Gagnon',
      gender_sex_at_birth: 'female',
      marital_status: 'married',
      city: 'Montréal',
    });
    const res = await server.call('GET', `/api/screening/${id}/`, { token });
    expect(res.status).toBe(200);
    expect(res.body.$context).toMatchObject({ clientId: String(id), previousInsureds: [] });
    expect(Object.keys(res.body).filter((k) => !k.startsWith('$'))).toEqual(['proposed-insured']);
    expect(res.body['proposed-insured']).toEqual({
      insured_1: expect.objectContaining({
        first_name: 'Marie',
        last_name: 'Gagnon',
        gender_sex_at_birth: 'female',
        marital_status: 'married',
        city: 'Montréal',
      }),
    });
    expect(res.body['proposed-insured'].number_of_insureds).toBeUndefined();
    expect((await server.call('GET', `/screening/${id}`, { token })).status).toBe(200);
  });

  it.each(examples)(
    'saves %s example "%s" as the engine evaluates it, touching no other step but its links',
    async (stepId, name) => {
      const { id, data } = await clientWith(stepId, name);
      const before = (await server.call('GET', `/api/screening/${id}/`, { token })).body;
      const res = await server.call('PUT', `/api/screening/${id}/${stepId}/`, { token, body: data[stepId] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // The engine sees insured 1 as the client record holds it (proposed-insured's records binding).
      const expected = engine.evaluateStep(
        stepId,
        { ...before, [stepId]: data[stepId], $context: before.$context },
        { previous: before[stepId] },
      ).values;
      expect(res.body).toEqual(JSON.parse(JSON.stringify(expected)));
      const after = (await server.call('GET', `/api/screening/${id}/`, { token })).body;
      const links =
        stepId === 'proposed-insured'
          ? {
              basic: {
                ...before.basic,
                number_of_insureds: res.body.number_of_insureds,
                proposed_insured_1: id,
                proposed_insured_2: res.body.number_of_insureds === 2 ? after.basic.proposed_insured_2 : null,
              },
            }
          : stepId === 'plan-details'
            ? // The plans' product code is the basic record's product type (issue 31: t20 for a Term 20 plan).
              { basic: { ...before.basic, product_type: res.body.product_code } }
            : {};
      expect(after).toEqual({
        ...before,
        ...links,
        [stepId]: res.body,
        $context: after.$context,
        $versions: after.$versions,
      });
    },
  );

  it('names the answered steps not in good order as saved ($incomplete), and drops one once it is saved complete', async () => {
    const { id, data } = await clientWith('owner', 'individual');
    const owner = data.owner as JsonObject;
    // Stored without its names (an older save): the owner step has answers, but something required is missing.
    await server.seedRecord(id, 'owner', { ...owner, first_name: null, last_name: null });
    const before = (await server.call('GET', `/api/screening/${id}/?incomplete=true`, { token })).body;
    expect(before.$incomplete).toContain('owner');
    // Only answered steps: one with no record is missing, not judged.
    expect(before.$incomplete.filter((step: string) => before[step] === undefined)).toEqual([]);
    expect((await server.call('PUT', `/api/screening/${id}/owner/`, { token, body: owner })).status).toBe(200);
    const after = (await server.call('GET', `/api/screening/${id}/?incomplete=true`, { token })).body;
    expect(after.$incomplete).not.toContain('owner');
    // Not asked, not evaluated.
    expect((await server.call('GET', `/api/screening/${id}/`, { token })).body.$incomplete).toBeUndefined();
  });

  it("refuses a bad postal code with the spec's message, and keeps what was stored", async () => {
    const { id, data } = await clientWith('owner', 'individual');
    const owner = data.owner as JsonObject;
    expect((await server.call('PUT', `/api/screening/${id}/owner/`, { token, body: owner })).status).toBe(200);
    const stored = (await server.call('GET', `/api/screening/${id}/`, { token })).body;
    const res = await server.call('PUT', `/api/screening/${id}/owner/`, {
      token,
      body: { ...owner, postal_code: '12345', first_name: 'Changed' },
    });
    expect(res.status).toBe(400);
    const message = definitionText('owner/schema.json', '/properties/postal_code/errorMessage/pattern');
    expect(res.body.error).toBe(message);
    expect(res.body.errors).toContainEqual({ field: 'postal_code', message });
    expect((await server.call('GET', `/api/screening/${id}/`, { token })).body).toEqual(stored);
  });

  it('refuses beneficiary shares that do not total 100', async () => {
    const { id, data } = await clientWith('beneficiary', 'one-beneficiary');
    const record = structuredClone(data.beneficiary) as { insured_1: { primary_beneficiaries: JsonObject[] } };
    record.insured_1.primary_beneficiaries[0].share_percentage = 90;
    const res = await server.call('PUT', `/api/screening/${id}/beneficiary/`, { token, body: record });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { message: string }) => e.message)).toContain(
      'Primary beneficiary shares for Insured 1 must total 100% (currently 90%)',
    );
    expect((await server.call('GET', `/api/screening/${id}/`, { token })).body.beneficiary).toBeUndefined();
  });

  it('refuses plan details without an illustration status', async () => {
    const { id, data } = await clientWith('plan-details', 'single-life-term');
    const res = await server.call('PUT', `/api/screening/${id}/plan-details/`, {
      token,
      body: { ...data['plan-details'], illustration_status: null },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ruleMessage('plan-details', 'illustration_status'));
    expect(res.body.errors[0]).toEqual({
      field: 'illustration_status',
      message: ruleMessage('plan-details', 'illustration_status'),
    });
  });

  it('refuses wrong types, unknown enum values, unknown fields and malformed dates', async () => {
    const { id, data } = await clientWith('owner', 'individual');
    const owner = data.owner as JsonObject;
    for (const change of [
      { years_at_address: 'ten' },
      { sex: 'X' },
      { not_a_field: 1 },
      { date_of_birth: '1990-02-31' },
      { mobile_phone: '12' },
      { middle_initial: 'AB' },
    ]) {
      const res = await server.call('PUT', `/api/screening/${id}/owner/`, { token, body: { ...owner, ...change } });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.errors.length).toBeGreaterThan(0);
      expect(res.body.error).toBe(res.body.errors[0].message);
    }
    expect((await server.call('GET', `/api/screening/${id}/`, { token })).body.owner).toBeUndefined();
  });

  it('drops hidden answers and recomputes computed values instead of trusting them', async () => {
    const tax = await clientWith('tax-information', 'one-owner');
    const res = await server.call('PUT', `/api/screening/${tax.id}/tax-information/`, {
      token,
      body: { ...tax.data['tax-information'], owner1_fatca_status: 'no', owner1_tin: '123-45-6789' },
    });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('owner1_tin');

    const fin = await clientWith('financial', 'employed-insured');
    const record = structuredClone(fin.data.financial) as { insured_1: JsonObject };
    record.insured_1.net_worth = 1;
    const saved = await server.call('PUT', `/api/screening/${fin.id}/financial/`, { token, body: record });
    expect(saved.status).toBe(200);
    expect(saved.body.insured_1.net_worth).toBe(
      Math.round(((record.insured_1.total_assets as number) - (record.insured_1.total_liabilities as number)) * 100) /
        100,
    );
  });

  it('keeps each proposed insured as a client record: insured 1 is the client, insured 2 a new client of the adviser', async () => {
    const { id, data } = await clientWith('proposed-insured', 'two-insureds');
    const record = data['proposed-insured'] as { insured_1: JsonObject; insured_2: JsonObject };
    const res = await server.call('PUT', `/api/screening/${id}/proposed-insured/`, { token, body: record });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const all = (await server.call('GET', `/api/screening/${id}/`, { token })).body;
    expect(all.basic).toMatchObject({ number_of_insureds: 2, proposed_insured_1: id });
    const second = all.basic.proposed_insured_2 as number;
    expect(typeof second).toBe('number');
    expect(second).not.toBe(id);
    // Insured 1's answers are the client record's now, and insured 2 is a client like any other, with the spec's flags.
    const client = (await server.call('GET', `/api/clients/${id}/`, { token })).body;
    expect(client).toMatchObject({
      first_name: record.insured_1.first_name,
      postal_code: record.insured_1.postal_code,
      relationship_to_owner: 'self',
    });
    const other = (await server.call('GET', `/api/clients/${second}/`, { token })).body;
    expect(other).toMatchObject({
      first_name: record.insured_2.first_name,
      is_second_insured: true,
      is_client_insured: false,
      original_client_id: String(id),
    });
    // The step record itself keeps no copy: a later profile edit shows in the step.
    expect(
      (await server.call('PATCH', `/api/clients/${second}/`, { token, body: { city: 'Lethbridge' } })).status,
    ).toBe(200);
    expect((await server.call('GET', `/api/screening/${id}/`, { token })).body['proposed-insured'].insured_2.city).toBe(
      'Lethbridge',
    );
    // Back to one insured: the link to insured 2 goes, the client stays.
    const one = await server.call('PUT', `/api/screening/${id}/proposed-insured/`, {
      token,
      body: { ...res.body, number_of_insureds: 1 },
    });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect((await server.call('GET', `/api/screening/${id}/`, { token })).body.basic.proposed_insured_2).toBeNull();
    expect((await server.call('GET', `/api/clients/${second}/`, { token })).status).toBe(200);
  });

  it("offers the adviser's past second insureds, and copies the one picked into insured 2 around what was sent", async () => {
    const first = await clientWith('proposed-insured', 'two-insureds');
    const made = await server.call('PUT', `/api/screening/${first.id}/proposed-insured/`, {
      token,
      body: first.data['proposed-insured'],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const pastSecond = (await server.call('GET', `/api/screening/${first.id}/`, { token })).body.basic
      .proposed_insured_2 as number;
    expect(
      (
        await server.call('PATCH', `/api/clients/${pastSecond}/`, {
          token,
          body: { postal_code: 'T2P 1J9', city: 'Calgary' },
        })
      ).status,
    ).toBe(200);
    const past = (await server.call('GET', `/api/clients/${pastSecond}/`, { token })).body;

    const { id, data } = await clientWith('proposed-insured', 'two-insureds');
    const list = await server.call('GET', `/api/clients/${id}/get_previous_proposed_insureds/`, { token });
    expect(list.status).toBe(200);
    expect(list.body.map((c: JsonObject) => c.id)).toContain(pastSecond);
    expect(list.body.map((c: JsonObject) => c.id)).not.toContain(first.id);
    // The pick with one answer of the caller's own: the effect fills around what was sent, never over it.
    const record = structuredClone(data['proposed-insured']) as { insured_2: JsonObject };
    record.insured_2 = { previous_insured_id: pastSecond, city: 'Red Deer' };
    const res = await server.call('PUT', `/api/screening/${id}/proposed-insured/`, { token, body: record });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.insured_2).toMatchObject({ postal_code: 'T2P 1J9', city: 'Red Deer', last_name: past.last_name });
    // A copy, not a link (issue 31): this application's insured 2 is a client of its own, and the past insured's
    // record, which the other application reads, is as it was, with no trace of the pick.
    const linked = (await server.call('GET', `/api/screening/${id}/`, { token })).body.basic.proposed_insured_2;
    expect(typeof linked).toBe('number');
    expect(linked).not.toBe(pastSecond);
    const after = (await server.call('GET', `/api/clients/${pastSecond}/`, { token })).body;
    expect(after).toEqual(past);
    expect(after).not.toHaveProperty('previous_insured_id');
    expect((await server.call('GET', `/api/clients/${linked}/`, { token })).body).toMatchObject({
      city: 'Red Deer',
      original_client_id: String(id),
      is_second_insured: true,
    });
  });

  it('writes the previous record only on success: a failed save after a good one keeps the good one', async () => {
    const { id, data } = await clientWith('purpose-of-insurance', 'income-replacement');
    const good = await server.call('PUT', `/api/screening/${id}/purpose-of-insurance/`, {
      token,
      body: data['purpose-of-insurance'],
    });
    expect(good.status).toBe(200);
    const bad = await server.call('PUT', `/api/screening/${id}/purpose-of-insurance/`, {
      token,
      body: { ...data['purpose-of-insurance'], purpose_of_insurance: 'gambling' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(ruleMessage('purpose-of-insurance', 'purpose_of_insurance'));
    expect((await server.call('GET', `/api/screening/${id}/`, { token })).body['purpose-of-insurance']).toEqual(
      good.body,
    );
  });
  it('saves one page with PATCH: merges the fields given and checks only that page', async () => {
    const id = await createClient(server, token);
    const language = await server.call('PATCH', `/api/screening/${id}/basic/`, {
      token,
      body: { speaks_english_french: true, preferred_language: 'french' },
    });
    expect(language.status, JSON.stringify(language.body)).toBe(200);
    expect(language.body).toMatchObject({ speaks_english_french: true, preferred_language: 'french' });
    const residency = await server.call('PATCH', `/api/screening/${id}/basic/`, {
      token,
      body: { is_canadian_tax_resident: false },
    });
    expect(residency.status).toBe(400);
    expect(residency.body.error).toBe(ruleMessage('basic', 'is_canadian_tax_resident', 'other'));
    const type = await server.call('PATCH', `/screening/${id}/basic`, { token, body: { application_type: 'LINKED' } });
    expect(type.body.errors).toEqual([
      { field: 'existing_policy_number', message: ruleMessage('basic', 'existing_policy_number') },
    ]);
    const ok = await server.call('PATCH', `/api/screening/${id}/basic/`, {
      token,
      body: { is_canadian_tax_resident: true, application_type: 'LINKED', existing_policy_number: 'L-77' },
    });
    expect(ok.status).toBe(200);
    expect((await server.call('GET', `/api/screening/${id}/`, { token })).body.basic).toEqual(ok.body);
    expect(ok.body).toMatchObject({
      speaks_english_french: true,
      preferred_language: 'french',
      existing_policy_number: 'L-77',
    });
  });

  // Issue 31: the browser applies effects as the adviser changes the record (an owner type switch empties the
  // previous owner's answers, a new beneficiary splits the shares); the server fires them again against the record it
  // stored, filling only what the caller left out, never over what was sent.
  describe('answers stand over effects', () => {
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
});
