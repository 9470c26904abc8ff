import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';

/** Letters only (names refuse digits): 0 -> "Aa", 1 -> "Ab"… */
const letters = (n: number): string =>
  `${String.fromCharCode(65 + Math.floor(n / 26))}${String.fromCharCode(97 + (n % 26))}`;

describe.each(databases)('client list pages, ordering and search (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  const ids: number[] = [];
  const list = async (query = '') => server.call('GET', `/api/clients/${query}`, { token });

  beforeAll(async () => {
    server = await startServer(kind);
    token = (await signUp(server)).token;
    // 30 clients, created in order: the default ordering (newest change first) lists the last one first.
    for (let i = 0; i < 30; i++)
      ids.push(
        await createClient(server, token, {
          first_name: `Client${letters(i)}`.replace(/\d/g, ''),
          last_name: `Zed${letters(29 - i)}`,
          email: `client.${letters(i).toLowerCase()}@example.com`,
          phone_primary: `514-555-${String(1000 + i)}`,
        }),
      );
    await createClient(server, token, {
      first_name: 'Hélène',
      last_name: 'Côté',
      email: 'h.cote@example.com',
      phone_primary: '418 555 0199',
    });
    await createClient(server, token, { first_name: 'élise', last_name: 'Åberg', email: 'elise@example.com' });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers pages of 25 by default with the count of the whole list and links to the pages either side', async () => {
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(32);
    expect(first.body.results).toHaveLength(25);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe('/api/clients/?page=2');
    const second = await server.call('GET', first.body.next, { token });
    expect(second.body.results).toHaveLength(7);
    expect(second.body.next).toBeNull();
    expect(second.body.previous).toBe('/api/clients/');
    const all = [...first.body.results, ...second.body.results].map((c: { id: number }) => c.id);
    expect(new Set(all).size).toBe(32);
    expect(all.slice(2)).toEqual([...ids].reverse());
  });

  it('keeps the other parameters in the links, and takes page_size up to 100', async () => {
    const page = await list('?page_size=10&page=2&ordering=last_name');
    expect(page.body.results).toHaveLength(10);
    expect(page.body.next).toBe('/api/clients/?page_size=10&page=3&ordering=last_name');
    expect(page.body.previous).toBe('/api/clients/?page_size=10&ordering=last_name');
    expect((await list('?page_size=100')).body.results).toHaveLength(32);
    // The spec's path without /api pages the same way.
    expect((await server.call('GET', '/clients/?page_size=5', { token })).body.next).toBe(
      '/clients/?page_size=5&page=2',
    );
  });

  it('refuses a bad page, page size or ordering with 400 naming each, and a page after the last with 404', async () => {
    const bad = await list('?page=0&page_size=101&ordering=last_name,-password_hash');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['page', 'page_size', 'ordering']);
    expect(bad.body.error).toBe('page must be a whole number from 1');
    expect(bad.body.errors[2].message).toBe(
      'ordering must name only last_name, first_name, email, phone, created_at, updated_at (a leading - sorts descending)',
    );
    for (const query of ['?page=abc', '?page_size=0', '?ordering=', '?ordering=profile'])
      expect((await list(query)).status, query).toBe(query === '?ordering=' ? 200 : 400);
    const past = await list('?page=3');
    expect(past.status).toBe(404);
    expect(past.body).toEqual({ error: 'Invalid page.', errors: [{ field: 'page', message: 'Invalid page.' }] });
  });

  it('sorts by name without regard to accents or case, descending with a -, and by several fields', async () => {
    const names = (body: { results: { last_name: string }[] }) => body.results.map((c) => c.last_name);
    const ascending = names((await list('?ordering=last_name&page_size=3')).body);
    expect(ascending).toEqual(['Åberg', 'Côté', 'ZedAa']);
    const descending = names((await list('?ordering=-last_name&page_size=2')).body);
    expect(descending).toEqual(['ZedBd', 'ZedBc']);
    const byFirst = (await list('?ordering=first_name&page_size=1')).body.results[0];
    expect(byFirst.first_name).toBe('ClientAa');
    const byCreated = (await list('?ordering=created_at,-email&page_size=1')).body.results[0];
    expect(byCreated.id).toBe(ids[0]);
    const newest = (await list('?ordering=-created_at&page_size=1')).body.results[0];
    expect(newest.first_name).toBe('élise');
  });

  it('searches name, email and phone across accents and case, every word, wildcards literal', async () => {
    const found = async (search: string) =>
      (await list(`?search=${encodeURIComponent(search)}`)).body.results.map(
        (c: { first_name: string }) => c.first_name,
      );
    expect(await found('helene')).toEqual(['Hélène']);
    expect(await found('HÉLÈNE côte')).toEqual(['Hélène']);
    expect(await found('cote helene')).toEqual(['Hélène']);
    expect(await found('ELISE')).toEqual(['élise']);
    expect(await found('4185550199')).toEqual(['Hélène']);
    expect(await found('418-555-0199')).toEqual(['Hélène']);
    expect(await found('(418)')).toEqual(['Hélène']);
    expect(await found('zedbd')).toEqual(['ClientAa']);
    expect(await found('h*cote')).toEqual([]);
    expect(await found('h_cote')).toEqual([]);
    expect(await found('%')).toEqual([]);
    const searched = await list('?search=client&page_size=20');
    expect(searched.body.count).toBe(30);
    expect(searched.body.next).toBe('/api/clients/?search=client&page_size=20&page=2');
  });

  it("finds a client again under its new name after a change, and never another adviser's", async () => {
    const id = ids[5];
    await server.call('PATCH', `/api/clients/${id}/`, { token, body: { last_name: 'Lefèbvre' } });
    expect((await list('?search=lefebvre')).body.results.map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await list(`?search=${encodeURIComponent('zedby')}`)).body.count).toBe(0);
    const other = await signUp(server);
    expect((await server.call('GET', '/api/clients/?search=lefebvre', { token: other.token })).body).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });
});
