import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationData, JsonObject } from '../../engine/index.ts';
import { TEXT_MESSAGES } from '../../engine/index.ts';
import { definitions, example } from '../support/engine.ts';
import { definitionText } from '../support/definitionText.ts';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';

type Loose = Record<string, any>;

/** A message the definitions give a field (schema.json errorMessage), so the tests follow a reworded one. */
const schemaMessage = (file: string, pointer: string): string => definitionText(file, pointer);

describe.each(databases)('bounded and plausible input (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(kind);
    token = (await signUp(server)).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A client with the records an example needs besides its own step, seeded as stored. */
  async function clientWith(data: ApplicationData, except: string): Promise<number> {
    const clientId = await createClient(server, token);
    for (const [stepId, record] of Object.entries(data))
      if (stepId !== except && !stepId.startsWith('$') && record)
        await server.seedRecord(clientId, stepId, record as JsonObject);
    return clientId;
  }
  const put = (clientId: number, stepId: string, body: unknown) =>
    server.call('PUT', `/api/screening/${clientId}/${stepId}/`, { token, body });
  const progress = (clientId: number, stepData: unknown) =>
    server.call('POST', '/api/insurance/screening-progress/update_progress/', {
      token,
      body: { client_id: clientId, currentStep: 'owner', stepData },
    });

  describe('lists and amounts are bounded', () => {
    it('refuses more plans than the definitions allow, 8,000 of them too', async () => {
      const data = example('plan-details', 'single-life-term');
      const clientId = await clientWith(data, 'plan-details');
      const record = data['plan-details'] as Loose;
      const plan = record.single_life_options[0];
      const max = (definitions.steps['plan-details'].schema.properties as Loose).single_life_options.maxItems as number;
      const message = schemaMessage(
        'plan-details/schema.json',
        '/properties/single_life_options/errorMessage/maxItems',
      );
      for (const count of [max + 1, 8_000]) {
        const res = await put(clientId, 'plan-details', { ...record, single_life_options: Array(count).fill(plan) });
        expect(res.status, `${count} plans`).toBe(400);
        expect(res.body.errors).toContainEqual({ field: 'single_life_options', message });
      }
      const ok = await put(clientId, 'plan-details', { ...record, single_life_options: Array(2).fill(plan) });
      expect(ok.status, ok.text).toBe(200);
    });

    it('refuses more shareholders than the definitions allow', async () => {
      const data = example('owner', 'entity');
      const clientId = await clientWith(data, 'owner');
      const record = data.owner as Loose;
      const shareholders = Array.from({ length: 11 }, (_, i) => ({
        name: `Holding ${String.fromCharCode(65 + i)} Inc.`,
        ownership_percentage: 5,
      }));
      const res = await put(clientId, 'owner', { ...record, shareholders });
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({
        field: 'shareholders',
        message: schemaMessage('owner/schema.json', '/properties/shareholders/errorMessage/maxItems'),
      });
    });

    it('refuses a negative amount where it means nothing, and keeps a loss as a loss', async () => {
      const data = example('financial', 'employed-insured');
      const clientId = await clientWith(data, 'financial');
      const record = structuredClone(data.financial) as Loose;
      record.insured_1.total_assets = -850_000;
      const res = await put(clientId, 'financial', record);
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({
        field: 'insured_1.total_assets',
        message: schemaMessage('financial/schema.json', '/definitions/money/errorMessage/minimum'),
      });
    });
  });

  describe('Save Progress takes drafts of the steps, nothing else', () => {
    it('refuses unknown steps and fields, junk and an oversized body; keeps a draft with mistakes', async () => {
      const clientId = await createClient(server, token);
      const junk = { blob: 'x'.repeat(900 * 1024) };
      const big = await progress(clientId, junk);
      expect(big.status).toBe(400);
      expect(big.body.error).toMatch(/too large/);

      const unknownStep = await progress(clientId, { notes: { a: 1 } });
      expect(unknownStep.status).toBe(400);
      expect(unknownStep.body.errors).toEqual([{ field: 'stepData.notes', message: 'Unknown step' }]);

      const unknownField = await progress(clientId, { page: 'individual', owner: { owner_type: 'individual', x: 1 } });
      expect(unknownField.status).toBe(400);
      expect(unknownField.body.errors.map((e: Loose) => e.field)).toEqual(['stepData.owner.x']);

      const tooLong = await progress(clientId, { owner: { first_name: 'A'.repeat(51) } });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.errors[0].field).toBe('stepData.owner.first_name');

      const tooMany = await progress(clientId, { owner: { shareholders: Array(11).fill({ name: 'A' }) } });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.errors[0].field).toBe('stepData.owner.shareholders');

      // A draft keeps what the adviser typed, mistakes included: rules and patterns wait for the save.
      const draft = { page: 'individual', owner: { owner_type: 'individual', postal_code: 'Z9Z', first_name: 'Ann' } };
      const saved = await progress(clientId, draft);
      expect(saved.status, saved.text).toBe(200);
      const got = await server.call('GET', `/api/insurance/screening-progress/get_progress/${clientId}/`, { token });
      expect(got.body.stepData).toEqual(draft);
    });
  });

  describe('text that is not text', () => {
    it('refuses NUL, control characters and lone surrogates in any answer, naming the field', async () => {
      const data = example('owner', 'individual');
      const clientId = await clientWith(data, 'owner');
      const record = data.owner as Loose;
      for (const bad of ['Ann\u0000', 'Ann\u001b', 'Ann\u0085']) {
        const res = await put(clientId, 'owner', { ...record, first_name: bad });
        expect(res.status, JSON.stringify(bad)).toBe(400);
        expect(res.body.errors).toEqual([{ field: 'first_name', message: TEXT_MESSAGES.notText }]);
      }
      const lone = await server.call('PUT', `/api/screening/${clientId}/owner/`, {
        token,
        raw: JSON.stringify({ ...record, city: 'X' }).replace('"city":"X"', '"city":"X\\udc00"'),
        headers: { 'content-type': 'application/json' },
      });
      expect(lone.status).toBe(400);
      expect(lone.body.errors).toEqual([{ field: 'city', message: TEXT_MESSAGES.notText }]);
      const created = await server.call('POST', '/api/clients/', {
        token,
        body: { first_name: 'Jo\u0000', last_name: 'Doe', phone_primary: '416-555-0123' },
      });
      expect(created.status).toBe(400);
      expect(created.body.errors).toEqual([{ field: 'first_name', message: TEXT_MESSAGES.notText }]);
      // The query string too: a client search reaches the database.
      const search = await server.call('GET', '/api/clients/?search=a%00b', { token });
      expect(search.status).toBe(400);
      expect(search.body.errors).toEqual([{ field: 'search', message: TEXT_MESSAGES.notText }]);
    });

    it('takes line breaks in a text area only, and returns free text as typed, emoji included', async () => {
      const data = example('owner', 'individual');
      const clientId = await clientWith(data, 'owner');
      const oneLine = await put(clientId, 'owner', { ...(data.owner as Loose), city: 'Winnipeg\tMB' });
      expect(oneLine.status).toBe(400);
      expect(oneLine.body.errors).toEqual([{ field: 'city', message: TEXT_MESSAGES.oneLine }]);

      const lifestyleData = example('lifestyle', 'all-no');
      const lifeClient = await clientWith(lifestyleData, 'lifestyle');
      const record = structuredClone(lifestyleData.lifestyle) as Loose;
      const typed = 'Wine 🍷 with dinner\nTwo glasses a week — «rarely» more';
      record.lifestyle_data_1.drinks_alcohol = true;
      record.lifestyle_data_1.alcohol_details = typed;
      const saved = await put(lifeClient, 'lifestyle', record);
      expect(saved.status, saved.text).toBe(200);
      const got = await server.call('GET', `/api/screening/${lifeClient}/lifestyle/`, { token });
      expect(got.body.lifestyle_data_1.alcohol_details).toBe(typed);
    });
  });

  describe('plausible values', () => {
    it('refuses a postal code no address has, and one of another province, naming the province', async () => {
      const data = example('owner', 'individual');
      const clientId = await clientWith(data, 'owner');
      const record = data.owner as Loose;
      const pattern = schemaMessage('owner/schema.json', '/properties/postal_code/errorMessage/pattern');
      const z = await put(clientId, 'owner', { ...record, postal_code: 'Z9Z 9Z9' });
      expect(z.status).toBe(400);
      expect(z.body.errors).toEqual([{ field: 'postal_code', message: pattern }]);
      const elsewhere = await put(clientId, 'owner', { ...record, province: 'QC', postal_code: 'K1A 0B1' });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.errors).toHaveLength(1);
      expect(elsewhere.body.errors[0].field).toBe('postal_code');
      expect(elsewhere.body.errors[0].message).toContain('Quebec');
      expect((await put(clientId, 'owner', { ...record, province: 'QC', postal_code: 'H3A 1H6' })).status).toBe(200);

      // The client record (the proposed insured's address) is checked by the same rules.
      const client = await createClient(server, token, { province: 'ON', postal_code: 'K1A 0B1' });
      const patched = await server.call('PATCH', `/api/clients/${client}/`, {
        token,
        body: { province: 'BC', postal_code: 'K1A 0B1' },
      });
      expect(patched.status).toBe(400);
      expect(patched.body.errors[0].field).toBe('postal_code');
      expect(patched.body.errors[0].message).toContain('British Columbia');
    });

    it('refuses emoji and symbols in names, and keeps every letter and apostrophe of a real name', async () => {
      for (const name of ['Jo😀', 'Bob$', '<b>Ann</b>', 'Ann+1']) {
        const res = await server.call('POST', '/api/clients/', {
          token,
          body: { first_name: name, last_name: 'Doe', phone_primary: '416-555-0123' },
        });
        expect(res.status, name).toBe(400);
        expect(res.body.errors[0]).toEqual({
          field: 'first_name',
          message: schemaMessage('client-profile/schema.json', '/properties/first_name/errorMessage/pattern'),
        });
      }
      for (const name of ['Nguyễn', "O'Brien", 'Łukasik-Şahin', 'Đặng', 'Zoë']) {
        const id = await createClient(server, token, { first_name: name });
        expect((await server.call('GET', `/api/clients/${id}/`, { token })).body.first_name).toBe(name);
      }
      const data = example('beneficiary', 'one-beneficiary');
      const clientId = await clientWith(data, 'beneficiary');
      const record = structuredClone(data.beneficiary) as Loose;
      record.insured_1.primary_beneficiaries[0].full_name = 'Fondation ❤️ Québec';
      const res = await put(clientId, 'beneficiary', record);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toEqual({
        field: 'insured_1.primary_beneficiaries.0.full_name',
        message: schemaMessage(
          'beneficiary/schema.json',
          '/definitions/beneficiary/properties/full_name/errorMessage/pattern',
        ),
      });
    });
  });
});
