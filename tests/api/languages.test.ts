import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDefinitionFiles } from '../../api/definitions/readDefinitionFiles.ts';
import { languageOf } from '../../api/http/languageOf.ts';
import { catalogueEntries, type FieldError } from '../../engine/index.ts';
import type { JsonObject } from '../../engine/index.ts';
import { clientBody, createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { definitionText } from '../support/definitionText.ts';
import { example } from '../support/engine.ts';
import { fullApplication, withEveryInsurer } from '../pdf/support.ts';

/** The French the lifestyle catalogue gives each English message (its `{who}` left as written). */
const french = new Map(
  catalogueEntries(readDefinitionFiles('steps')['lifestyle/i18n/fr.json']).map(([, e]) => [e.en, e.fr] as const),
);
const frenchWho = new Map(
  catalogueEntries(readDefinitionFiles('steps')['lifestyle/i18n/fr.json'])
    .filter(([key]) => key.includes('/params/'))
    .map(([, e]) => [e.en, e.fr] as const),
);

describe('languageOf (Accept-Language)', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fr-CA,fr;q=0.9,en;q=0.8', 'fr'],
    ['fr', 'fr'],
    ['en-CA,en;q=0.9,fr;q=0.8', 'en'],
    ['de-DE,fr;q=0.5', 'fr'],
    ['en;q=0.4,fr;q=0.6', 'fr'],
    ['*', 'en'],
    ['fr;q=0, en;q=0.1', 'en'],
    ['fr-CA;q=0.4,en-US;q=0.7', 'en'],
  ])('%s → %s', (header, lang) => {
    expect(languageOf({ headers: header === undefined ? {} : { 'accept-language': header } })).toBe(lang);
  });
});

describe.each(databases)('a refused save in the language the request asks for (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(kind);
    token = (await signUp(server)).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers the same fields, in French for Accept-Language fr-CA and in English with no preference', async () => {
    const id = await createClient(server, token);
    const data = example('lifestyle', 'all-no');
    for (const [step, record] of Object.entries(data))
      if (step !== 'lifestyle' && step !== '$context' && record) await server.seedRecord(id, step, record);
    // A declaration left unanswered.
    const record = structuredClone(data.lifestyle) as { lifestyle_data_1: Record<string, unknown> };
    delete record.lifestyle_data_1.drinks_alcohol;
    const path = `/api/screening/${id}/lifestyle/`;
    const english = await server.call('PUT', path, { token, body: record });
    const fr = await server.call('PUT', path, {
      token,
      body: record,
      headers: { 'accept-language': 'fr-CA,fr;q=0.9' },
    });
    expect(english.status).toBe(400);
    expect(fr.status).toBe(400);
    const en = english.body.errors as FieldError[];
    const frErrors = fr.body.errors as FieldError[];
    expect(frErrors.map((e) => e.field)).toEqual(en.map((e) => e.field));
    const refused = en.find((e) => e.field === 'lifestyle_data_1.drinks_alcohol');
    const refusedFr = frErrors.find((e) => e.field === 'lifestyle_data_1.drinks_alcohol');
    expect(refused).toBeDefined();
    // The French message is the catalogue's, with the French name of the insured for {who}.
    const expected = [...french].flatMap(([en, fr]) =>
      [...frenchWho]
        .filter(([whoEn]) => en.replace('{who}', whoEn) === refused?.message)
        .map(([, whoFr]) => fr.replace('{who}', whoFr)),
    );
    expect(expected).toHaveLength(1);
    expect(refusedFr?.message).toBe(expected[0]);
    expect(refusedFr?.message).not.toBe(refused?.message);
  });
});

/** The French of every catalogue of steps/ (and the server's api/texts), by English text. */
const allFrench = new Map(
  [
    ...Object.entries(readDefinitionFiles('steps')).filter(([file]) => file.includes('i18n/')),
    ['texts', readDefinitionFiles('api/texts')['i18n/fr.json']] as const,
  ].flatMap(([, json]) => catalogueEntries(json).map(([, e]) => [e.en, e.fr] as const)),
);
/** The French of a text of the server (api/texts/i18n/fr.json), by its key in texts.json. */
const serverFrench = (key: string): string =>
  new Map(catalogueEntries(readDefinitionFiles('api/texts')['i18n/fr.json'])).get(`texts.json#/messages/${key}`)!.fr;
/** The French of a steps/ text, by its file and pointer (the catalogue beside it). */
const stepFrench = (catalogue: string, key: string): string =>
  new Map(catalogueEntries(readDefinitionFiles('steps')[catalogue])).get(key)!.fr;

describe.each(databases)('the server answers in the language asked for (%s, issue 28 part 3)', (kind) => {
  let server: TestServer;
  let token: string;
  let clientId: number;
  let applicationId: number;
  const FR = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' };
  beforeAll(async () => {
    server = await startServer(kind, { seedDemo: false });
    token = (await signUp(server, 'langues')).token;
    clientId = await createClient(server, token);
    for (const [stepId, record] of Object.entries(withEveryInsurer(fullApplication())))
      if (stepId !== '$context' && record) await server.seedRecord(clientId, stepId, record as JsonObject);
    const created = await server.call('POST', '/api/applications/create_new_application/', {
      token,
      body: { client_id: clientId },
    });
    applicationId = created.body.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("a refused login: the spec's English with no preference or English preferred, French for fr-CA", async () => {
    const body = { username: 'nobody@example.com', password: 'wrong password here' };
    const none = await server.call('POST', '/api/login/', { body });
    expect(none.status).toBe(401);
    expect(none.body.error).toBe('Invalid credentials');
    expect(none.headers.get('content-language')).toBe('en');
    const english = await server.call('POST', '/api/login/', {
      body,
      headers: { 'accept-language': 'fr;q=0.5,en-CA;q=0.9' },
    });
    expect(english.body.error).toBe('Invalid credentials');
    const fr = await server.call('POST', '/api/login/', { body, headers: FR });
    expect(fr.status).toBe(401);
    expect(fr.body.error).toBe(serverFrench('invalidCredentials'));
    expect(fr.body.error).not.toBe('Invalid credentials');
    expect(fr.headers.get('content-language')).toBe('fr');
  });

  it("a refused client: the client profile's message in the request's language, the same fields", async () => {
    const bad = clientBody({ email: 'not an email' });
    const en = await server.call('POST', '/api/clients/', { token, body: bad });
    const fr = await server.call('POST', '/api/clients/', { token, body: bad, headers: FR });
    expect(en.status).toBe(400);
    expect(fr.status).toBe(400);
    const enErrors = en.body.errors as FieldError[];
    const frErrors = fr.body.errors as FieldError[];
    expect(frErrors.map((e) => e.field)).toEqual(enErrors.map((e) => e.field));
    expect(enErrors.length).toBeGreaterThan(0);
    for (const [i, e] of enErrors.entries()) {
      expect(allFrench.get(e.message)).toBeTruthy();
      expect(frErrors[i].message).toBe(allFrench.get(e.message));
    }
  });

  it("the summary's labels and money in French; English unchanged without a header", async () => {
    const path = `/api/pdf/summary/${clientId}/?populate_forms=BMO`;
    const en = await server.call('GET', path, { token });
    const fr = await server.call('GET', path, { token, headers: FR });
    expect(en.status).toBe(200);
    expect(fr.status).toBe(200);
    expect(en.body.plan_details[0].face_amount).toBe('$750,000');
    expect(fr.body.plan_details[0].face_amount.replace(/\s/g, ' ')).toBe('750 000 $');
    expect(fr.body.type_of_insurance).toBe(allFrench.get(en.body.type_of_insurance));
    expect(fr.body.plan_details[0].product_type).toBe(allFrench.get(en.body.plan_details[0].product_type));
    expect(fr.body.type_of_insurance).not.toBe(en.body.type_of_insurance);
  });

  it("a refused life cycle event and the application's labels in French", async () => {
    const generated = await server.call('POST', '/api/pdf/generate_pdf/', {
      token,
      body: { client_id: clientId, populate_forms: ['BMO'] },
      headers: FR,
    });
    expect(generated.status, generated.text).toBe(200);
    // The documents in the client's preferred language (English here), whatever the request's.
    expect(generated.body.data.language).toBe('en');
    const submit = (headers?: Record<string, string>) =>
      server.call('POST', `/api/applications/${applicationId}/insurers/BMO/submit/`, { token, body: {}, headers });
    const en = await submit();
    const fr = await submit(FR);
    expect(en.status).toBe(400);
    expect(fr.status).toBe(400);
    const { status } = (await server.call('GET', `/api/applications/${applicationId}/`, { token })).body;
    const labelEn = definitionText('lifecycle.json', `/statuses/${status}/label`);
    const labelFr = stepFrench('i18n/fr.json', `lifecycle.json#/statuses/${status}/label`);
    // The refusal names the status in the request's language; the sentence around it follows.
    expect(en.body.error).toContain(labelEn);
    expect(fr.body.error).toContain(labelFr);
    expect(fr.body.error).not.toContain(labelEn);
    expect(fr.body.errors[0].message).toBe(fr.body.error);
    const detail = await server.call('GET', `/api/applications/${applicationId}/`, { token, headers: FR });
    expect(detail.body.status_label).toBe(labelFr);
  });

  it("with no Accept-Language, the account's language; a 404 in it", async () => {
    const email = `francais.${process.pid}.${Date.now()}@example.com`;
    const password = 'correct horse battery';
    expect((await server.call('POST', '/api/users/', { body: { email, password, language: 'fr' } })).status).toBe(201);
    const login = await server.call('POST', '/api/login/', { body: { username: email, password } });
    const missing = await server.call('GET', '/api/clients/999999/', { token: login.body.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(serverFrench('notFound'));
    const asked = await server.call('GET', '/api/clients/999999/', {
      token: login.body.token,
      headers: { 'accept-language': 'en' },
    });
    expect(asked.body.error).toBe('Not found');
  });
});
