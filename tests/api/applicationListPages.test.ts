import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';

describe.each(databases)('applications list and client history pages (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  const clients: number[] = [];
  beforeAll(async () => {
    server = await startServer(kind);
    token = (await signUp(server)).token;
    for (const [first_name, last_name] of [
      ['Émile', 'Zola'],
      ['Ann', 'Lee'],
      ['Bob', 'Roy'],
    ]) {
      const id = await createClient(server, token, { first_name, last_name });
      clients.push(id);
      for (let i = 0; i < 2; i++)
        expect(
          (await server.call('POST', '/api/applications/create_new_application/', { token, body: { client_id: id } }))
            .status,
        ).toBe(201);
    }
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const get = (query: string) => server.call('GET', `/api/applications/${query}`, { token });

  it('answers a page with count and links, newest first, instead of a bare array', async () => {
    const first = await get('?page_size=4');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(6);
    expect(first.body.results).toHaveLength(4);
    expect(first.body.next).toBe('/api/applications/?page_size=4&page=2');
    expect(first.body.previous).toBeNull();
    const ids = first.body.results.map((a: { id: number }) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await get('?page_size=4&page=2')).body.results).toHaveLength(2);
    expect((await get('?page=3&page_size=4')).status).toBe(404);
  });

  it('sorts by client name across accents, searches by client, filters by status and insurer', async () => {
    const names = (body: { results: { client_name: string }[] }) => body.results.map((a) => a.client_name);
    expect(names((await get('?ordering=client_name')).body)).toEqual([
      'Ann Lee',
      'Ann Lee',
      'Bob Roy',
      'Bob Roy',
      'Émile Zola',
      'Émile Zola',
    ]);
    expect(names((await get('?ordering=-client_name,created_at&page_size=1')).body)).toEqual(['Émile Zola']);
    expect(names((await get('?search=emile%20zola')).body)).toEqual(['Émile Zola', 'Émile Zola']);
    expect((await get('?status=DRAFT')).body.count).toBe(6);
    expect((await get('?status=ISSUED')).body.count).toBe(0);
    // No PDFs were generated: no application was made for BMO yet.
    expect((await get('?insurer=BMO')).body).toEqual({ count: 0, next: null, previous: null, results: [] });
    const bad = await get('?status=LOST&insurer=ACME&ordering=owner');
    expect(bad.status).toBe(400);
    // Every bad parameter named in one 400, each with its message.
    expect(bad.body.errors).toEqual([
      {
        field: 'ordering',
        message: expect.stringMatching(/^ordering must name only created_at, .*\(a leading - sorts descending\)$/),
      },
      {
        field: 'status',
        message:
          'status must be one of DRAFT, READY_TO_SIGN, SIGNED, SUBMITTED, IN_REVIEW, ISSUED, DECLINED, WITHDRAWN',
      },
      { field: 'insurer', message: 'insurer must be one of BMO, MANULIFE, SUNLIFE, BENEVA, CANADA_LIFE' },
    ]);
  });

  it("pages a client's history, newest first or oldest first, and still reads back from an entry", async () => {
    const id = clients[1];
    for (const last_name of ['Leblanc', 'Lemieux', 'Lessard'])
      await server.call('PATCH', `/api/clients/${id}/`, { token, body: { last_name } });
    const path = `/api/clients/${id}/history/`;
    const all = await server.call('GET', path, { token });
    expect(all.body.next).toBeNull();
    const total = all.body.count as number;
    expect(total).toBe(all.body.results.length);
    expect(total).toBeGreaterThanOrEqual(4);
    const first = await server.call('GET', `${path}?page_size=2`, { token });
    expect(first.body.count).toBe(total);
    expect(first.body.results.map((e: { id: number }) => e.id)).toEqual(
      all.body.results.slice(0, 2).map((e: { id: number }) => e.id),
    );
    expect(first.body.next).toBe(`${path}?page_size=2&page=2`);
    const oldest = await server.call('GET', `${path}?ordering=at&page_size=1`, { token });
    expect(oldest.body.results[0].id).toBe(all.body.results[total - 1].id);
    const back = await server.call('GET', `${path}?before=${all.body.results[0].id}&limit=2`, { token });
    expect(back.body.results.map((e: { id: number }) => e.id)).toEqual(
      all.body.results.slice(1, 3).map((e: { id: number }) => e.id),
    );
    expect(back.body.count).toBe(total - 1);
    expect(back.body.next).toBe(`${path}?before=${all.body.results[2].id}&limit=2`);
    expect((await server.call('GET', `${path}?ordering=when`, { token })).status).toBe(400);
  });
});
