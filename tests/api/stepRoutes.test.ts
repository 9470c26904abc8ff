import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationData, JsonObject } from '../../api/types.ts';
import { createClient, databases, signUp, startServer, type Loose, type TestServer } from '../support/apiServer.ts';
import { engine, example } from '../support/engine.ts';
import { definitionText, ruleMessage } from '../support/definitionText.ts';
import { specText } from '../support/specText.ts';

describe.each(databases)("the spec's per-step calls (%s)", (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(kind);
    token = (await signUp(server)).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = (method: string, path: string, body?: unknown) => server.call(method, path, { token, body });
  const stored = async (id: number): Promise<Loose> => (await call('GET', `/api/screening/${id}/`)).body;

  /**
   * A client whose other steps hold the example's records; `data` is the application as the server sees it then
   * (insured 1 read from the client record).
   */
  async function clientWith(
    stepId: string,
    name: string,
  ): Promise<{ id: number; data: ApplicationData; record: Loose }> {
    const id = await createClient(server, token);
    const data = example(stepId, name);
    delete data.$context;
    for (const [other, record] of Object.entries(data))
      if (other !== stepId && record) await server.seedRecord(id, other, record);
    const seen = await stored(id);
    delete seen[stepId];
    return { id, data: seen, record: structuredClone(data[stepId]) };
  }

  /** What the generic save would store for this record. */
  const evaluated = (id: number, data: ApplicationData, stepId: string, record: JsonObject) =>
    JSON.parse(
      JSON.stringify(
        engine.evaluateStep(stepId, { ...data, [stepId]: record, $context: { clientId: String(id) } }).values,
      ),
    );

  it('basic: 404 before it exists, created by POST with defaults, then merged', async () => {
    const id = await createClient(server, token);
    expect((await call('GET', `/insurance/screening/basic/?client_id=${id}`)).status).toBe(404);
    expect((await call('GET', '/insurance/screening/basic/')).body.error).toBe(
      specText('owner.calls./insurance/screening/owner/.clientId.message'),
    );
    const created = await call('POST', '/insurance/screening/basic/', {
      client_id: id,
      number_of_insureds: 1,
      proposed_insured_1: id,
      proposed_insured_2: null,
      application_type: 'NEW',
      product_type: 't10',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const answers = {
      client_id: id,
      speaks_english_french: true,
      preferred_language: 'french',
      is_canadian_tax_resident: true,
      application_type: 'NEW',
    };
    const merged = await call('POST', '/api/insurance/screening/basic/', answers);
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({
      ...answers,
      number_of_insureds: 1,
      proposed_insured_1: id,
      product_type: 't10',
    });
    const got = await call('GET', `/insurance/screening/basic?client_id=${id}`);
    expect(got.body).toEqual(merged.body);
    const refused = await call('POST', '/insurance/screening/basic/', {
      client_id: id,
      application_type: 'ADDITIONAL',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(ruleMessage('basic', 'existing_policy_number'));
    expect((await call('GET', `/insurance/screening/basic/?client_id=${id}`)).body).toEqual(merged.body);
  });

  it('owner: list, create, read back physical_location, patch by id', async () => {
    const { id, data, record } = await clientWith('owner', 'individual-second-owner');
    expect((await call('GET', `/insurance/screening/owner/${id}/`)).body).toEqual([]);
    expect((await call('PATCH', `/insurance/screening/${id}/owner/`, { city: 'Laval' })).status).toBe(404);
    expect(record.physical_residence).toBeTruthy();

    const saved = await call('POST', '/insurance/screening/owner/', { ...record, client_id: id });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.id).toBe(id);
    expect(saved.body.physical_location).toBe(record.physical_residence);
    expect(saved.body).not.toHaveProperty('physical_residence');
    expect(saved.body.individual_2_physical_location).toBe(record.individual_2_physical_residence);
    expect((await stored(id)).owner).toEqual(evaluated(id, data, 'owner', { ...record, id, client_id: id }));

    const list = await call('GET', `/insurance/screening/owner/${id}`);
    expect(list.body).toEqual([saved.body]);

    const patched = await call('PATCH', `/insurance/screening/${id}/owner/`, {
      city: 'Laval',
      physical_location: 'Somewhere else 12',
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({
      city: 'Laval',
      physical_location: 'Somewhere else 12',
      first_name: record.first_name,
    });
    expect((await stored(id)).owner.physical_residence).toBe('Somewhere else 12');

    const bad = await call('PATCH', `/insurance/screening/${id}/owner/`, { postal_code: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(definitionText('owner/schema.json', '/properties/postal_code/errorMessage/pattern'));
    expect((await call('GET', `/insurance/screening/owner/${id}/`)).body).toEqual([patched.body]);
  });

  it('multi-owner: save_multi_owner and multi_owner/{clientId}/ as {success, data}', async () => {
    const { id, data, record } = await clientWith('multi-owner', 'joint-successors');
    expect((await call('GET', `/insurance/screening/multi_owner/${id}/`)).status).toBe(404);
    const saved = await call('POST', '/insurance/screening/save_multi_owner/', { ...record, client_id: id });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const got = await call('GET', `/insurance/screening/multi_owner/${id}/`);
    expect(got.body).toEqual({ success: true, data: saved.body });
    expect((await stored(id))['multi-owner']).toEqual(evaluated(id, data, 'multi-owner', { ...record, client_id: id }));
  });

  it('tax information: save-tax-information/{clientId}/ and tax-information/{clientId}/', async () => {
    const { id, data, record } = await clientWith('tax-information', 'two-owners-fatca');
    const saved = await call('POST', `/insurance/screening/save-tax-information/${id}/`, { ...record, client_id: id });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await call('GET', `/insurance/screening/tax-information/${id}/`)).body).toEqual(saved.body);
    expect((await stored(id))['tax-information']).toEqual(evaluated(id, data, 'tax-information', record));
    const long = await call('POST', `/insurance/screening/save-tax-information/${id}/`, {
      ...record,
      owner1_sin_part1: '1234',
    });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe(specText('tax-information.owner1_sin_part1.errorMessage.maxLength'));
  });

  it('plan details: {client_id, product_type, plan_details} with a derived product_type', async () => {
    const { id, data, record } = await clientWith('plan-details', 'joint-whole-life');
    expect((await call('GET', `/insurance/screening/get_plan_details/?client_id=${id}`)).status).toBe(404);
    const { product_type: _ignored, ...plan } = record;
    const saved = await call('POST', '/insurance/screening/save_plan_details/', {
      client_id: id,
      product_type: 'term_life',
      plan_details: plan,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const expected = evaluated(id, data, 'plan-details', { ...plan, product_type: 'term_life' });
    expect(saved.body.product_type).toBe(expected.product_type);
    expect(saved.body.success).toBe(true);
    const got = await call('GET', `/insurance/screening/get_plan_details?client_id=${id}`);
    expect(got.body).toEqual({
      client_id: id,
      product_type: expected.product_type,
      plan_details: saved.body.plan_details,
    });
    expect((await stored(id))['plan-details']).toEqual(expected);
    const bad = await call('POST', '/insurance/screening/save_plan_details/', {
      client_id: id,
      plan_details: { ...plan, illustration_status: null },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toEqual({
      field: 'plan_details.illustration_status',
      message: ruleMessage('plan-details', 'illustration_status'),
    });
  });

  it('beneficiaries: save_beneficiaries and get_beneficiaries', async () => {
    const { id, data, record } = await clientWith('beneficiary', 'two-insureds');
    const missing = await call('POST', '/insurance/screening/save_beneficiaries/', { ...record });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(
      specText('beneficiary.calls./insurance/screening/get_beneficiaries/.clientId.message'),
    );
    const saved = await call('POST', '/insurance/screening/save_beneficiaries/', {
      ...record,
      client_id: id,
      screening_id: id,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ client_id: id, has_insured_2: true });
    expect((await call('GET', `/insurance/screening/get_beneficiaries/?client_id=${id}`)).body).toEqual(saved.body);
    expect((await stored(id)).beneficiary).toEqual(evaluated(id, data, 'beneficiary', record));

    const one = await clientWith('beneficiary', 'one-beneficiary');
    const { has_insured_2: _h, ...withoutFlag } = one.record;
    const single = await call('POST', '/insurance/screening/save_beneficiaries/', {
      ...withoutFlag,
      insured_2: null,
      client_id: one.id,
    });
    expect(single.status, JSON.stringify(single.body)).toBe(200);
    expect(single.body).toMatchObject({ has_insured_2: false, insured_2: null });
  });

  it('purpose: source_of_payment is comma-joined on save and a list on return', async () => {
    const { id, data, record } = await clientWith('purpose-of-insurance', 'other-purpose-and-source');
    expect(record.source_of_payment.length).toBeGreaterThan(1);
    const saved = await call('POST', '/insurance/screening/purpose-of-insurance/', {
      ...record,
      source_of_payment: record.source_of_payment.join(','),
      client_id: id,
      screening_id: id,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.source_of_payment).toEqual(record.source_of_payment);
    expect((await call('GET', `/insurance/screening/purpose-of-insurance/${id}/`)).body).toEqual(saved.body);
    expect((await call('GET', `/insurance/screening/purpose-of-insurance/${id}`)).status).toBe(200);
    expect((await stored(id))['purpose-of-insurance']).toEqual(evaluated(id, data, 'purpose-of-insurance', record));
    const none = await call('POST', '/insurance/screening/purpose-of-insurance/', {
      ...record,
      source_of_payment: '',
      client_id: id,
    });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe(ruleMessage('purpose-of-insurance', 'source_of_payment'));
  });

  it('financial: the envelope with {client_id, financial_data} per insured', async () => {
    const { id, data, record } = await clientWith('financial', 'corporate-owner');
    const envelope = {
      client_id: id,
      screening_id: id,
      ownership_type: 'corporation',
      insured_1: { client_id: id, financial_data: record.insured_1 },
      insured_2: null,
      owner_financial_data: record.owner_financial_data,
      corporate_data: record.corporate_data,
    };
    const saved = await call('POST', `/insurance/screening/save_financial/?client_id=${id}`, envelope);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({
      ...envelope,
      insured_1: { client_id: id, financial_data: saved.body.insured_1.financial_data },
    });
    expect((await call('GET', `/insurance/screening/get_financial/?client_id=${id}`)).body).toEqual(saved.body);
    expect((await stored(id)).financial).toEqual(evaluated(id, data, 'financial', { ...record, has_insured_2: false }));
    const bad = await call('POST', `/insurance/screening/save_financial/?client_id=${id}`, {
      ...envelope,
      insured_1: { client_id: id, financial_data: { ...record.insured_1, total_assets: null } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({
      field: 'insured_1.financial_data.total_assets',
      message: specText('financial.groups.insured_1.validation.total_assets.required.message'),
    });
  });

  it('insurance history: save_insurance_history and get_insurance_history', async () => {
    const { id, data, record } = await clientWith('insurance-history', 'two-insureds');
    const envelope = {
      client_id: id,
      screening_id: id,
      insured_1: { client_id: id, insurance_history_data: record.insured_1 },
      insured_2: { client_id: null, insurance_history_data: record.insured_2 },
    };
    const saved = await call('POST', '/insurance/screening/save_insurance_history/', envelope);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.insured_2.insurance_history_data).toEqual(
      evaluated(id, data, 'insurance-history', record).insured_2,
    );
    expect((await call('GET', `/insurance/screening/get_insurance_history/?client_id=${id}`)).body).toEqual(saved.body);
    expect((await stored(id))['insurance-history']).toEqual(
      evaluated(id, data, 'insurance-history', { ...record, has_insured_2: true }),
    );
  });

  it('lifestyle: save_lifestyle and get_lifestyle', async () => {
    const { id, data, record } = await clientWith('lifestyle', 'smoker-with-dui');
    const saved = await call('POST', '/insurance/screening/save_lifestyle/', {
      client_id: id,
      lifestyle_data_1: record.lifestyle_data_1,
      lifestyle_data_2: null,
      insured_2_client_id: null,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      client_id: id,
      insured_2_client_id: null,
      screening_id: id,
      lifestyle_data_2: null,
    });
    expect((await call('GET', `/insurance/screening/get_lifestyle?client_id=${id}`)).body).toEqual(saved.body);
    expect((await stored(id)).lifestyle).toEqual(
      evaluated(id, data, 'lifestyle', { lifestyle_data_1: record.lifestyle_data_1, has_insured_2: false }),
    );
  });

  it("lifestyle: a second insured's answers are refused when the application has one insured, and nothing is stored", async () => {
    const { id, record } = await clientWith('lifestyle', 'smoker-with-dui');
    const refused = await call('POST', '/insurance/screening/save_lifestyle/', {
      client_id: id,
      lifestyle_data_1: record.lifestyle_data_1,
      lifestyle_data_2: record.lifestyle_data_1,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: specText('lifestyle.calls./insurance/screening/save_lifestyle/.checks.lifestyle_data_2.message'),
      errors: [
        {
          field: 'lifestyle_data_2',
          message: specText('lifestyle.calls./insurance/screening/save_lifestyle/.checks.lifestyle_data_2.message'),
        },
      ],
    });
    expect((await stored(id)).lifestyle).toBeUndefined();
  });

  it("legacy saves fill the spec's record defaults that the caller left out, and only those", async () => {
    const { id, record } = await clientWith('tax-information', 'two-owners-fatca');
    const {
      owner2_fatca_status: _f,
      owner2_crs_status: _c,
      owner2_tin: _t,
      owner2_crs_country: _k,
      ...withoutOwner2Answers
    } = record;
    const saved = await call('POST', `/insurance/screening/save-tax-information/${id}/`, {
      ...withoutOwner2Answers,
      client_id: id,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await stored(id))['tax-information']).toMatchObject({
      owner2_fatca_status: 'no',
      owner2_crs_status: 'no',
      owner1_fatca_status: record.owner1_fatca_status,
    });

    // A per-insured default is filled inside the insured the caller sent, and never invents a second insured.
    const life = await clientWith('lifestyle', 'smoker-with-dui');
    const { tobacco_last_5_years: given, drinks_alcohol: _d, ...partial } = life.record.lifestyle_data_1 as JsonObject;
    const ok = await call('POST', '/insurance/screening/save_lifestyle/', {
      client_id: life.id,
      lifestyle_data_1: { ...partial, tobacco_last_5_years: given },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const kept = (await stored(life.id)).lifestyle;
    expect(kept.lifestyle_data_1.drinks_alcohol).toBe(false);
    expect(kept.lifestyle_data_1.tobacco_last_5_years).toBe(given);
    expect(kept.lifestyle_data_2).toBeUndefined();

    // The wizard's own save fills nothing: an unanswered declaration is refused.
    const generic = await call('PUT', `/api/screening/${life.id}/lifestyle/`, { lifestyle_data_1: partial });
    expect(generic.status).toBe(400);
    expect(generic.body.errors).toContainEqual({
      field: 'lifestyle_data_1.drinks_alcohol',
      message: 'Please answer whether Proposed Insured 1 drinks alcohol',
    });
  });

  it('medical: save_medical and get_medical', async () => {
    const { id, data, record } = await clientWith('medical', 'two-insureds');
    const envelope = {
      client_id: id,
      screening_id: id,
      number_of_insureds: 2,
      proposed_insured_1_id: id,
      proposed_insured_2_id: null,
      insured_1: record.insured_1,
      insured_2: record.insured_2,
    };
    const saved = await call('POST', '/insurance/screening/save_medical/', envelope);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ number_of_insureds: 2, proposed_insured_1_id: id });
    expect((await call('GET', `/insurance/screening/get_medical/?client_id=${id}`)).body).toEqual(saved.body);
    expect((await stored(id)).medical).toEqual(
      evaluated(id, data, 'medical', { insured_1: record.insured_1, insured_2: record.insured_2, has_insured_2: true }),
    );
  });
});
