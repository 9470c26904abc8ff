import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_MESSAGES } from '../../api/auth/identity.ts';
import { TEXT_MESSAGES } from '../../engine/index.ts';
import { databases, startServer, type TestServer } from '../support/apiServer.ts';

const PASSWORD = 'correct horse battery';
let counter = 0;
/** Digits only, so a name made with it keeps its own script. */
const unique = (): string => `${process.pid}${(counter += 1)}${Math.floor(Math.random() * 1e6)}`;

describe.each(databases)('account names (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const signUp = (body: Record<string, unknown>) => server.call('POST', '/api/users/', { body });
  const login = (username: string, password = PASSWORD) =>
    server.call('POST', '/api/login/', { body: { username, password } });

  it('refuses a NUL in the login name with 400 naming the field, not a 500', async () => {
    const res = await login('a\u0000b');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'username', message: TEXT_MESSAGES.notText }]);
    const lone = await server.call('POST', '/api/users/', {
      raw: `{"email":"x${unique()}\\ud800@example.com","password":"${PASSWORD}"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(lone.status).toBe(400);
    expect(lone.body.errors).toEqual([{ field: 'email', message: TEXT_MESSAGES.notText }]);
  });

  it('stores and compares emails and usernames in their NFKC form', async () => {
    const id = unique();
    // Full-width letters and the "ﬁ" ligature are the same name once folded.
    const wide = `ｆｉｏｎａ${id}@ＥＸＡＭＰＬＥ.com`;
    const created = await signUp({ email: wide, username: `ﬁona_${id}`, password: PASSWORD });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({ email: `fiona${id}@example.com`, username: `fiona_${id}` });
    expect((await login(`fiona${id}@example.com`)).status).toBe(200);
    expect((await login(`ＦＩＯＮＡ_${id}`)).status).toBe(200);
    // The folded spelling is the registered name: a second sign-up with it gets the "already registered" answer.
    const again = await signUp({ email: `fiona${id}@example.com`, username: `other_${id}`, password: PASSWORD });
    expect(again.status).toBe(201);
    const taken = await signUp({ email: `new${id}@example.com`, username: `ｆｉｏｎａ_${id}`, password: PASSWORD });
    expect(taken.status).toBe(400);
    expect(taken.body.errors[0].field).toBe('username');
  });

  it('refuses zero-width and bidi characters in emails and usernames', async () => {
    const id = unique();
    for (const [field, body] of [
      ['username', { email: `zw${id}@example.com`, username: `ad\u200bmin${id}`, password: PASSWORD }],
      ['username', { email: `bidi${id}@example.com`, username: `user\u202e${id}`, password: PASSWORD }],
      ['email', { email: `in\u2060visible${id}@example.com`, password: PASSWORD }],
      ['email', { email: `b\ufeffom${id}@example.com`, password: PASSWORD }],
    ] as const) {
      const res = await signUp(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toContainEqual({ field, message: IDENTITY_MESSAGES.invisible });
    }
    const res = await login(`ad\u200bmin${id}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'username', message: IDENTITY_MESSAGES.invisible }]);
  });

  it('refuses a username mixing Latin with Cyrillic or Greek look-alikes, and keeps single-script names', async () => {
    const id = unique();
    // "раypal": the first two letters are Cyrillic; "Αdmin": the first is a Greek capital alpha.
    for (const username of [`раypal${id}`, `Αdmin${id}`]) {
      const res = await signUp({ email: `mix${unique()}@example.com`, username, password: PASSWORD });
      expect(res.status, username).toBe(400);
      expect(res.body.errors).toContainEqual({ field: 'username', message: IDENTITY_MESSAGES.mixedScripts });
    }
    const spoofed = await signUp({ email: `pаypal${id}@example.com`, password: PASSWORD });
    expect(spoofed.status).toBe(400);
    expect(spoofed.body.errors).toContainEqual({ field: 'email', message: IDENTITY_MESSAGES.mixedScriptsEmail });
    for (const username of [`иван${id}`, `Ελένη${id}`, `Élodie_Nguyễn${id}`]) {
      const res = await signUp({ email: `one${unique()}@example.com`, username, password: PASSWORD });
      expect(res.status, `${username}: ${res.text}`).toBe(201);
    }
  });

  it('counts failed logins once per account, whether by its email or its username', async () => {
    const id = unique();
    const email = `both${id}@example.com`;
    const username = `both_${id}`;
    expect((await signUp({ email, username, password: PASSWORD })).status).toBe(201);
    // Five failures are free, however the account is named; the sixth try waits.
    for (const name of [email, username, email, username, email])
      expect((await login(name, 'wrong password 1')).status).toBe(401);
    const sixth = await login(username, 'wrong password 1');
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(email)).status).toBe(429);
  });
});
