import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';

describe.each(databases)("the account's language (%s)", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is null until chosen, then saved by PATCH user_info and told at the next login', async () => {
    const user = await signUp(server);
    expect((await server.call('GET', '/api/clients/user_info/', { token: user.token })).body.language).toBeNull();
    const changed = await server.call('PATCH', '/api/clients/user_info/', {
      token: user.token,
      body: { language: 'fr' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ user_id: user.id, language: 'fr' });
    const login = await server.call('POST', '/api/login/', { body: { username: user.email, password: user.password } });
    expect(login.body.language).toBe('fr');
  });

  it('follows the language chosen at sign-up', async () => {
    const email = `lang.${kind}.${Date.now()}@example.com`;
    const password = 'correct horse battery staple';
    await server.call('POST', '/api/users/', { body: { email, password, language: 'fr' } });
    const login = await server.call('POST', '/api/login/', { body: { username: email, password } });
    expect(login.body.language).toBe('fr');
  });

  it('refuses a language it does not speak, and a call without a session', async () => {
    const user = await signUp(server);
    const refused = await server.call('PATCH', '/api/clients/user_info/', {
      token: user.token,
      body: { language: 'de' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'language', message: 'Please choose English (en) or French (fr)' }]);
    const anonymous = await server.call('PATCH', '/api/clients/user_info/', { body: { language: 'fr' } });
    expect(anonymous.status).toBe(401);
  });
});
