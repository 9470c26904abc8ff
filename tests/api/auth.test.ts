import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { specText } from '../support/specText.ts';

const STRONG = 'correct horse battery staple';

describe.each(databases)('accounts and tokens (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('signs up with the username defaulting to the email, and logs in with it', async () => {
    const email = `sam.${kind}.${Date.now()}@example.com`;
    const created = await server.call('POST', '/api/users/', { body: { email, password: STRONG } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email, username: email });
    const login = await server.call('POST', '/api/login/', { body: { username: email, password: STRONG } });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ username: email, role: 'adviser' });
    expect(login.body.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it('takes a chosen username and logs in by username or email', async () => {
    const email = `kim.${kind}.${Date.now()}@example.com`;
    const username = `kim_${kind}_${Date.now()}`;
    expect(
      (await server.call('POST', '/api/users/', { body: { email, password: STRONG, username } })).body.username,
    ).toBe(username);
    expect((await server.call('POST', '/api/login/', { body: { username, password: STRONG } })).status).toBe(200);
    expect((await server.call('POST', '/login/', { body: { username: email, password: STRONG } })).status).toBe(200);
  });

  it('answers a registered email exactly as a new one, and leaves the account as it was', async () => {
    const email = `dup.${kind}.${Date.now()}@example.com`;
    const first = await server.call('POST', '/api/users/', { body: { email, password: STRONG } });
    const again = await server.call('POST', '/api/users/', {
      body: { email: email.toUpperCase(), password: 'another strong passphrase 9' },
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(first.body).toEqual({ email, username: email });
    // The second sign-up changed nothing: the first password still works, the second does not.
    expect((await server.call('POST', '/api/login/', { body: { username: email, password: STRONG } })).status).toBe(
      200,
    );
    expect(
      (await server.call('POST', '/api/login/', { body: { username: email, password: 'another strong passphrase 9' } }))
        .status,
    ).toBe(401);
  });

  it("keeps a username unique, and an email-like username to the account's own email", async () => {
    const stamp = `${kind}${Date.now()}`;
    const victim = `victim.${stamp}@example.com`;
    const squat = await server.call('POST', '/api/users/', {
      body: { email: `squatter.${stamp}@example.com`, password: STRONG, username: victim },
    });
    expect(squat.status).toBe(400);
    expect(squat.body.errors).toEqual([
      { field: 'username', message: 'A username that is an email address must be your own email' },
    ]);
    expect(squat.body.detail).toBe('A username that is an email address must be your own email');
    // The victim's own default sign-up (username = email) and login by email still work.
    expect((await server.call('POST', '/api/users/', { body: { email: victim, password: STRONG } })).status).toBe(201);
    expect((await server.call('POST', '/api/login/', { body: { username: victim, password: STRONG } })).status).toBe(
      200,
    );
    const own = await server.call('POST', '/api/users/', {
      body: { email: `own.${stamp}@example.com`, password: STRONG, username: `OWN.${stamp}@example.com` },
    });
    expect(own.status).toBe(201);

    await server.call('POST', '/api/users/', {
      body: { email: `a.${stamp}@example.com`, password: STRONG, username: `dup${stamp}` },
    });
    const sameName = await server.call('POST', '/api/users/', {
      body: { email: `b.${stamp}@example.com`, password: STRONG, username: `DUP${stamp}` },
    });
    expect(sameName.status).toBe(400);
    expect(sameName.body.detail).toBe('A user with that username already exists');
  });

  it('checks the sign-up fields', async () => {
    const bad = await server.call('POST', '/api/users/', { body: { email: 'not-an-email', password: 'short' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'email', message: specText('client-profile.email.errorMessage.type') },
      { field: 'password', message: 'Password must be at least 12 characters' },
    ]);
    expect(bad.body.detail).toBe(specText('client-profile.email.errorMessage.type'));
  });

  it('refuses short, common and guessable passwords, and one equal to the email', async () => {
    const email = `pw.${kind}.${Date.now()}@example.com`;
    const cases: [string, string][] = [
      ['password', 'Password must be at least 12 characters'],
      ['12345678', 'Password must be at least 12 characters'],
      [' '.repeat(8), 'Password must be at least 12 characters'],
      ['passwordpassword', 'This password is too common or too easy to guess. Please choose a less predictable one.'],
      ['password1234', 'This password is too common or too easy to guess. Please choose a less predictable one.'],
      ['qwertyuiop123', 'This password is too common or too easy to guess. Please choose a less predictable one.'],
      [' '.repeat(16), 'This password is too common or too easy to guess. Please choose a less predictable one.'],
      [email.toUpperCase(), 'Password must not be your email address'],
    ];
    for (const [password, message] of cases) {
      const res = await server.call('POST', '/api/users/', { body: { email, password } });
      expect(res.status, password).toBe(400);
      expect(res.body.errors, password).toEqual([{ field: 'password', message }]);
      expect(res.body.detail, password).toBe(message);
    }
    expect(
      (await server.call('POST', '/api/login/', { body: { username: email, password: 'password1234' } })).status,
    ).toBe(401);
  });

  it('answers a wrong login with 401 "Invalid credentials"', async () => {
    const user = await signUp(server);
    const wrong = await server.call('POST', '/api/login/', {
      body: { username: user.email, password: 'wrong password' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid credentials', errors: [] });
    const nobody = await server.call('POST', '/api/login/', {
      body: { username: 'nobody@example.com', password: 'whatever1' },
    });
    expect(nobody.status).toBe(401);
    expect(nobody.body).toEqual({ error: 'Invalid credentials', errors: [] });
  });

  it('refuses logins after repeated failures, even with the right password', async () => {
    const user = await signUp(server);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await server.call('POST', '/api/login/', { body: { username: user.email, password: `nope${i}xxxx` } })).status,
      ).toBe(401);
    }
    const blocked = await server.call('POST', '/api/login/', {
      body: { username: user.email, password: user.password },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(/Too many failed login attempts/);
  });

  it('logs in the demo adviser created on first start, who has two sample clients', async () => {
    const login = await server.call('POST', '/api/login/', {
      body: { username: 'demo@example.com', password: 'demo1234' },
    });
    expect(login.status).toBe(200);
    const list = await server.call('GET', '/api/clients/', { token: login.body.token });
    expect(list.body.count).toBe(2);
  });

  it('needs a token on every other call', async () => {
    for (const [method, path] of [
      ['GET', '/api/clients/'],
      ['GET', '/clients/'],
      ['GET', '/api/brokers/'],
      ['POST', '/applications/create_new_application/'],
      ['GET', '/insurance/screening/basic/?client_id=1'],
      ['PUT', '/api/screening/1/owner/'],
      ['POST', '/api/logout/'],
    ]) {
      const res = await server.call(method, path, { body: method === 'GET' ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual({ error: specText('plan-details.missingTokenMessage'), errors: [] });
    }
    const wrongScheme = await server.call('GET', '/api/clients/', { headers: { authorization: 'Bearer abc' } });
    expect(wrongScheme.body).toEqual({ error: specText('plan-details.missingTokenMessage'), errors: [] });
  });

  it('refuses an unknown token with 401 "Invalid token"', async () => {
    for (const token of ['0'.repeat(64), 'garbage', 'x'.repeat(500)]) {
      const res = await server.call('GET', '/api/clients/', { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid token', errors: [] });
    }
  });

  it('revokes the token on logout', async () => {
    const user = await signUp(server);
    expect((await server.call('GET', '/api/clients/', { token: user.token })).status).toBe(200);
    const out = await server.call('POST', '/api/logout/', { token: user.token });
    expect(out.status).toBe(200);
    const after = await server.call('GET', '/api/clients/', { token: user.token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: 'Invalid token', errors: [] });
  });

  it('tells the signed-in user at /clients/user_info/', async () => {
    const user = await signUp(server);
    const info = await server.call('GET', '/clients/user_info/', { token: user.token });
    expect(info.body).toEqual({
      user_id: user.id,
      username: user.username,
      email: user.email,
      role: 'adviser',
      email_verified: false,
      is_admin: false,
      language: null,
    });
    expect((await server.call('GET', '/api/clients/user_info/', { token: user.token })).body.user_id).toBe(user.id);
  });

  it('lets tokens expire', async () => {
    const short = await startServer(kind, { tokenTtlMs: 400, seedDemo: false });
    try {
      const user = await signUp(short);
      const id = await createClient(short, user.token);
      expect((await short.call('GET', `/api/clients/${id}/`, { token: user.token })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 600));
      const expired = await short.call('GET', `/api/clients/${id}/`, { token: user.token });
      expect(expired.status).toBe(401);
      expect(expired.body).toEqual({ error: 'Invalid token', errors: [] });
    } finally {
      await short.close();
    }
  });
});
