import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(databases)('sessions: where you are signed in (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { seedDemo: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Logs the account in from a browser; returns the token. */
  const loginFrom = async (email: string, password: string, userAgent: string): Promise<string> => {
    const res = await server.call('POST', '/api/login/', {
      body: { username: email, password },
      headers: { 'user-agent': userAgent },
    });
    expect(res.status).toBe(200);
    return res.body.token as string;
  };
  const sessions = (token: string) => server.call('GET', '/api/sessions/', { token });
  const alive = async (token: string) =>
    (await server.call('GET', '/api/clients/user_info/', { token })).status === 200;

  it('stores each session with its device, address and times, and only the hash of its token', async () => {
    const adviser = await signUp(server, 'sessions');
    const desk = await loginFrom(adviser.email, adviser.password, FIREFOX);
    const phone = await loginFrom(adviser.email, adviser.password, IPHONE);
    const list = await sessions(phone);
    expect(list.status).toBe(200);
    const rows = list.body.results as Record<string, unknown>[];
    expect(rows).toHaveLength(3);
    const mine = rows.find((r) => r.current)!;
    expect(mine).toMatchObject({ id: sha256(phone), user_agent: IPHONE, address: '127.0.0.1' });
    expect(rows.find((r) => r.id === sha256(desk))).toMatchObject({ user_agent: FIREFOX, current: false });
    expect(rows.filter((r) => r.current)).toHaveLength(1);
    for (const row of rows) {
      expect(Date.parse(row.created_at as string)).toBeLessThanOrEqual(Date.parse(row.last_used_at as string));
      expect(Date.parse(row.expires_at as string)).toBeGreaterThan(Date.now());
    }
    // The table holds hashes: no token is in it, each token's sha-256 is.
    const stored = await server.app.database.db
      .selectFrom('tokens')
      .selectAll()
      .where('user_id', '=', adviser.id)
      .execute();
    expect(stored.map((r) => r.token_hash).sort()).toEqual([adviser.token, desk, phone].map(sha256).sort());
    expect(JSON.stringify(stored)).not.toContain(desk);
    expect(JSON.stringify(stored)).not.toContain(phone);
    // Another account sees only its own sessions.
    const other = await signUp(server, 'sessions-other');
    expect((await sessions(other.token)).body.results).toHaveLength(1);
  });

  it('signs out one session, and refuses one that is not mine', async () => {
    const adviser = await signUp(server, 'signout-one');
    const other = await signUp(server, 'signout-stranger');
    const desk = await loginFrom(adviser.email, adviser.password, FIREFOX);
    const stranger = await server.call('DELETE', `/api/sessions/${sha256(desk)}/`, { token: other.token });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ error: 'Not found', errors: [] });
    expect(await alive(desk)).toBe(true);
    expect((await server.call('DELETE', '/api/sessions/not-a-session/', { token: adviser.token })).status).toBe(404);

    const out = await server.call('DELETE', `/api/sessions/${sha256(desk)}/`, { token: adviser.token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect(await alive(desk)).toBe(false);
    expect(await alive(adviser.token)).toBe(true);
    expect((await server.call('DELETE', `/api/sessions/${sha256(desk)}/`, { token: adviser.token })).status).toBe(404);
  });

  it('signs out every other session', async () => {
    const adviser = await signUp(server, 'signout-all');
    const desk = await loginFrom(adviser.email, adviser.password, FIREFOX);
    const phone = await loginFrom(adviser.email, adviser.password, IPHONE);
    const out = await server.call('POST', '/api/sessions/sign-out-others/', { token: phone });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ended: 2 });
    expect(await alive(desk)).toBe(false);
    expect(await alive(adviser.token)).toBe(false);
    expect(await alive(phone)).toBe(true);
    expect((await sessions(phone)).body.results).toHaveLength(1);
    expect((await server.call('GET', '/api/sessions/')).status).toBe(401);
  });

  it('ends a session left idle, and keeps one in use', async () => {
    const idle = await startServer(kind, { seedDemo: false, sessionIdleMs: 1500 });
    try {
      const adviser = await signUp(idle, 'idle');
      const used = await idle.call('POST', '/api/login/', {
        body: { username: adviser.email, password: adviser.password },
      });
      const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
      const ok = async (token: string) => (await idle.call('GET', '/api/clients/user_info/', { token })).status;
      // Used every 700 ms: alive after 2.1 s, longer than the idle time.
      for (let i = 0; i < 3; i += 1) {
        await wait(700);
        expect(await ok(used.body.token)).toBe(200);
      }
      // The signUp session was not used meanwhile: ended, and gone from the table.
      const ended = await idle.call('GET', '/api/clients/user_info/', { token: adviser.token });
      expect(ended.status).toBe(401);
      expect(ended.body).toEqual({ error: 'Invalid token', errors: [] });
      const left = await idle.app.database.db
        .selectFrom('tokens')
        .select('token_hash')
        .where('user_id', '=', adviser.id)
        .execute();
      expect(left.map((r) => r.token_hash)).toEqual([sha256(used.body.token)]);
      await wait(1700);
      expect(await ok(used.body.token)).toBe(401);
    } finally {
      await idle.close();
    }
  });
});
