import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../api/types.ts';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { arbitraryFromSchema, junk } from '../support/arbitraryFromSchema.ts';
import { definitions, example } from '../support/engine.ts';

const RUNS = Number(process.env.API_PROPERTY_RUNS ?? 25);

/** Spec routes that take a body for a step, with how to build their path and envelope from a random record. */
const specCalls: { [stepId: string]: (id: number, record: unknown) => [string, string, unknown] } = {
  basic: (id, r) => ['POST', '/insurance/screening/basic/', { ...(r as object), client_id: id }],
  owner: (id, r) => ['POST', '/insurance/screening/owner/', { ...(r as object), client_id: id }],
  'multi-owner': (id, r) => ['POST', '/insurance/screening/save_multi_owner/', { ...(r as object), client_id: id }],
  'tax-information': (id, r) => ['POST', `/insurance/screening/save-tax-information/${id}/`, r],
  'plan-details': (id, r) => ['POST', '/insurance/screening/save_plan_details/', { client_id: id, plan_details: r }],
  beneficiary: (id, r) => ['POST', '/insurance/screening/save_beneficiaries/', { ...(r as object), client_id: id }],
  'purpose-of-insurance': (id, r) => [
    'POST',
    '/insurance/screening/purpose-of-insurance/',
    { ...(r as object), client_id: id },
  ],
  financial: (id, r) => [
    'POST',
    `/insurance/screening/save_financial/?client_id=${id}`,
    {
      insured_1: { financial_data: (r as JsonObject)?.insured_1 },
      insured_2: (r as JsonObject)?.insured_2 ?? null,
      owner_financial_data: (r as JsonObject)?.owner_financial_data,
      corporate_data: (r as JsonObject)?.corporate_data,
    },
  ],
  'insurance-history': (id, r) => [
    'POST',
    '/insurance/screening/save_insurance_history/',
    {
      client_id: id,
      insured_1: { insurance_history_data: (r as JsonObject)?.insured_1 },
      insured_2: (r as JsonObject)?.insured_2 ?? null,
    },
  ],
  lifestyle: (id, r) => ['POST', '/insurance/screening/save_lifestyle/', { ...(r as object), client_id: id }],
  medical: (id, r) => ['POST', '/insurance/screening/save_medical/', { ...(r as object), client_id: id }],
};

describe.each(databases)('random and malformed step bodies (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(kind);
    token = (await signUp(server)).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(definitions.order)('%s: never a 5xx, and a refused save changes nothing', async (stepId) => {
    // A client holding a full example application, so cross-step rules and effects have data to work on.
    const id = await createClient(server, token);
    const names = Object.keys(definitions.steps[stepId].examples);
    const seed = names.length ? example(stepId, names[0]) : {};
    delete seed.$context;
    for (const [other, record] of Object.entries(seed)) if (record) await server.seedRecord(id, other, record);

    const schema = definitions.steps[stepId].schema;
    const body = fc.oneof({ arbitrary: arbitraryFromSchema(schema), weight: 8 }, { arbitrary: junk, weight: 1 });
    const route = fc.constantFrom<'put' | 'patch' | 'spec'>('put', 'patch', 'spec');
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(body, route, async (record, how) => {
        const before = (await server.call('GET', `/api/screening/${id}/`, { token })).body;
        const spec = specCalls[stepId];
        const [method, path, payload] =
          how === 'spec' && spec
            ? spec(id, record)
            : [how === 'patch' ? 'PATCH' : 'PUT', `/api/screening/${id}/${stepId}/`, record];
        const res = await server.call(method, path, { token, body: payload === undefined ? null : payload });
        expect(
          res.status,
          `${method} ${path} ${JSON.stringify(payload)?.slice(0, 300)} -> ${res.text.slice(0, 300)}`,
        ).toBeLessThan(500);
        expect([200, 400, 404]).toContain(res.status);
        const after = (await server.call('GET', `/api/screening/${id}/`, { token })).body;
        if (res.status !== 200) {
          expect(typeof res.body.error).toBe('string');
          expect(after).toEqual(before);
        } else {
          accepted += 1;
          // Only the step and the records its contract writes (its links and writes) may change.
          const contract = definitions.steps[stepId].contract;
          const touched = new Set([
            stepId,
            ...(contract?.records ?? []).map((r) => r.link.split('.')[0]),
            ...Object.keys(contract?.writes ?? {}).map((p) => p.split('.')[0]),
          ]);
          const others = (data: JsonObject) =>
            Object.fromEntries(Object.entries(data).filter(([k]) => !touched.has(k) && !k.startsWith('$')));
          expect(others(after)).toEqual(others(before));
          // ...and only their versions move.
          expect(others(after.$versions)).toEqual(others(before.$versions));
        }
      }),
      { numRuns: RUNS },
    );
    if (process.env.API_PROPERTY_DEBUG) console.log(stepId, kind, 'accepted', accepted, 'of', RUNS);
    expect(accepted).toBeGreaterThanOrEqual(0);
  });
});
