import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { JsonObject } from '../../engine/index.ts';
import { createClient, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { INSURERS, OTHER_INSURERS_PLANS, fullApplication, pdfText, withEveryInsurer } from './support.ts';
import { ruleMessage } from '../support/definitionText.ts';
import { specText } from '../support/specText.ts';

describe('application generation over HTTP', () => {
  let server: TestServer;
  let owner: { token: string };
  let stranger: { token: string };
  let clientId: number;

  /** A client of the adviser with the given step records saved. */
  async function clientWith(records: Record<string, unknown>): Promise<number> {
    const id = await createClient(server, owner.token);
    for (const [stepId, record] of Object.entries(records)) {
      if (stepId !== '$context' && record) await server.seedRecord(id, stepId, record as JsonObject);
    }
    return id;
  }

  async function download(
    url: string,
    token: string,
  ): Promise<{ status: number; bytes: Uint8Array; type: string | null; disposition: string | null }> {
    const res = await fetch(server.url + url, { headers: { authorization: `Token ${token}` } });
    return {
      status: res.status,
      bytes: new Uint8Array(await res.arrayBuffer()),
      type: res.headers.get('content-type'),
      disposition: res.headers.get('content-disposition'),
    };
  }

  beforeAll(async () => {
    server = await startServer('sqlite');
    owner = await signUp(server, 'owner');
    stranger = await signUp(server, 'stranger');
    clientId = await clientWith(withEveryInsurer(fullApplication()));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses an empty choice with the spec's message", async () => {
    for (const body of [{ client_id: clientId, populate_forms: [] }, { client_id: clientId }, { populate_forms: [] }]) {
      const res = await server.call('POST', '/api/pdf/generate_pdf/', { token: owner.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(ruleMessage('pdf-generation', 'populate_forms'));
    }
    const unknown = await server.call('POST', '/api/pdf/generate_pdf/', {
      token: owner.token,
      body: { client_id: clientId, populate_forms: ['DESJARDINS'] },
    });
    expect(unknown.status).toBe(400);
    const noClient = await server.call('POST', '/api/pdf/generate_pdf/', {
      token: owner.token,
      body: { populate_forms: ['BMO'] },
    });
    expect(noClient.status).toBe(400);
    expect(noClient.body.error).toBe(specText('owner.calls./insurance/screening/owner/.clientId.message'));
  });

  it('needs a token', async () => {
    const res = await server.call('POST', '/api/pdf/generate_pdf/', {
      body: { client_id: clientId, populate_forms: ['BMO'] },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: specText('plan-details.missingTokenMessage'), errors: [] });
  });

  it('refuses an incomplete screening, naming the incomplete steps', async () => {
    const data = fullApplication();
    delete data.medical;
    delete data.lifestyle;
    (data['plan-details'] as JsonObject).illustration_status = null;
    const id = await clientWith(data);
    const res = await server.call('POST', '/api/pdf/generate_pdf/', {
      token: owner.token,
      body: { client_id: id, populate_forms: ['BMO'] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      'The screening is incomplete. Please complete: Plan Details, Lifestyle Information, Medical Information',
    );
    expect(res.body.incomplete_steps).toEqual([
      { id: 'plan-details', title: 'Plan Details' },
      { id: 'lifestyle', title: 'Lifestyle Information' },
      { id: 'medical', title: 'Medical Information' },
    ]);
    expect(res.body.errors).toEqual([
      { field: 'plan-details.illustration_status', message: 'Plan Details: Please select an illustration status' },
      { field: 'lifestyle', message: 'Lifestyle Information has not been completed' },
      { field: 'medical', message: 'Medical Information has not been completed' },
    ]);
    const empty = await clientWith({});
    const none = await server.call('POST', '/pdf/generate_pdf/', {
      token: owner.token,
      body: { client_id: empty, populate_forms: ['BMO'] },
    });
    expect(none.status).toBe(400);
    expect(none.body.incomplete_steps.map((s: { id: string }) => s.id)).toEqual(
      expect.arrayContaining(['basic', 'proposed-insured', 'plan-details', 'owner', 'beneficiary']),
    );
  });

  it("generates all five insurers' applications, with the summary cards and a download link", async () => {
    const res = await server.call('POST', '/api/pdf/generate_pdf/', {
      token: owner.token,
      body: { client_id: clientId, populate_forms: INSURERS },
    });
    expect(res.status, res.text).toBe(200);
    const { data, summary } = res.body;
    expect(data.s3_url).toMatch(/^\/api\/pdf\/files\/[0-9a-f-]{36}\/$/);
    expect(data.files.map((f: { insurer: string }) => f.insurer)).toEqual(INSURERS);
    expect(summary).toEqual({
      provider: 'BMO, Manulife, Sun Life, Beneva, Canada Life',
      product_type: 'Whole Life',
      number_of_insureds: 2,
      type_of_insurance: 'Life Insurance',
      primary_insured: 'Arjun K. Mehta',
      secondary_insured: 'Emily R. Mehta',
      owner_type: specText('owner.owner_type.enumNames.joint_insureds'),
      owner_name: 'Arjun K. Mehta and Emily R. Mehta',
      plan_details: [
        {
          plan_type: 'Joint Plan',
          product_type: 'Whole Life',
          plan_name: 'Estate Protector',
          face_amount: '$750,000',
          face_amount_value: 750000,
        },
        ...OTHER_INSURERS_PLANS.map(([, , plan_name]) => ({
          plan_type: 'Joint Plan',
          product_type: 'Whole Life',
          plan_name,
          face_amount: '$500,000',
          face_amount_value: 500000,
        })),
      ],
    });

    const all = await download(data.s3_url, owner.token);
    expect(all.status).toBe(200);
    expect(all.type).toBe('application/pdf');
    expect(all.disposition).toBe('inline; filename="applications-arjun-k-mehta.pdf"');
    const text = pdfText(all.bytes);
    for (const name of ['BMO Insurance', 'Manulife', 'Sun Life', 'Beneva', 'Canada Life'])
      expect(text).toMatch(new RegExp(`${name} - (proposition préremplie le / )?prefilled application generated`));
    // Every footer carries the application's number, never the client's internal id.
    const number = (data.id as string).slice(0, 8).toUpperCase();
    const pages = (await PDFDocument.load(all.bytes)).getPageCount();
    expect(text.split(number).length - 1).toBe(pages);
    expect(text).not.toMatch(/client \d/);
    // The complete application calls for one questionnaire: insured 2's hazardous activities.
    expect(data.files.map((f: { questionnaires: string[] }) => f.questionnaires)).toEqual([
      ['BMO Hazardous Sports Questionnaire (BMO-LQ-1102E) - Proposed insured 2: Emily R. Mehta'],
      ['Avocation Questionnaire (NN0603E) - Life to be insured 2: Emily R. Mehta'],
      ['Sun Life Sports and Activities Questionnaire (810-4289) - Life insured 2: Emily R. Mehta'],
      [
        'Questionnaire sur les sports extrêmes / Extreme sports questionnaire (F-4024) - Personne à assurer 2 / Person to be insured 2: Emily R. Mehta',
      ],
      ['Hazardous activities questionnaire (CL 4462) - Life insured 2: Emily R. Mehta'],
    ]);
    expect((await PDFDocument.load(all.bytes)).getPageCount()).toBeGreaterThan(25);

    const one = await download(data.files[2].url, owner.token);
    expect(one.status).toBe(200);
    expect(one.disposition).toBe('inline; filename="sunlife-application-arjun-k-mehta.pdf"');
    const sunLife = pdfText(one.bytes);
    expect(sunLife).toContain('Step 3 - Person to be insured 1');
    expect(sunLife).not.toContain('BMO Insurance');
    // Each insurer's application prints its own plan, never another insurer's.
    for (const [i, insurer] of INSURERS.entries()) {
      const text = pdfText((await download(data.files[i].url, owner.token)).bytes);
      const own = insurer === 'BMO' ? 'Estate Protector' : OTHER_INSURERS_PLANS.find(([id]) => id === insurer)![2];
      expect(text, insurer).toContain(own);
      for (const other of ['Estate Protector', ...OTHER_INSURERS_PLANS.map(([, , name]) => name)])
        if (other !== own) expect(text, `${insurer} prints ${other}`).not.toContain(other);
    }

    const id = data.s3_url.split('/')[4];
    const stored = join(server.where.dataDir!, 'files', 'generations', id);
    expect(existsSync(stored)).toBe(true);
    expect(readdirSync(stored).sort()).toEqual([
      'applications.pdf',
      'beneva.pdf',
      'bmo.pdf',
      'canada_life.pdf',
      'manifest.json',
      'manulife.pdf',
      'sunlife.pdf',
    ]);
  });

  it('lets no other adviser download the file or generate for the client', async () => {
    const res = await server.call('POST', '/pdf/generate_pdf/', {
      token: owner.token,
      body: { client_id: clientId, populate_forms: ['CANADA_LIFE'] },
    });
    expect(res.status).toBe(200);
    const url: string = res.body.data.s3_url;
    expect((await download(url, stranger.token)).status).toBe(404);
    expect((await download(`${url}CANADA_LIFE/`, stranger.token)).status).toBe(404);
    expect((await download(url.replace(/^\/api/, ''), stranger.token)).status).toBe(404);
    expect((await server.call('GET', url)).status).toBe(401);
    expect((await download(url, owner.token)).status).toBe(200);
    expect((await download(`${url}BMO/`, owner.token)).status).toBe(404);
    expect((await download('/api/pdf/files/00000000-0000-0000-0000-000000000000/', owner.token)).status).toBe(404);
    expect((await download('/api/pdf/files/..%2F..%2Fapp.db/', owner.token)).status).toBe(404);
    const theirs = await server.call('POST', '/api/pdf/generate_pdf/', {
      token: stranger.token,
      body: { client_id: clientId, populate_forms: ['BMO'] },
    });
    expect(theirs.status).toBe(404);
  });

  it("accepts the spec's whole payload as the body but builds the documents from the stored answers", async () => {
    const res = await server.call('POST', '/api/pdf/generate_pdf/', {
      token: owner.token,
      body: {
        client_id: clientId,
        populate_forms: ['BENEVA'],
        application_info: { product_type: 'term_life' },
        proposed_insured_information: { proposed_insured_information_1: { first_name: 'Mallory' } },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.summary).toMatchObject({
      provider: 'Beneva',
      product_type: 'Whole Life',
      primary_insured: 'Arjun K. Mehta',
    });
    const text = pdfText((await download(res.body.data.s3_url, owner.token)).bytes);
    expect(text).not.toContain('Mallory');
    expect(text).toContain('Prénom / First name Arjun');
  });

  it('serves the summary cards and the payload of the saved screening', async () => {
    const summary = await server.call('GET', `/api/pdf/summary/${clientId}/?populate_forms=BMO,SUNLIFE`, {
      token: owner.token,
    });
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({
      provider: 'BMO, Sun Life',
      secondary_insured: 'Emily R. Mehta',
      type_of_insurance: 'Life Insurance',
    });
    const single = await clientWith({
      ...fullApplication(),
      'proposed-insured': { ...(fullApplication()['proposed-insured'] as JsonObject), number_of_insureds: 1 },
    });
    expect((await server.call('GET', `/api/pdf/summary/${single}/`, { token: owner.token })).body).toMatchObject({
      provider: 'Not specified',
      secondary_insured: 'Not specified',
      number_of_insureds: 1,
    });
    expect((await server.call('GET', `/api/pdf/summary/${clientId}/`, { token: stranger.token })).status).toBe(404);
    const payload = await server.call('GET', `/api/pdf/payload/${clientId}/?populate_forms=BMO`, {
      token: owner.token,
    });
    expect(payload.status).toBe(200);
    expect(Object.keys(payload.body.beneficiary_designation.contingent_beneficiaries)).toEqual([
      'IP1_B1',
      'IP1_B2',
      'IP2_B1',
      'IP2_B2',
    ]);
    expect(payload.body.owner_information.owner_info.owner1_sin).toBe('046454286');
  });
});
