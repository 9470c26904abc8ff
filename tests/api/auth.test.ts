import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';

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
    const created = await server.call('POST', '/api/users/', { body: { email, password: 'long enough pw' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email, username: email });
    const login = await server.call('POST', '/api/login/', { body: { username: email, password: 'long enough pw' } });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ username: email, role: 'adviser' });
    expect(login.body.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it('takes a chosen username and logs in by username or email', async () => {
    const email = `kim.${kind}.${Date.now()}@example.com`;
    const username = `kim_${kind}_${Date.now()}`;
    expect((await server.call('POST', '/api/users/', { body: { email, password: 'password123', username } })).body.username).toBe(username);
    expect((await server.call('POST', '/api/login/', { body: { username, password: 'password123' } })).status).toBe(200);
    expect((await server.call('POST', '/login/', { body: { username: email, password: 'password123' } })).status).toBe(200);
  });

  it('refuses duplicate emails and usernames with a detail', async () => {
    const email = `dup.${kind}.${Date.now()}@example.com`;
    await server.call('POST', '/api/users/', { body: { email, password: 'password123', username: `dup${kind}` } });
    const again = await server.call('POST', '/api/users/', { body: { email: email.toUpperCase(), password: 'password123' } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'A user with that email already exists', detail: 'A user with that email already exists' });
    expect(again.body.errors).toEqual([{ field: 'email', message: 'A user with that email already exists' }]);
    const sameName = await server.call('POST', '/api/users/', { body: { email: `other.${email}`, password: 'password123', username: `DUP${kind}` } });
    expect(sameName.status).toBe(400);
    expect(sameName.body.detail).toBe('A user with that username already exists');
  });

  it('checks the sign-up fields', async () => {
    const bad = await server.call('POST', '/api/users/', { body: { email: 'not-an-email', password: 'short' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'email', message: 'Please enter a valid email address' },
      { field: 'password', message: 'Password must be at least 8 characters' },
    ]);
    expect(bad.body.detail).toBe('Please enter a valid email address');
  });

  it('answers a wrong login with 401 "Invalid credentials"', async () => {
    const user = await signUp(server);
    const wrong = await server.call('POST', '/api/login/', { body: { username: user.email, password: 'wrong password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid credentials' });
    const nobody = await server.call('POST', '/api/login/', { body: { username: 'nobody@example.com', password: 'whatever1' } });
    expect(nobody.status).toBe(401);
    expect(nobody.body).toEqual({ error: 'Invalid credentials' });
  });

  it('refuses logins after repeated failures, even with the right password', async () => {
    const user = await signUp(server);
    for (let i = 0; i < 5; i += 1) {
      expect((await server.call('POST', '/api/login/', { body: { username: user.email, password: `nope${i}xxxx` } })).status).toBe(401);
    }
    const blocked = await server.call('POST', '/api/login/', { body: { username: user.email, password: user.password } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(/Too many failed login attempts/);
  });

  it('logs in the demo adviser created on first start, who has two sample clients', async () => {
    const login = await server.call('POST', '/api/login/', { body: { username: 'demo@example.com', password: 'demo1234' } });
    expect(login.status).toBe(200);
    const list = await server.call('GET', '/api/clients/', { token: login.body.token });
    expect(list.body.count).toBe(2);
  });

  it('needs a token on every other call', async () => {
    for (const [method, path] of [['GET', '/api/clients/'], ['GET', '/clients/'], ['GET', '/api/brokers/'], ['POST', '/applications/create_new_application/'], ['GET', '/insurance/screening/basic/?client_id=1'], ['PUT', '/api/screening/1/owner/'], ['POST', '/api/logout/']]) {
      const res = await server.call(method, path, { body: method === 'GET' ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual({ error: 'No authentication token found' });
    }
    const wrongScheme = await server.call('GET', '/api/clients/', { headers: { authorization: 'Bearer abc' } });
    expect(wrongScheme.body).toEqual({ error: 'No authentication token found' });
  });

  it('refuses an unknown token with 401 "Invalid token"', async () => {
    for (const token of ['0'.repeat(64), 'garbage', 'x'.repeat(500)]) {
      const res = await server.call('GET', '/api/clients/', { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid token' });
    }
  });

  it('revokes the token on logout', async () => {
    const user = await signUp(server);
    expect((await server.call('GET', '/api/clients/', { token: user.token })).status).toBe(200);
    const out = await server.call('POST', '/api/logout/', { token: user.token });
    expect(out.status).toBe(200);
    const after = await server.call('GET', '/api/clients/', { token: user.token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: 'Invalid token' });
  });

  it('tells the signed-in user at /clients/user_info/', async () => {
    const user = await signUp(server);
    const info = await server.call('GET', '/clients/user_info/', { token: user.token });
    expect(info.body).toEqual({ user_id: user.id, username: user.username, email: user.email, role: 'adviser' });
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
      expect(expired.body).toEqual({ error: 'Invalid token' });
    } finally {
      await short.close();
    }
  });
});
