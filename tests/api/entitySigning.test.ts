/**
 * Issue 27: the ceremony collects "each owner (individual or the entity's signing officers)". A corporation that owns
 * the policy signs through each signing officer the adviser named on the owner step, never through its contact person.
 */
import type { ApplicationData, JsonObject } from '../../engine/index.ts';
import { definitionText } from '../support/definitionText.ts';
import { example } from '../support/engine.ts';
import { typedSignature } from '../support/typedSignature.ts';
import { createClient, databases, signUp, startServer, type Loose, type TestServer } from '../support/apiServer.ts';
import { fullApplication, pdfText } from '../pdf/support.ts';

const OFFICERS = [
  { name: 'Daniel Tremblay', title: 'President' },
  { name: 'Sophie Tremblay', title: 'Secretary' },
];

/** The full application owned by the example's holding corporation, with the corporate finances it asks for. */
function entityApplication(officers: JsonObject[] | null): ApplicationData {
  const data = fullApplication();
  const { id: _id, signing_officers: _officers, ...entity } = example('owner', 'entity').owner as JsonObject;
  data.owner = {
    ...entity,
    client_id: (data.owner as JsonObject).client_id,
    ...(officers ? { signing_officers: officers } : {}),
  };
  data.financial = {
    ...(data.financial as JsonObject),
    ...(example('financial', 'corporate-owner').financial as JsonObject),
  };
  return data;
}

describe.each(databases)('an entity owner signs through its signing officers on %s (issue 27)', (kind) => {
  let server: TestServer;
  let token: string;

  const seed = async (data: ApplicationData): Promise<{ clientId: number; id: number }> => {
    const clientId = await createClient(server, token);
    for (const [stepId, record] of Object.entries(data))
      if (stepId !== '$context' && record) await server.seedRecord(clientId, stepId, record as JsonObject);
    const created = await server.call('POST', '/api/applications/create_new_application/', {
      token,
      body: { client_id: clientId },
    });
    return { clientId, id: created.body.id };
  };

  beforeAll(async () => {
    server = await startServer(kind, { seedDemo: false });
    token = (await signUp(server, 'entity-signing')).token;
  });
  afterAll(async () => server?.close(true));

  it('each of two officers signs for the corporation, and the signed PDF names both, with their titles', async () => {
    const { clientId, id } = await seed(entityApplication(OFFICERS));
    const gen = await server.call('POST', '/api/pdf/generate_pdf/', {
      token,
      body: { client_id: clientId, populate_forms: ['BMO'] },
    });
    expect(gen.status, gen.text).toBe(200);

    const state = (await server.call('GET', `/api/applications/${id}/signing/`, { token })).body;
    const ids = state.signers.map((s: Loose) => s.id);
    expect(ids.filter((s: string) => s.startsWith('signing_officer'))).toEqual([
      'signing_officer_1',
      'signing_officer_2',
    ]);
    expect(ids.at(-1)).toBe('adviser');
    const officers = state.signers.filter((s: Loose) => s.roles.includes('signing_officer'));
    expect(officers.map((s: Loose) => [s.name, s.title, s.for])).toEqual([
      ['Daniel Tremblay', 'President', 'Tremblay Holdings Inc.'],
      ['Sophie Tremblay', 'Secretary', 'Tremblay Holdings Inc.'],
    ]);
    for (const officer of officers) expect(officer.roles).toEqual(['owner', 'signing_officer']);
    // The signer reads their roles by name, in the page's language; the consent and labels follow it too (issue 28).
    expect(officers[0].roleNames).toEqual(['Owner', 'Signing officer']);
    const fr = (
      await server.call('GET', `/api/applications/${id}/signing/`, { token, headers: { 'accept-language': 'fr-CA' } })
    ).body;
    const french = (key: string) => definitionText('pdf-generation/i18n/fr.json', `/${key.replace(/\//g, '~1')}/fr`);
    expect(fr.consent.title).toBe(french('documents/signing.json#/document/consent/title'));
    expect(fr.consent.version).toBe(state.consent.version);
    expect(fr.signers.map((s: Loose) => s.id)).toEqual(ids);
    const frOfficer = fr.signers.find((s: Loose) => s.id === 'signing_officer_1');
    expect(frOfficer.roleNames).toEqual([
      french('documents/signing.json#/document/certificate/roles/owner/label'),
      french('documents/signing.json#/document/certificate/roles/signing_officer/label'),
    ]);
    expect(frOfficer.label).not.toBe(officers[0].label);

    // Only the adviser's signature, last, completes it: one officer alone does not sign for the corporation.
    for (const signer of state.signers) {
      const res = await server.call('POST', `/api/applications/${id}/signatures/`, {
        token,
        body: typedSignature(state, signer),
      });
      expect(res.status, res.text).toBe(201);
      expect(res.body.complete).toBe(signer.id === 'adviser');
    }

    const done = (await server.call('GET', `/api/applications/${id}/signing/`, { token })).body;
    expect(done.signed).toHaveLength(1);
    const file = await fetch(server.url + done.signed[0].url, { headers: { authorization: `Token ${token}` } });
    expect(file.status).toBe(200);
    const text = pdfText(Buffer.from(await file.arrayBuffer()));
    // The signature lines of the form, one per officer, and the certificate page's "signs for" line for each.
    expect(text).toContain('Daniel Tremblay, President (Tremblay Holdings Inc.)');
    expect(text).toContain('Sophie Tremblay, Secretary (Tremblay Holdings Inc.)');
    expect(text).toContain('Signs for: Tremblay Holdings Inc. (President)');
    expect(text).toContain('Signs for: Tremblay Holdings Inc. (Secretary)');
  }, 120_000);

  it('an entity owner saved before officers were asked for is not in good order: nothing is generated to sign', async () => {
    const { clientId } = await seed(entityApplication(null));
    const screening = await server.call('GET', `/api/screening/${clientId}/?incomplete=true`, { token });
    expect(screening.status).toBe(200);
    // The step list marks the owner step unfinished; the step itself says why (tests/steps/owner.test.ts).
    expect(screening.body.$incomplete).toEqual(['owner']);
    const gen = await server.call('POST', '/api/pdf/generate_pdf/', {
      token,
      body: { client_id: clientId, populate_forms: ['BMO'] },
    });
    expect(gen.status).toBe(400);
    expect(gen.body.incomplete_steps.map((s: Loose) => s.id)).toEqual(['owner']);
  }, 60_000);
});
