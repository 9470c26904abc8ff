import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkTokens, RESET_TTL_MS } from '../../api/auth/createLinkTokens.ts';
import type { JsonObject } from '../../api/types.ts';
import {
  ADVISER_PROFILE,
  clientBody,
  createClient,
  databases,
  signUp,
  startServer,
  type TestServer,
} from '../support/apiServer.ts';
import { arbitraryFromSchema } from '../support/arbitraryFromSchema.ts';
import { fullApplication } from '../pdf/support.ts';

/**
 * Contract tests from the served document: for every operation, requests generated from its documented parameters
 * and body (fast-check over the schemas, junk mixed in) are sent to the real server; each request is classed valid or
 * invalid by the document (ajv, JSON Schema 2020-12), and the answer must be a documented status whose body matches
 * its documented schema. An operation's known-good body, when it has one, is sent first. Invalid requests must be refused with 400. Bounded: a fixed seed and a few runs per
 * operation (fewer for the costly ones).
 */

type Json = { [key: string]: any };
const RUNS = Number(process.env.API_CONTRACT_RUNS ?? 8);
const SEED = 20261125;
/** Sign-up and login hash passwords, a generation renders PDFs: a few runs each. */
const COSTLY: { [op: string]: number } = {
  'post /users/': 3,
  'post /login/': 3,
  'post /logout/': 2,
  'post /pdf/generate_pdf/': 2,
  'delete /clients/{id}/': 3,
  'post /password/change/': 4,
  'post /password/reset/confirm/': 4,
};

interface Tally {
  valid: number;
  invalid: number;
  validRefused: number;
  invalidAccepted: number;
  offSchema: number;
}

/**
 * A known-good body per operation (the spec's envelopes of the full example application), so that generated requests
 * also include near-valid ones: the good body with one field replaced by a value generated from its schema.
 */
function goodBodies(
  clientId: number,
  email: string,
  password: string,
  passwords: { password: string; resetToken: string },
): { [op: string]: unknown } {
  const app = fullApplication() as Json;
  const out: { [op: string]: unknown } = {
    'post /clients/': clientBody(),
    'patch /clients/{id}/': clientBody({ first_name: 'Janet' }),
    'post /pdf/generate_pdf/': { client_id: clientId, populate_forms: ['BMO'] },
    'post /users/': { email: `contract.${process.pid}@example.com`, password },
    'post /login/': { username: email, password },
    // The password routes act on accounts of their own (below), so the adviser's password and sessions stay.
    'post /password/change/': { current_password: passwords.password, new_password: 'a quiet harbour at dusk 42' },
    'post /password/reset/': { email },
    'post /password/reset/confirm/': { token: passwords.resetToken, new_password: 'a quiet harbour at dusk 42' },
    'post /applications/create_new_application/': { client_id: clientId },
    'post /insurance/screening-progress/update_progress/': { client_id: clientId, currentStep: 'owner', stepData: {} },
    'post /insurance/screening/save-tax-information/{clientId}/': app['tax-information'],
    'post /insurance/screening/save_plan_details/': { client_id: clientId, plan_details: app['plan-details'] },
    'post /insurance/screening/save_financial/': {
      client_id: clientId,
      insured_1: { financial_data: app.financial.insured_1 },
      insured_2: app.financial.insured_2 ?? null,
      owner_financial_data: app.financial.owner_financial_data,
      corporate_data: app.financial.corporate_data,
    },
    'post /insurance/screening/save_insurance_history/': {
      client_id: clientId,
      insured_1: { insurance_history_data: app['insurance-history'].insured_1 },
      insured_2: app['insurance-history'].insured_2 ?? null,
    },
    'patch /insurance/screening/{id}/owner/': app.owner,
    'put /profile/': ADVISER_PROFILE,
  };
  for (const [stepId, path] of [
    ['basic', 'basic/'],
    ['owner', 'owner/'],
    ['multi-owner', 'save_multi_owner/'],
    ['beneficiary', 'save_beneficiaries/'],
    ['purpose-of-insurance', 'purpose-of-insurance/'],
    ['lifestyle', 'save_lifestyle/'],
    ['medical', 'save_medical/'],
  ]) {
    out[`post /insurance/screening/${path}`] = { ...app[stepId], client_id: clientId };
  }
  for (const [stepId, record] of Object.entries(app)) {
    if (stepId === '$context') continue;
    out[`put /screening/{clientId}/${stepId}/`] = record;
    out[`patch /screening/{clientId}/${stepId}/`] = record;
  }
  return out;
}

/** The good body, or the good body with one of its documented fields replaced by a generated value. */
function nearGood(good: unknown, schema: Json): fc.Arbitrary<unknown> {
  const names = Object.keys((schema.properties ?? {}) as Json);
  if (!good || typeof good !== 'object' || !names.length) return fc.constant(good);
  return fc.oneof(
    fc.constant(good),
    fc
      .constantFrom(...names)
      .chain((name) =>
        arbitraryFromSchema(schema.properties[name] as Json).map((value) => ({ ...(good as Json), [name]: value })),
      ),
  );
}

function pointer(...parts: string[]): string {
  return parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

describe.each(databases)('the API keeps the contract of its document (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  /** The account whose password the change operation changes (the adviser's must stay: logout logs in with it). */
  let changer: string;
  let clientId: number;
  let good: { [op: string]: unknown };
  let generation: { id: string; insurer: string };
  let doc: Json;
  let deref: Json;
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  const tallies: { [op: string]: Tally } = {};

  beforeAll(async () => {
    server = await startServer(kind);
    const adviser = await signUp(server);
    token = adviser.token;
    clientId = await createClient(server, token);
    const other = await signUp(server, 'changer');
    changer = other.token;
    // A real reset token (issued as the route would, for a third account: a reset ends every session).
    const resetter = await signUp(server, 'resetter');
    const resetToken = await createLinkTokens(server.app.database.db, 'password_resets', RESET_TTL_MS).issue(
      resetter.id,
    );
    good = goodBodies(clientId, adviser.email, adviser.password, { password: other.password, resetToken });
    for (const [stepId, record] of Object.entries(fullApplication())) {
      if (stepId !== '$context' && record) await server.seedRecord(clientId, stepId, record as JsonObject);
    }
    const generated = await server.call('POST', '/api/pdf/generate_pdf/', {
      token,
      body: { client_id: clientId, populate_forms: ['BMO'] },
    });
    expect(generated.status, generated.text).toBe(200);
    generation = { id: generated.body.data.id, insurer: 'BMO' };
    doc = (await server.call('GET', '/api/docs')).body;
    ajv.addSchema(doc, 'openapi.json');
    deref = (await SwaggerParser.dereference(structuredClone(doc) as never)) as Json;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    const rows = Object.entries(tallies).map(
      ([op, t]) =>
        `${op.padEnd(62)} valid ${t.valid} (refused ${t.validRefused}), invalid ${t.invalid} (accepted ${t.invalidAccepted}), off-schema ${t.offSchema}`,
    );
    console.log(`contract (${kind}):\n${rows.join('\n')}`);
  });

  const check = (ref: string, data: unknown): string | undefined => {
    const validate = ajv.getSchema(`openapi.json#${ref}`);
    if (!validate) throw new Error(`no schema at ${ref}`);
    return validate(data) ? undefined : ajv.errorsText(validate.errors);
  };

  it('answers every operation as documented', async () => {
    const ops = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
      Object.keys(item as Json).map((method) => ({ path, method })),
    );
    expect(ops.length).toBeGreaterThan(40);
    for (const { path, method } of ops) {
      const name = `${method} ${path}`;
      const op = deref.paths[path][method] as Json;
      const tally: Tally = (tallies[name] = {
        valid: 0,
        invalid: 0,
        validRefused: 0,
        invalidAccepted: 0,
        offSchema: 0,
      });
      const bodySchema = op.requestBody?.content?.['application/json']?.schema as Json | undefined;
      const queryParams = ((op.parameters ?? []) as Json[]).filter((p) => p.in === 'query');
      const generated = bodySchema ? arbitraryFromSchema(bodySchema) : fc.constant(undefined);
      const bodyArb =
        bodySchema && good[name] !== undefined ? fc.oneof(generated, nearGood(good[name], bodySchema)) : generated;
      // A real client most of the time, so the checks behind the id are reached.
      const withClient = (body: unknown): fc.Arbitrary<unknown> =>
        body && typeof body === 'object' && !Array.isArray(body) && bodySchema?.properties?.client_id
          ? fc.oneof(
              { arbitrary: fc.constant({ ...(body as object), client_id: clientId }), weight: 4 },
              { arbitrary: fc.constant(body), weight: 1 },
            )
          : fc.constant(body);
      const queryArb = fc.record(
        Object.fromEntries(
          queryParams.map((p) => [
            p.name as string,
            p.name === 'client_id'
              ? fc.oneof(
                  { arbitrary: fc.constant(String(clientId)), weight: 4 },
                  { arbitrary: fc.constant(undefined), weight: 1 },
                  { arbitrary: arbitraryFromSchema(p.schema as Json), weight: 1 },
                )
              : fc.oneof(fc.constant(undefined), arbitraryFromSchema(p.schema as Json)),
          ]),
        ),
        { requiredKeys: [] },
      );

      await expect
        .soft(
          fc.assert(
            fc.asyncProperty(bodyArb.chain(withClient), queryArb, async (body, query) => {
              // Path parameters: the adviser's own client, generation and insurer; a client to delete is made anew.
              let target = path;
              if (path.includes('{')) {
                const id = method === 'delete' ? await createClient(server, token) : clientId;
                target = path
                  .replace('{clientId}', String(id))
                  .replace('{insurer}', generation.insurer)
                  .replace('{id}', path.startsWith('/pdf/files/') ? generation.id : String(id));
              }
              const search = new URLSearchParams();
              for (const [k, v] of Object.entries(query as Json)) if (v !== undefined) search.set(k, String(v));
              const queryText = search.toString();
              let auth = name === 'post /password/change/' ? changer : token;
              if (name === 'post /logout/')
                auth = (
                  await server.call('POST', '/api/login/', {
                    body: {
                      username: (await server.call('GET', '/api/clients/user_info/', { token })).body.username,
                      password: 'correct horse battery',
                    },
                  })
                ).body.token;

              // Valid by the document: the body and each given query value validate, required ones are present.
              let problem: string | undefined;
              if (bodySchema)
                problem = check(
                  pointer('', 'paths', path, method, 'requestBody', 'content', 'application/json', 'schema'),
                  body ?? null,
                );
              queryParams.forEach((p, i) => {
                const value = (query as Json)[p.name];
                if (value === undefined) {
                  if (p.required) problem ??= `query ${p.name} is required`;
                } else
                  // A query value is text on the wire: a generated number is checked as the digits it is sent as.
                  problem ??=
                    check(
                      pointer(
                        '',
                        'paths',
                        path,
                        method,
                        'parameters',
                        String(
                          doc.paths[path][method].parameters.indexOf(
                            doc.paths[path][method].parameters.find((q: Json) => q.in === 'query' && q.name === p.name),
                          ),
                        ),
                        'schema',
                      ),
                      typeof value === 'object' ? value : String(value),
                    ) && `query ${p.name}: ${i}`;
              });
              const stringQuery = Object.values(query as Json).every(
                (v) => v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean',
              );
              if (!stringQuery) return;

              const res = await server.call(method.toUpperCase(), `/api${target}${queryText ? `?${queryText}` : ''}`, {
                token: op.security?.length === 0 ? undefined : auth,
                body:
                  method === 'get' || method === 'delete' || (name === 'post /logout/' && body === undefined)
                    ? undefined
                    : (body ?? null),
              });
              const what = `${name} ${JSON.stringify(body)?.slice(0, 400)} ?${queryText} -> ${res.status} ${res.text.slice(0, 400)}`;
              expect(res.status, what).toBeLessThan(500);
              expect(Object.keys(op.responses), what).toContain(String(res.status));
              if (problem) {
                tally.invalid += 1;
                // A step save drops hidden answers before its check (x-clearsHiddenAnswers): what it saved is checked below.
                const cleared = res.status === 200 && op['x-clearsHiddenAnswers'] === true;
                // The client is looked up first: an id other than the adviser's client is a 404 whatever else is wrong.
                const named = [
                  (body as Json)?.client_id ?? (body as Json)?.clientId,
                  (query as Json).client_id ?? (query as Json).clientId,
                ].find((v) => v !== undefined && v !== null && v !== '');
                const otherClient = res.status === 404 && named !== undefined && String(named) !== String(clientId);
                if (res.status < 400) tally.invalidAccepted += 1;
                if (!cleared && !otherClient) expect(res.status, `invalid (${problem}): ${what}`).toBe(400);
              } else {
                tally.valid += 1;
                if (res.status === 400) tally.validRefused += 1;
              }
              const content = doc.paths[path][method].responses[String(res.status)].content as Json;
              const type = Object.keys(content)[0];
              if (type === 'application/pdf') {
                expect(res.headers.get('content-type'), what).toBe('application/pdf');
                expect(res.text.startsWith('%PDF'), what).toBe(true);
                return;
              }
              const offSchema = check(
                pointer('', 'paths', path, method, 'responses', String(res.status), 'content', type, 'schema'),
                res.body,
              );
              if (offSchema) tally.offSchema += 1;
              expect(offSchema, what).toBeUndefined();
            }),
            {
              numRuns: COSTLY[name] ?? RUNS,
              seed: SEED,
              endOnFailure: true,
              // The known-good body goes first, so every operation that has one is reached valid at least once.
              examples: good[name] !== undefined ? [[good[name], {}]] : [],
            },
          ),
          name,
        )
        .resolves.toBeUndefined();
    }
  }, 120_000);
});
