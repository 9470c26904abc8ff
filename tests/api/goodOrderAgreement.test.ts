/**
 * Issue 31, item 2: the review and generation agree. The review (and the step list) run the engine's good-order check
 * in the browser over what the screening's load answers; generation runs it on the server before building anything.
 * Whatever one calls complete the other accepts, and the reverse, for every application, including one whose second
 * insured was copied from a previous insured (which once made every application with that person as insured 2
 * unable to generate: "Please select a previous insured from the list").
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationData, JsonObject } from '../../api/types.ts';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { engine, example } from '../support/engine.ts';

const RUNS = Number(process.env.AGREEMENT_RUNS ?? 12);
const full = example('screening-review', 'full-application');
const STEPS = engine.definitions.order.filter((id) => id in full && full[id] !== undefined);
const FINAL = engine.definitions.order.at(-1) as string;
const REVIEW = engine.definitions.flow.review;

type Verdict = string[];

describe.each(databases)('the review and generation agree (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(kind);
    token = (await signUp(server)).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The review's verdict: the steps the browser's good-order check lists, over the data and context it loads. */
  async function reviewVerdict(id: number): Promise<Verdict> {
    const data = (await server.call('GET', `/api/screening/${id}/`, { token })).body as ApplicationData;
    const previousInsureds = (await server.call('GET', `/api/clients/${id}/get_previous_proposed_insureds/`, { token }))
      .body;
    const clients = (await server.call('GET', '/api/clients/', { token })).body;
    const context = { clientId: String(id), clients, previousInsureds };
    return engine
      .incompleteSteps({ ...data, $context: context })
      .map((s) => s.id)
      .sort();
  }

  /** Generation's verdict: nothing when it builds the payload, else the steps it names (or its other refusal). */
  async function generationVerdict(id: number): Promise<Verdict> {
    const res = await server.call('GET', `/api/pdf/payload/${id}/?populate_forms=BMO`, { token });
    if (res.status === 200) return [];
    expect(res.status, res.text).toBe(400);
    const named = (res.body.incomplete_steps ?? []) as { id: string }[];
    return named.length ? named.map((s) => s.id).sort() : [`refused: ${res.body.error}`];
  }

  /**
   * A client holding the full two-insured application: every step but the proposed insureds seeded as saved, the
   * insureds saved through the step's own call (insured 2 becomes a client of the adviser, linked to this one).
   */
  async function application(insured2: JsonObject): Promise<{ id: number; second: number }> {
    const id = await createClient(server, token, { first_name: 'Arjun', last_name: 'Mehta' });
    for (const step of STEPS) {
      if (step === 'proposed-insured' || step === REVIEW || step === FINAL) continue;
      const record = structuredClone(full[step]) as JsonObject;
      if (step === 'basic') Object.assign(record, { client_id: id, proposed_insured_1: id, proposed_insured_2: null });
      await server.seedRecord(id, step, record);
    }
    const insureds = structuredClone(full['proposed-insured']) as JsonObject;
    insureds.insured_2 = insured2;
    const saved = await server.call('PUT', `/api/screening/${id}/proposed-insured/`, { token, body: insureds });
    expect(saved.status, saved.text).toBe(200);
    const basic = (await server.call('GET', `/api/screening/${id}/`, { token })).body.basic as JsonObject;
    return { id, second: Number(basic.proposed_insured_2) };
  }

  const insured2 = (full['proposed-insured'] as { insured_2: JsonObject }).insured_2;

  it('an application whose insured 2 was copied from a previous insured generates, and so does the one it came from', async () => {
    const first = await application(structuredClone(insured2));
    expect(await reviewVerdict(first.id)).toEqual([]);
    expect(await generationVerdict(first.id)).toEqual([]);
    const before = (await server.call('GET', `/api/clients/${first.second}/`, { token })).body as JsonObject;

    // The second application picks that person from "Select from previous proposed insureds": the browser copies
    // their details into insured 2 and sends them, with the pick.
    const list = (await server.call('GET', `/api/clients/${first.id}/get_previous_proposed_insureds/`, { token }))
      .body as JsonObject[];
    expect(list.map((c) => c.id)).toContain(first.second);
    const copied = { ...structuredClone(insured2), previous_insured_id: first.second };
    const second = await application(copied);

    for (const id of [first.id, second.id]) {
      const review = await reviewVerdict(id);
      expect(review, `review of ${id}`).toEqual([]);
      expect(await generationVerdict(id), `generation of ${id}`).toEqual(review);
      const generated = await server.call('POST', '/api/pdf/generate_pdf/', {
        token,
        body: { client_id: id, populate_forms: ['BMO'] },
      });
      expect(generated.status, generated.text).toBe(200);
    }
    // The copy is this application's: the previous insured's own record, which the first application reads, is as it was.
    const after = (await server.call('GET', `/api/clients/${first.second}/`, { token })).body as JsonObject;
    const { updated_at: _u, version: _v, ...kept } = after;
    const { updated_at: _w, version: _x, ...was } = before;
    void [_u, _v, _w, _x];
    expect(kept).toEqual(was);
    expect(after).not.toHaveProperty('previous_insured_id');
    const copy = (await server.call('GET', `/api/screening/${second.id}/`, { token })).body['proposed-insured']
      .insured_2 as JsonObject;
    expect(copy).toMatchObject({ first_name: insured2.first_name, last_name: insured2.last_name });
    expect(copy.previous_insured_id ?? null).toBeNull();
    expect(second.second).not.toBe(first.second);
  });

  it('whatever the review calls complete, generation accepts, and the reverse (random applications)', async () => {
    const past = await application(structuredClone(insured2));
    const leaves = STEPS.filter((s) => s !== REVIEW && s !== FINAL && s !== 'proposed-insured').flatMap((step) =>
      Object.keys(full[step] as JsonObject).map((field) => [step, field] as const),
    );
    // Mostly whole applications, so both verdicts occur: a step left out, an answer blanked, insured 2 typed, copied
    // from a previous insured (or from one the adviser does not have), or no insured 2 at all.
    const some = <T>(items: T[], most: number) =>
      fc.oneof({ weight: 2, arbitrary: fc.constant([] as T[]) }, fc.subarray(items, { minLength: 1, maxLength: most }));
    const change = fc.record({
      dropped: some(
        STEPS.filter((s) => s !== 'proposed-insured' && s !== REVIEW && s !== FINAL),
        1,
      ),
      blanked: some(leaves, 2),
      insured2: fc.constantFrom('typed', 'copied', 'copied', 'copied-unknown', 'none'),
    });
    let complete = 0;
    let incomplete = 0;
    await fc.assert(
      fc.asyncProperty(change, async ({ dropped, blanked, insured2: how }) => {
        const body =
          how === 'typed'
            ? structuredClone(insured2)
            : how === 'copied'
              ? { ...structuredClone(insured2), previous_insured_id: past.second }
              : how === 'copied-unknown'
                ? { ...structuredClone(insured2), previous_insured_id: 999_999 }
                : undefined;
        const id = await createClient(server, token, { first_name: 'Arjun', last_name: 'Mehta' });
        for (const step of STEPS) {
          if (step === 'proposed-insured' || step === REVIEW || step === FINAL || dropped.includes(step)) continue;
          const record = structuredClone(full[step]) as JsonObject;
          if (step === 'basic')
            Object.assign(record, { client_id: id, proposed_insured_1: id, proposed_insured_2: null });
          for (const [s, field] of blanked) if (s === step) record[field] = null;
          await server.seedRecord(id, step, record);
        }
        const insureds = structuredClone(full['proposed-insured']) as JsonObject;
        if (body) insureds.insured_2 = body;
        else Object.assign(insureds, { number_of_insureds: 1, insured_2: undefined });
        // Saved as the browser saves it: refused when not in good order, in which case nothing of it is kept.
        await server.call('PUT', `/api/screening/${id}/proposed-insured/`, { token, body: insureds });
        const review = await reviewVerdict(id);
        if (review.length) incomplete += 1;
        else complete += 1;
        expect(await generationVerdict(id), JSON.stringify({ dropped, blanked, how })).toEqual(review);
      }),
      {
        numRuns: RUNS,
        examples: [
          [{ dropped: [], blanked: [], insured2: 'copied' }],
          [{ dropped: ['medical'], blanked: [], insured2: 'copied' }],
        ],
      },
    );
    // Both verdicts were met (the examples above make sure of it).
    expect(complete).toBeGreaterThan(0);
    expect(incomplete).toBeGreaterThan(0);
  });
});
