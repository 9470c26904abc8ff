import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDefinitionFiles } from '../../api/definitions/readDefinitionFiles.ts';
import { languageOf } from '../../api/http/languageOf.ts';
import { catalogueEntries, type FieldError } from '../../engine/index.ts';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { example } from '../support/engine.ts';

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
