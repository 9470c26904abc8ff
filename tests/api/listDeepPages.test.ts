import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';

/** Names of letters only, several clients to a name: ties that only the id orders. */
const LAST = ['Côté', 'cote', 'Roy', 'Åberg', 'Zola', 'roy', 'Lee'];
const FIRST = ['Hélène', 'Ann', 'ann', 'Émile', 'Bob'];
const CLIENTS = 100;

// A page in the second half of a list is read from its end, backwards (pageWindow): each page must still hold the
// rows the whole list holds at that place. The whole list is one page of 100, read forwards from its start.
describe.each(databases)('deep pages of the client and application lists (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  const get = async (path: string): Promise<{ count: number; results: { id: number }[] }> => {
    const res = await server.call('GET', path, { token });
    expect(res.status, path).toBe(200);
    return res.body;
  };
  /** Every page of a list, page by page. */
  const pages = async (path: string, pageSize: number): Promise<number[][]> => {
    const out: number[][] = [];
    for (let page = 1; ; page++) {
      const body = await get(`${path}${path.includes('?') ? '&' : '?'}page_size=${pageSize}&page=${page}`);
      out.push(body.results.map((r) => r.id));
      if (page * pageSize >= body.count) return out;
    }
  };

  beforeAll(async () => {
    server = await startServer(kind);
    token = (await signUp(server)).token;
    const ids: number[] = [];
    for (let i = 0; i < CLIENTS; i++)
      ids.push(
        await createClient(server, token, { first_name: FIRST[i % FIRST.length], last_name: LAST[i % LAST.length] }),
      );
    for (const id of ids.filter((_, i) => i % 3 === 0))
      expect(
        (await server.call('POST', '/api/applications/create_new_application/', { token, body: { client_id: id } }))
          .status,
      ).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  for (const ordering of ['', 'last_name', '-last_name', 'first_name,-created_at', 'phone', '-email'])
    it(`pages of 7 and 25 hold the whole list's rows in its order (ordering "${ordering}")`, async () => {
      const path = `/api/clients/?ordering=${ordering}`;
      const whole = (await get(`${path}&page_size=100`)).results.map((r) => r.id);
      expect(whole).toHaveLength(CLIENTS);
      for (const size of [7, 25]) {
        const paged = await pages(path, size);
        expect(paged.flat()).toEqual(whole);
        // The last page (2 rows of 7, or 25) is read from the end: it holds the list's last rows.
        expect(paged.at(-1)).toEqual(whole.slice((paged.length - 1) * size));
        const middle = Math.floor(paged.length / 2) + 1;
        expect(paged[middle]).toEqual(whole.slice(middle * size, (middle + 1) * size));
      }
    });

  it('a searched list pages the same way', async () => {
    const path = '/api/clients/?search=cote&ordering=-first_name';
    const whole = (await get(`${path}&page_size=100`)).results.map((r) => r.id);
    expect(whole.length).toBeGreaterThan(20);
    expect((await pages(path, 6)).flat()).toEqual(whole);
  });

  for (const ordering of ['', 'client_name', '-client_name'])
    it(`the applications list's pages hold the whole list's rows in its order (ordering "${ordering}")`, async () => {
      const path = `/api/applications/?ordering=${ordering}`;
      const whole = (await get(`${path}&page_size=100`)).results.map((r) => r.id);
      expect(whole).toHaveLength(Math.ceil(CLIENTS / 3));
      const paged = await pages(path, 5);
      expect(paged.flat()).toEqual(whole);
      expect(paged.at(-1)).toEqual(whole.slice(30));
    });
});
