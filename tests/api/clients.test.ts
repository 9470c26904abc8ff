import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantBroker } from '../../api/admin/brokerGrants.ts';
import { markVerified } from '../support/markVerified.ts';
import { clientBody, createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { ruleMessage } from '../support/definitionText.ts';
import { specText } from '../support/specText.ts';

function isoDay(offsetDays: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

describe.each(databases)('clients (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(kind);
    token = (await signUp(server)).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates, reads, lists, patches and deletes a client, with and without /api', async () => {
    const created = await server.call('POST', '/api/clients/', {
      token,
      body: clientBody({ first_name: 'Olivia', last_name: 'Bouchard' }),
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.body).toMatchObject({
      first_name: 'Olivia',
      last_name: 'Bouchard',
      phone_primary: '416-555-0123',
      phone: '416-555-0123',
      brokers: [],
    });
    expect(created.body.created_at).toBe(created.body.updated_at);

    for (const path of [`/api/clients/${id}/`, `/clients/${id}/`, `/clients/${id}`]) {
      const got = await server.call('GET', path, { token });
      expect(got.status, path).toBe(200);
      expect(got.body.first_name).toBe('Olivia');
      expect(got.body.life_applications).toBeUndefined();
    }

    const list = await server.call('GET', '/clients/', { token });
    expect(list.body.count).toBe(list.body.results.length);
    expect(list.body.results.map((c: { id: number }) => c.id)).toContain(id);

    await new Promise((r) => setTimeout(r, 5));
    const patched = await server.call('PATCH', `/api/clients/${id}/`, {
      token,
      body: { last_name: 'Bouchard-Roy', phone_primary: '+1 514 555 0199' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      first_name: 'Olivia',
      last_name: 'Bouchard-Roy',
      phone_primary: '+1 514 555 0199',
    });
    expect(patched.body.updated_at > patched.body.created_at).toBe(true);

    const deleted = await server.call('DELETE', `/api/clients/${id}/`, { token });
    expect(deleted.status).toBe(200);
    expect((await server.call('GET', `/api/clients/${id}/`, { token })).status).toBe(404);
    expect((await server.call('DELETE', `/api/clients/${id}/`, { token })).status).toBe(404);
  });

  it('searches by name, email and phone, case-insensitively, with wildcards taken literally', async () => {
    const user = await signUp(server);
    await createClient(server, user.token, {
      first_name: 'Zoé',
      last_name: 'Lavoie',
      email: 'zoe.l@example.com',
      phone_primary: '613-555-0101',
    });
    await createClient(server, user.token, {
      first_name: 'Marc',
      last_name: 'Nguyen',
      email: 'marc_n@example.com',
      phone_primary: '613-555-0202',
    });
    const search = async (q: string) =>
      (await server.call('GET', `/api/clients/?search=${encodeURIComponent(q)}`, { token: user.token })).body;
    expect((await search('lavoie')).results.map((c: { last_name: string }) => c.last_name)).toEqual(['Lavoie']);
    expect((await search('ZOÉ LAV')).count).toBe(1);
    expect((await search('marc_n@')).count).toBe(1);
    expect((await search('%')).count).toBe(0);
    expect((await search('_')).count).toBe(1);
    expect((await search('555-0202')).results[0].first_name).toBe('Marc');
    expect((await search('')).count).toBe(2);
    expect((await search('nobody')).results).toEqual([]);
  });

  it('gives every client-profile message of the spec', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ first_name: 'A' }, 'first_name', specText('client-profile.first_name.errorMessage.type')],
      [{ last_name: 'B' }, 'last_name', specText('client-profile.last_name.errorMessage.type')],
      [{ first_name: 'x'.repeat(51) }, 'first_name', specText('client-profile.first_name.errorMessage.maxLength')],
      [{ last_name: 'y'.repeat(51) }, 'last_name', specText('client-profile.last_name.errorMessage.maxLength')],
      [{ email: 'jane@' }, 'email', specText('client-profile.email.errorMessage.type')],
      [{ phone_primary: '555-12' }, 'phone_primary', specText('client-profile.phone_primary.errorMessage.type')],
      [
        { phone_primary: '(416) 555-0123' },
        'phone_primary',
        specText('client-profile.phone_primary.errorMessage.type'),
      ],
      [
        { date_of_birth: isoDay(1) },
        'date_of_birth',
        specText('client-profile.validation.date_of_birth.future.message'),
      ],
      [
        { date_of_birth: '1900-12-31' },
        'date_of_birth',
        specText('client-profile.validation.date_of_birth.after1900.message'),
      ],
      [{ date_of_birth: '1985-02-30' }, 'date_of_birth', specText('client-profile.date_of_birth.errorMessage.type')],
      [{ first_name: '  ' }, 'first_name', ruleMessage('client-profile', 'first_name')],
      [{ last_name: '' }, 'last_name', ruleMessage('client-profile', 'last_name')],
      [{ phone_primary: null }, 'phone_primary', ruleMessage('client-profile', 'phone_primary')],
      [{ date_of_birth: '' }, 'date_of_birth', specText('client-profile.validation.date_of_birth.required.message')],
      [{ gender_sex_at_birth: '' }, 'gender_sex_at_birth', ruleMessage('client-profile', 'gender_sex_at_birth')],
      [
        { gender_sex_at_birth: 'unknown' },
        'gender_sex_at_birth',
        specText('client-profile.gender_sex_at_birth.errorMessage.enum'),
      ],
      [{ brokers: ['nobody@example.com'] }, 'brokers', 'Please select valid brokers'],
    ];
    for (const [change, field, message] of cases) {
      const res = await server.call('POST', '/api/clients/', { token, body: clientBody(change) });
      expect(res.status, message).toBe(400);
      expect(res.body).toEqual({ error: message, errors: [{ field, message }] });
    }
    const missing = await server.call('POST', '/api/clients/', { token, body: { email: 'only@example.com' } });
    expect(missing.body.errors.map((e: { message: string }) => e.message)).toEqual([
      ruleMessage('client-profile', 'first_name'),
      ruleMessage('client-profile', 'last_name'),
      ruleMessage('client-profile', 'phone_primary'),
      specText('client-profile.validation.date_of_birth.required.message'),
      ruleMessage('client-profile', 'gender_sex_at_birth'),
    ]);
    expect(missing.body.error).toBe(ruleMessage('client-profile', 'first_name'));
  });

  it('accepts the edges: 2 and 50 characters, today, 1901-01-01, no email', async () => {
    const ok = await server.call('POST', '/api/clients/', {
      token,
      body: clientBody({ first_name: 'Al', last_name: 'z'.repeat(50), date_of_birth: isoDay(0), email: '' }),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.email).toBeNull();
    expect(
      (await server.call('POST', '/api/clients/', { token, body: clientBody({ date_of_birth: '1901-01-01' }) })).status,
    ).toBe(201);
  });

  it('checks only the given fields on PATCH, and a refused PATCH changes nothing', async () => {
    const id = await createClient(server, token, { first_name: 'Noah' });
    const before = (await server.call('GET', `/api/clients/${id}/`, { token })).body;
    const bad = await server.call('PATCH', `/api/clients/${id}/`, {
      token,
      body: { first_name: 'Nathan', date_of_birth: isoDay(3) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(specText('client-profile.validation.date_of_birth.future.message'));
    expect((await server.call('GET', `/api/clients/${id}/`, { token })).body).toEqual(before);
    const blank = await server.call('PATCH', `/api/clients/${id}/`, { token, body: { first_name: '' } });
    expect(blank.body.error).toBe(ruleMessage('client-profile', 'first_name'));
  });

  it('keeps the proposed-insured profile fields, checked by the proposed-insured rules', async () => {
    const created = await server.call('POST', '/clients/', {
      token,
      body: clientBody({
        title: 'dr',
        postal_code: 'K1A 0B1',
        years_at_address: 4,
        is_second_insured: true,
        original_client_id: 7,
        email_consent: false,
        unknown_field: 'dropped',
      }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'dr',
      postal_code: 'K1A 0B1',
      years_at_address: 4,
      is_second_insured: true,
      original_client_id: 7,
    });
    expect(created.body.unknown_field).toBeUndefined();
    const patched = await server.call('PATCH', `/clients/${created.body.id}/`, {
      token,
      body: { email_consent: true, email: 'with.consent@example.com', city: 'Ottawa' },
    });
    expect(patched.body).toMatchObject({ email: 'with.consent@example.com', city: 'Ottawa', title: 'dr' });
    // The step's own messages: a PATCH refuses what Proposed Insured refuses, and stores nothing.
    const postal = await server.call('PATCH', `/clients/${created.body.id}/`, {
      token,
      body: { postal_code: '12345', city: 'Gatineau' },
    });
    expect(postal.status).toBe(400);
    expect(postal.body).toEqual({
      error: specText('owner.postal_code.errorMessage.pattern'),
      errors: [{ field: 'postal_code', message: specText('owner.postal_code.errorMessage.pattern') }],
    });
    const years = await server.call('PATCH', `/clients/${created.body.id}/`, { token, body: { years_at_address: -2 } });
    expect(years.body.errors).toEqual([
      { field: 'years_at_address', message: specText('owner.years_at_address.errorMessage.type') },
    ]);
    expect((await server.call('GET', `/clients/${created.body.id}/`, { token })).body).toMatchObject({
      postal_code: 'K1A 0B1',
      city: 'Ottawa',
      years_at_address: 4,
    });
    const badValue = await server.call('PATCH', `/clients/${created.body.id}/`, {
      token,
      body: { city: { nested: true } },
    });
    expect(badValue.status).toBe(400);
  });

  it('includes life applications on request, with what their screening shows and their generated files', async () => {
    const id = await createClient(server, token);
    const app = await server.call('POST', '/applications/create_new_application/', { token, body: { client_id: id } });
    expect(app.status).toBe(201);
    const got = await server.call('GET', `/api/clients/${id}/?include=life_applications`, { token });
    expect(got.body.life_applications).toEqual([
      expect.objectContaining({
        id: app.body.id,
        created_at: app.body.created_at,
        application_type: null,
        product_type: null,
        number_of_insureds: 1,
        status: 'DRAFT',
        face_amount: null,
        is_current: true,
        generations: [],
      }),
    ]);
  });

  it('lists brokers and shares a client with the brokers it lists', async () => {
    const brokers = await server.call('GET', '/api/brokers/', { token });
    expect(brokers.status).toBe(200);
    expect(brokers.body.length).toBeGreaterThanOrEqual(3);
    for (const b of brokers.body) expect(Object.keys(b).sort()).toEqual(['email', 'id', 'name']);
    const brokerEmail: string = brokers.body[0].email;

    const id = await createClient(server, token, { brokers: [brokerEmail.toUpperCase()] });
    expect((await server.call('GET', `/api/clients/${id}/`, { token })).body.brokers).toEqual([brokerEmail]);

    // Signing up with the listed email proves nothing: the account sees the client once an administrator grants it.
    const broker = await server.call('POST', '/api/users/', {
      body: { email: brokerEmail, password: 'broker pass phrase 1' },
    });
    expect([201, 400]).toContain(broker.status);
    const brokerToken = (
      await server.call('POST', '/api/login/', { body: { username: brokerEmail, password: 'broker pass phrase 1' } })
    ).body.token;
    expect((await server.call('GET', `/api/clients/${id}/`, { token: brokerToken })).status).toBe(404);
    await markVerified(server.app.database.db, brokerEmail);
    expect((await grantBroker(server.app.database.db, brokerEmail, { by: 'test' })).code).toBe(0);
    expect((await server.call('GET', `/api/clients/${id}/`, { token: brokerToken })).status).toBe(200);
    expect(
      (await server.call('GET', '/api/clients/', { token: brokerToken })).body.results.map((c: { id: number }) => c.id),
    ).toContain(id);

    // Removing the broker removes the access.
    await server.call('PATCH', `/api/clients/${id}/`, { token, body: { brokers: [] } });
    expect((await server.call('GET', `/api/clients/${id}/`, { token: brokerToken })).status).toBe(404);
  });

  it("answers 404 for another user's client and everything under it", async () => {
    const id = await createClient(server, token);
    await server.call('PUT', `/api/screening/${id}/medical/`, {
      token,
      body: { has_insured_2: false, insured_1: { has_paramedic: false } },
    });
    const stranger = (await signUp(server, 'stranger')).token;
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/clients/${id}/`],
      ['GET', `/api/clients/${id}/?include=life_applications`],
      ['PATCH', `/api/clients/${id}/`, { first_name: 'Hacker' }],
      ['DELETE', `/api/clients/${id}/`],
      ['GET', `/api/clients/${id}/get_previous_proposed_insureds/`],
      ['POST', '/applications/create_new_application/', { client_id: id }],
      ['GET', `/insurance/screening-progress/get_progress/${id}/`],
      ['POST', '/insurance/screening-progress/update_progress/', { clientId: id, currentStep: 'owner' }],
      ['GET', `/api/screening/${id}/`],
      ['PUT', `/api/screening/${id}/medical/`, { insured_1: {} }],
      ['GET', `/insurance/screening/basic/?client_id=${id}`],
      ['POST', '/insurance/screening/basic/', { client_id: id }],
      ['GET', `/insurance/screening/owner/${id}/`],
      ['POST', '/insurance/screening/owner/', { client_id: id, owner_type: 'insured_1' }],
      ['PATCH', `/insurance/screening/${id}/owner/`, {}],
      ['GET', `/insurance/screening/multi_owner/${id}/`],
      ['POST', '/insurance/screening/save_multi_owner/', { client_id: id }],
      ['GET', `/insurance/screening/tax-information/${id}/`],
      ['POST', `/insurance/screening/save-tax-information/${id}/`, {}],
      ['GET', `/insurance/screening/get_plan_details/?client_id=${id}`],
      ['POST', '/insurance/screening/save_plan_details/', { client_id: id, plan_details: {} }],
      ['GET', `/insurance/screening/get_beneficiaries/?client_id=${id}`],
      ['POST', '/insurance/screening/save_beneficiaries/', { client_id: id }],
      ['GET', `/insurance/screening/purpose-of-insurance/${id}/`],
      ['POST', '/insurance/screening/purpose-of-insurance/', { client_id: id }],
      ['GET', `/insurance/screening/get_financial/?client_id=${id}`],
      ['POST', `/insurance/screening/save_financial/?client_id=${id}`, {}],
      ['GET', `/insurance/screening/get_insurance_history/?client_id=${id}`],
      ['POST', '/insurance/screening/save_insurance_history/', { client_id: id }],
      ['GET', `/insurance/screening/get_lifestyle?client_id=${id}`],
      ['POST', '/insurance/screening/save_lifestyle/', { client_id: id }],
      ['GET', `/insurance/screening/get_medical/?client_id=${id}`],
      ['POST', '/insurance/screening/save_medical/', { client_id: id }],
    ];
    for (const [method, path, body] of calls) {
      const res = await server.call(method, path, { token: stranger, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ error: 'Not found', errors: [] });
    }
    expect((await server.call('GET', `/api/screening/${id}/`, { token })).body.medical).toBeDefined();
    expect((await server.call('GET', `/api/clients/${id}/`, { token })).body.first_name).toBe('Jane');
  });

  it('answers 404 for ids that are not ids', async () => {
    for (const path of [
      '/api/clients/abc/',
      '/api/clients/0/',
      '/api/clients/99999999999/',
      '/api/clients/-1/',
      '/api/clients/1.5/',
    ]) {
      expect((await server.call('GET', path, { token })).status, path).toBe(404);
    }
  });

  it("lists the previous proposed insureds: the adviser's past second insureds, not every client", async () => {
    const user = await signUp(server);
    const a = await createClient(server, user.token, { first_name: 'Alpha', city: 'Halifax' });
    const b = await createClient(server, user.token, { first_name: 'Bravo', marital_status: 'married' });
    const none = await server.call('GET', `/api/clients/${a}/get_previous_proposed_insureds/`, { token: user.token });
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    // b's application names a second insured: that client (not b) becomes a previous proposed insured.
    const second = await createClient(server, user.token, { first_name: 'Charlie', marital_status: 'married' });
    expect(
      (
        await server.call('POST', '/insurance/screening/basic/', {
          token: user.token,
          body: { client_id: b, number_of_insureds: 2, proposed_insured_1: b, proposed_insured_2: second },
        })
      ).status,
    ).toBe(200);
    await server.call('PUT', `/api/screening/${b}/proposed-insured/`, {
      token: user.token,
      body: { number_of_insureds: 2, insured_2: { previous_insured_id: second } },
    });
    const res = await server.call('GET', `/api/clients/${a}/get_previous_proposed_insureds/`, { token: user.token });
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([second]);
    expect(res.body[0]).toMatchObject({ id: second, first_name: 'Charlie', marital_status: 'married' });
  });
});
