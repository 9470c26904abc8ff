import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';

const PAIRS = 100;
const language = { speaks_english_french: true, preferred_language: 'french' };
const residency = { is_canadian_tax_resident: true };

describe.each(databases)('two windows saving at once (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(kind);
    token = (await signUp(server)).token;
  });
  afterAll(async () => {
    await server?.close(true);
  });

  it(`loses no field in ${PAIRS} concurrent pairs of PATCHes of different fields of one step`, async () => {
    const ids = await Promise.all(Array.from({ length: PAIRS }, () => createClient(server, token)));
    const answers = await Promise.all(
      ids.flatMap((id) => [
        server.call('PATCH', `/api/screening/${id}/basic/`, { token, body: language }),
        server.call('PATCH', `/api/screening/${id}/basic/`, { token, body: residency }),
      ]),
    );
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    const lost = [];
    for (const id of ids) {
      const basic = (await server.call('GET', `/api/screening/${id}/`, { token })).body.basic;
      if (basic.preferred_language !== 'french' || basic.is_canadian_tax_resident !== true) lost.push(id);
    }
    expect(lost).toEqual([]);
  });

  it(`loses no field in ${PAIRS} concurrent pairs of the spec's basic call (no If-Match): its merge is atomic too`, async () => {
    const ids = await Promise.all(Array.from({ length: PAIRS }, () => createClient(server, token)));
    const answers = await Promise.all(
      ids.flatMap((id) => [
        server.call('POST', '/insurance/screening/basic/', { token, body: { client_id: id, ...language } }),
        server.call('POST', '/insurance/screening/basic/', { token, body: { client_id: id, ...residency } }),
      ]),
    );
    expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 201)).toEqual([]);
    const lost = [];
    for (const id of ids) {
      const basic = (await server.call('GET', `/api/screening/${id}/`, { token })).body.basic;
      if (basic.preferred_language !== 'french' || basic.is_canadian_tax_resident !== true) lost.push(id);
    }
    expect(lost).toEqual([]);
  });

  it(`loses no field in ${PAIRS} concurrent pairs of client PATCHes (city and occupation)`, async () => {
    const ids = await Promise.all(Array.from({ length: PAIRS }, () => createClient(server, token)));
    const answers = await Promise.all(
      ids.flatMap((id) => [
        server.call('PATCH', `/api/clients/${id}/`, { token, body: { city: 'Lethbridge' } }),
        server.call('PATCH', `/api/clients/${id}/`, { token, body: { occupation: 'Pilot' } }),
      ]),
    );
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    const lost = [];
    for (const id of ids) {
      const client = (await server.call('GET', `/api/clients/${id}/`, { token })).body;
      if (client.city !== 'Lethbridge' || client.occupation !== 'Pilot') lost.push(id);
    }
    expect(lost).toEqual([]);
  });

  it("answers a step record's version as its ETag, refuses a stale or bogus If-Match with 412 and the current record, and saves on a fresh one", async () => {
    const id = await createClient(server, token);
    const first = await server.call('GET', `/api/screening/${id}/basic/`, { token });
    expect(first.status).toBe(200);
    const seen = first.headers.get('etag');
    expect(seen).toMatch(/^"\d+"$/);

    // Window A saves on the version it saw; window B, still on that version, is refused.
    const a = await server.call('PATCH', `/api/screening/${id}/basic/`, {
      token,
      body: language,
      headers: { 'if-match': seen ?? '' },
    });
    expect(a.status).toBe(200);
    const now = a.headers.get('etag');
    expect(now).not.toBe(seen);
    const b = await server.call('PATCH', `/api/screening/${id}/basic/`, {
      token,
      body: residency,
      headers: { 'if-match': seen ?? '' },
    });
    expect(b.status).toBe(412);
    expect(b.body.error).toBe('This step was changed in another window');
    expect(b.body.current).toMatchObject(language);
    expect(b.headers.get('etag')).toBe(now);
    expect(
      (await server.call('GET', `/api/screening/${id}/`, { token })).body.basic.is_canadian_tax_resident,
    ).toBeUndefined();

    expect(
      (
        await server.call('PUT', `/api/screening/${id}/basic/`, {
          token,
          body: { ...language, ...residency },
          headers: { 'if-match': '"bogus"' },
        })
      ).status,
    ).toBe(412);

    // "Keep mine": B saves again on the version the 412 gave.
    const again = await server.call('PATCH', `/api/screening/${id}/basic/`, {
      token,
      body: residency,
      headers: { 'if-match': b.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ ...language, ...residency });
    const single = await server.call('GET', `/api/screening/${id}/basic/`, { token });
    expect(single.headers.get('etag')).toBe(again.headers.get('etag'));
    expect(single.body).toEqual(again.body);
  });

  it("answers a client's version as its ETag and refuses a stale If-Match with 412 and the current client", async () => {
    const id = await createClient(server, token);
    const seen = (await server.call('GET', `/api/clients/${id}/`, { token })).headers.get('etag') ?? '';
    expect(seen).toMatch(/^"\d+"$/);
    const a = await server.call('PATCH', `/api/clients/${id}/`, {
      token,
      body: { city: 'Lethbridge' },
      headers: { 'if-match': seen },
    });
    expect(a.status).toBe(200);
    const b = await server.call('PATCH', `/api/clients/${id}/`, {
      token,
      body: { city: 'Red Deer' },
      headers: { 'if-match': seen },
    });
    expect(b.status).toBe(412);
    expect(b.body.error).toBe('This client was changed in another window');
    expect(b.body.current.city).toBe('Lethbridge');
    expect(b.headers.get('etag')).toBe(a.headers.get('etag'));
    expect((await server.call('GET', `/api/clients/${id}/`, { token })).body.city).toBe('Lethbridge');
  });
});
