import { describe, expect, it } from 'vitest';
import { createClient, databases } from '../support/apiServer.ts';
import { suiteServer } from '../support/suiteServer.ts';

/** Issue 24, item 5: saves of one record sent at once wait their turn; none is refused, none is lost. */
const SAVES = 200;

/** A name made of letters only (names refuse digits and symbols): 0 → "Aa", 1 → "Ab", … */
const letters = (n: number): string =>
  String.fromCharCode(65 + (Math.floor(n / 26) % 26)) + String.fromCharCode(97 + (n % 26));

/** Free-text fields of one step with no rule between them (the successor owners of multi-owner). */
const STEP_FIELDS = [
  'owner1_successor_first_name',
  'owner1_successor_middle_name',
  'owner1_successor_last_name',
  'owner1_successor_relationship',
  'owner2_successor_first_name',
  'owner2_successor_middle_name',
  'owner2_successor_last_name',
  'owner2_successor_relationship',
];
/** Free-text fields of a client record. */
const CLIENT_FIELDS = [
  'city',
  'occupation',
  'address_line1',
  'address_line2',
  'type_of_business',
  'employer_city',
  'physical_residence',
  'citizenship',
];

/** SAVES saves spread over the fields, each with a value of its own: the i-th sets fields[i % n] to "Value Xy". */
const plan = (fields: string[]) =>
  Array.from({ length: SAVES }, (_, i) => ({ field: fields[i % fields.length], value: `Value ${letters(i)}` }));

/** Each field holds one of the values sent to it, and the last of them in the order the server applied the saves. */
function expectMerged(record: Record<string, unknown>, saves: { field: string; value: string }[], fields: string[]) {
  for (const field of fields) {
    const sent = saves.filter((s) => s.field === field).map((s) => s.value);
    expect(sent).toContain(record[field]);
  }
}

describe.each(databases)('saves of one record sent at once (%s)', (kind) => {
  const suite = suiteServer(kind);

  it(`answers ${SAVES} concurrent PATCHes of different fields of one step with 2xx and keeps every one`, async () => {
    const { server, token } = suite;
    const id = await createClient(server, token);
    const saves = plan(STEP_FIELDS);
    const answers = await Promise.all(
      saves.map((s) =>
        server.call('PATCH', `/api/screening/${id}/multi-owner/`, { token, body: { [s.field]: s.value } }),
      ),
    );
    expect(answers.filter((a) => a.status < 200 || a.status > 299).map((a) => `${a.status} ${a.text}`)).toEqual([]);
    const stored = await server.call('GET', `/api/screening/${id}/multi-owner/`, { token });
    expectMerged(stored.body, saves, STEP_FIELDS);
    // Every save changed the record: each wrote a version of its own on top of the one before.
    expect(stored.headers.get('etag')).toBe(`"${SAVES}"`);
    const versions = answers.map((a) => a.headers.get('etag')).sort();
    expect(new Set(versions).size).toBe(SAVES);
    // The last save's answer is the record as stored: the merge of all of them.
    const last = answers.find((a) => a.headers.get('etag') === `"${SAVES}"`);
    expect(last?.body).toEqual(stored.body);
  });

  it(`answers ${SAVES} concurrent PATCHes of different fields of one client with 2xx and keeps every one`, async () => {
    const { server, token } = suite;
    const id = await createClient(server, token);
    const before = Number(
      (await server.call('GET', `/api/clients/${id}/`, { token })).headers.get('etag')?.replace(/"/g, ''),
    );
    const saves = plan(CLIENT_FIELDS);
    const answers = await Promise.all(
      saves.map((s) => server.call('PATCH', `/api/clients/${id}/`, { token, body: { [s.field]: s.value } })),
    );
    expect(answers.filter((a) => a.status < 200 || a.status > 299).map((a) => `${a.status} ${a.text}`)).toEqual([]);
    const stored = await server.call('GET', `/api/clients/${id}/`, { token });
    expectMerged(stored.body, saves, CLIENT_FIELDS);
    expect(stored.headers.get('etag')).toBe(`"${before + SAVES}"`);
    expect(new Set(answers.map((a) => a.headers.get('etag'))).size).toBe(SAVES);
  });

  it('still refuses a save on a stale version with 412 while others wait their turn', async () => {
    const { server, token } = suite;
    const id = await createClient(server, token);
    const seen = (await server.call('GET', `/api/screening/${id}/multi-owner/`, { token })).headers.get('etag') ?? '';
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        server.call('PATCH', `/api/screening/${id}/multi-owner/`, {
          token,
          body: { [STEP_FIELDS[i % STEP_FIELDS.length]]: `Value ${letters(i)}` },
          headers: { 'if-match': seen },
        }),
      ),
    );
    // One of them saves on the version all of them saw; the others find it changed.
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 412)).toHaveLength(19);
  });
});
