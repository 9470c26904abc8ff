import type { JsonObject } from '../../engine/index.ts';
import { ADVISER_PROFILE, createClient, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { OTHER_INSURERS_PLANS, fullApplication, pdfText, step } from '../pdf/support.ts';
import { specText } from '../support/specText.ts';
import flowFr from '../../steps/i18n/fr.json';
import generationFr from '../../steps/pdf-generation/i18n/fr.json';

/** The complete application with its plans replaced: one joint whole life plan per plan id given. */
function withPlans(...plans: string[]) {
  const data = fullApplication();
  step(data, 'plan-details').joint_plan_options = plans.map((plan_name) => ({
    product_type: 'whole_life',
    plan_name,
    coverage_type: 'joint_last_to_die',
    face_amount: 400000,
  }));
  return data;
}

describe('generation per insurer: its own plan, its adviser code (issue 26)', () => {
  let server: TestServer;
  let owner: { token: string };

  async function clientWith(records: Record<string, unknown>): Promise<number> {
    const id = await createClient(server, owner.token);
    for (const [stepId, record] of Object.entries(records))
      if (stepId !== '$context' && record) await server.seedRecord(id, stepId, record as JsonObject);
    return id;
  }
  const generate = (token: string, client_id: number, populate_forms: string[]) =>
    server.call('POST', '/api/pdf/generate_pdf/', { token, body: { client_id, populate_forms } });
  const pdf = async (url: string, token: string): Promise<string> =>
    pdfText(
      new Uint8Array(
        await (await fetch(server.url + url, { headers: { authorization: `Token ${token}` } })).arrayBuffer(),
      ),
    );

  beforeAll(async () => {
    server = await startServer('sqlite');
    owner = await signUp(server, 'planner');
  });
  afterAll(async () => {
    await server?.close();
  });

  for (const [insurer, plan, name] of OTHER_INSURERS_PLANS)
    it(`${insurer}: prints its own plan and no other insurer's`, async () => {
      const others = OTHER_INSURERS_PLANS.filter(([id]) => id !== insurer);
      const id = await clientWith(withPlans(plan, ...others.map(([, p]) => p), 'estate_protector'));
      const res = await generate(owner.token, id, [insurer]);
      expect(res.status, res.text).toBe(200);
      const text = await pdf(res.body.data.files[0].url, owner.token);
      expect(text).toContain(name);
      for (const [, , other] of others) expect(text).not.toContain(other);
      // The adviser who signs, with this insurer's code and no other's.
      expect(text).toContain(ADVISER_PROFILE.full_name);
      expect(text).toContain(ADVISER_PROFILE.licence_number);
      const codes = ADVISER_PROFILE.adviser_codes as Record<string, string>;
      expect(text).toContain(codes[insurer]);
      for (const [id] of others) expect(text).not.toContain(codes[id]);
      expect(text).not.toContain('Estate Protector');
      // Its cover's total is its own plan's face amount, not the sum of every insurer's plans ($2,000,000).
      expect(text).toContain('$400,000');
      expect(text).not.toContain('$2,000,000');
    });

  it('refuses an insurer chosen without a plan of its own, by name', async () => {
    const id = await clientWith(withPlans('estate_protector', 'manulife_par_20_pay'));
    const res = await generate(owner.token, id, ['BMO', 'MANULIFE', 'SUNLIFE']);
    expect(res.status).toBe(400);
    const message = 'No plan is chosen for Sun Life. Add a Sun Life plan in Plan Details, or untick Sun Life.';
    expect(res.body).toEqual({ error: message, errors: [{ field: 'plan-details', message }] });
  });

  it('refuses an insurer whose adviser code is missing, naming it, with the link to the profile', async () => {
    const adviser = await signUp(server, 'nocode');
    const codes: Record<string, string> = { ...ADVISER_PROFILE.adviser_codes };
    delete codes.MANULIFE;
    const saved = await server.call('PUT', '/api/profile/', {
      token: adviser.token,
      body: { ...ADVISER_PROFILE, adviser_codes: codes },
    });
    expect(saved.status).toBe(200);
    const id = await createClient(server, adviser.token);
    for (const [stepId, record] of Object.entries(withPlans('estate_protector', 'manulife_par_20_pay')))
      if (stepId !== '$context' && record) await server.seedRecord(id, stepId, record as JsonObject);
    const res = await generate(adviser.token, id, ['BMO', 'MANULIFE']);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Add your adviser code for Manulife in your profile',
      errors: [{ field: 'adviser_profile', message: 'Add your adviser code for Manulife in your profile' }],
      link: '/account/profile',
    });
    expect((await generate(adviser.token, id, ['BMO'])).status).toBe(200);
  });

  it('puts the adviser and the insurer’s code into that insurer’s payload', async () => {
    const id = await clientWith(withPlans('manulife_par_20_pay'));
    const res = await server.call('GET', `/api/pdf/payload/${id}/?populate_forms=MANULIFE`, { token: owner.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.adviser).toMatchObject({
      full_name: ADVISER_PROFILE.full_name,
      licence_number: ADVISER_PROFILE.licence_number,
      licence_provinces: ['ON', 'QC'],
      agency: ADVISER_PROFILE.agency,
      adviser_code: 'M-2002',
    });
    expect(res.body.plan_details.joint_plan_options[0]).toMatchObject({
      plan_name: 'manulife_par_20_pay',
      insurer: 'MANULIFE',
    });
  });
});

describe('the adviser profile (issue 26)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('sqlite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is entered once, checked field by field, and keeps a trail of its changes', async () => {
    const { token } = await signUp(server, 'profiled');
    const first = await server.call('GET', '/api/profile/', { token });
    expect(first.body.profile).toEqual(ADVISER_PROFILE);
    expect(first.body.insurers.map((i: { name: string }) => i.name)).toEqual([
      'BMO',
      'Manulife',
      'Sun Life',
      'Beneva',
      'Canada Life',
    ]);
    const bad = await server.call('PUT', '/api/profile/', {
      token,
      body: {
        full_name: ' ',
        licence_number: 'X1',
        licence_provinces: ['ZZ'],
        agency: '',
        adviser_codes: { ACME: '1' },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'full_name', message: 'Please enter your full name' },
      { field: 'licence_provinces', message: 'Please select provinces and territories from the list' },
      { field: 'agency', message: 'Please enter your agency or MGA' },
      { field: 'adviser_codes.ACME', message: 'Unknown insurer' },
    ]);
    const empty = await server.call('PUT', '/api/profile/', { token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([
      { field: 'full_name', message: 'Please enter your full name' },
      { field: 'licence_number', message: 'Please enter your licence number' },
      { field: 'licence_provinces', message: 'Please select at least one province or territory of licence' },
      { field: 'agency', message: 'Please enter your agency or MGA' },
    ]);
    const wrongCode = await server.call('PUT', '/api/profile/', {
      token,
      body: { ...ADVISER_PROFILE, full_name: 'x'.repeat(101), adviser_codes: { MANULIFE: 'M 2002' } },
    });
    expect(wrongCode.body.errors).toEqual([
      { field: 'full_name', message: specText('owner.city.errorMessage.maxLength') },
      { field: 'adviser_codes.MANULIFE', message: 'An adviser code has letters, digits and dashes only' },
    ]);
    const changed = await server.call('PUT', '/api/profile/', {
      token,
      body: {
        ...ADVISER_PROFILE,
        agency: 'Other MGA',
        adviser_codes: { ...ADVISER_PROFILE.adviser_codes, BENEVA: '' },
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.profile.adviser_codes).not.toHaveProperty('BENEVA');
    const history = await server.call('GET', '/api/profile/history/', { token });
    expect(history.body.results[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'agency', from: 'Test Financial MGA', to: 'Other MGA' },
        { field: 'adviser_codes.BENEVA', from: 'V-4004', to: null },
      ]),
    );
    expect(history.body.results).toHaveLength(2);
    expect((await server.call('GET', '/api/profile/')).status).toBe(401);
  });

  it("names its insurers and provinces in the request's language", async () => {
    const { token } = await signUp(server, 'profiled-fr');
    const names = async (language?: string) => {
      const res = await server.call('GET', '/api/profile/', {
        token,
        headers: language ? { 'accept-language': language } : {},
      });
      const byId = (list: { id: string; name: string }[]) => Object.fromEntries(list.map((x) => [x.id, x.name]));
      return { insurers: byId(res.body.insurers), provinces: byId(res.body.provinces) };
    };
    const en = await names();
    const fr = await names('fr-CA,fr;q=0.9');
    // Each name as the catalogues give it in each language (flow.json's provinces, the generation step's insurers).
    const catalogued = (catalogue: object, key: string) =>
      (catalogue as Record<string, { en: string; fr: string }>)[key];
    for (const [id, name] of Object.entries(en.provinces)) {
      const entry = catalogued(flowFr, `flow.json#/lists/provinces/${id}/name`);
      expect(name).toBe(entry.en);
      expect(fr.provinces[id]).toBe(entry.fr);
    }
    for (const [id, name] of Object.entries(en.insurers)) {
      const entry = catalogued(generationFr, `ui.json#/populate_forms/ui:enumNames/${id}`);
      expect(name).toBe(entry.en);
      expect(fr.insurers[id]).toBe(entry.fr);
    }
    // Not English under another header: Newfoundland and Labrador and Canada Life have French names of their own.
    expect(fr.provinces.NL).not.toBe(en.provinces.NL);
    expect(fr.insurers.CANADA_LIFE).not.toBe(en.insurers.CANADA_LIFE);
    // The same choices, in the same order, whatever the language.
    expect(Object.keys(fr.insurers)).toEqual(Object.keys(en.insurers));
    expect(Object.keys(fr.provinces)).toEqual(Object.keys(en.provinces));
  });

  it('is complete for the demo account', async () => {
    const demo = await startServer('sqlite', { seedDemo: true });
    try {
      const login = await demo.call('POST', '/api/login/', {
        body: { username: 'demo@example.com', password: 'demo1234' },
      });
      const res = await demo.call('GET', '/api/profile/', { token: login.body.token });
      expect(res.body.profile.full_name).toBeTruthy();
      expect(Object.keys(res.body.profile.adviser_codes).sort()).toEqual([
        'BENEVA',
        'BMO',
        'CANADA_LIFE',
        'MANULIFE',
        'SUNLIFE',
      ]);
    } finally {
      await demo.close(true);
    }
  });
});
