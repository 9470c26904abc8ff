import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';

interface Line {
  msg?: string;
  userId?: number;
  reqId?: string;
  res?: { statusCode: number };
  req?: { url: string };
}

describe.each(databases)('request logs (%s)', (kind) => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await startServer(kind, {
      logLevel: 'info',
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('names the user on every line of an authenticated request, and never logs a body (a SIN)', async () => {
    const adviser = await signUp(server, 'logged');
    const other = await signUp(server, 'other');
    const id = await createClient(server, adviser.token);
    const sin = {
      owner1_sin_part1: '046',
      owner1_sin_part2: '454',
      owner1_sin_part3: '286',
      owner1_fatca_status: 'no',
      owner1_crs_status: 'no',
    };
    expect(
      (await server.call('PATCH', `/api/screening/${id}/tax-information/`, { token: adviser.token, body: sin })).status,
    ).toBe(200);
    await server.call('GET', `/api/screening/${id}/`, { token: adviser.token });
    await server.call('GET', `/api/clients/${id}/`, { token: other.token });
    await server.call('GET', '/api/clients/', { token: 'not-a-token' });
    await new Promise((resolve) => setTimeout(resolve, 50));

    const parsed = lines.map((l) => JSON.parse(l) as Line);
    const completed = parsed.filter((l) => l.msg === 'request completed');
    // Lines show the path as routed (the /api prefix stripped).
    const byUrl = (url: string) =>
      completed.filter((l) => parsed.some((p) => p.reqId === l.reqId && p.req?.url === url));
    expect(byUrl(`/screening/${id}/tax-information/`).map((l) => l.userId)).toEqual([adviser.id]);
    expect(byUrl(`/screening/${id}/`).map((l) => l.userId)).toEqual([adviser.id]);
    // A refused call names who tried.
    expect(byUrl(`/clients/${id}/`).map((l) => [l.userId, l.res?.statusCode])).toEqual([[other.id, 404]]);
    // A login names the account it logged in; a bad token names nobody.
    expect(
      byUrl('/login/')
        .map((l) => l.userId)
        .sort(),
    ).toEqual([adviser.id, other.id].sort());
    expect(
      byUrl('/clients/')
        .filter((l) => l.res?.statusCode === 401)
        .map((l) => l.userId),
    ).toEqual([undefined]);
    // Every completed authenticated request carries a user id.
    for (const l of completed)
      if (l.res && l.res.statusCode < 400 && !parsed.some((p) => p.reqId === l.reqId && p.req?.url === '/users/'))
        expect(l.userId, JSON.stringify(l)).toBeTypeOf('number');
    const all = lines.join('\n');
    expect(all).not.toMatch(/046.?454/);
    expect(all).not.toContain('sin_part');
  });
});
