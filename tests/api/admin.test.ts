import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin } from '../../api/admin/accountStatus.ts';
import { NOT_ADMIN } from '../../api/admin/adminSchemas.ts';
import { unverifiedMessage } from '../../api/admin/brokerGrants.ts';
import { DISABLED_MESSAGE } from '../../api/auth/loginAnswer.ts';
import { DEMO_USER } from '../../api/db/seedDemo.ts';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { markVerified } from '../support/markVerified.ts';

describe.each(databases)('administration (%s)', (kind) => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    server = await startServer(kind);
    admin = await signUp(server, 'admin');
    expect((await makeAdmin(server.app.database.db, admin.email, 'test')).code).toBe(0);
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = (method: string, path: string, token = admin.token, body?: unknown) =>
    server.call(method, `/api${path}`, { token, body });
  const login = (username: string, password: string) =>
    server.call('POST', '/api/login/', { body: { username, password } });

  it('makes the demo account an administrator, and says so at login', async () => {
    const demo = await login(DEMO_USER.email, DEMO_USER.password);
    expect(demo.status).toBe(200);
    expect(demo.body).toMatchObject({ is_admin: true, email_verified: true });
    expect((await login(admin.email, admin.password)).body.is_admin).toBe(true);
  });

  it('refuses every admin route to an account that is not an administrator, changing nothing', async () => {
    const adviser = await signUp(server, 'not-admin');
    const target = await signUp(server, 'target');
    for (const [method, path, body] of [
      ['GET', '/admin/accounts/'],
      ['GET', '/admin/audit/'],
      ['POST', `/admin/accounts/${target.id}/broker/`, { name: 'X Y' }],
      ['DELETE', `/admin/accounts/${target.id}/broker/`],
      ['POST', `/admin/accounts/${target.id}/disable/`],
      ['POST', `/admin/accounts/${target.id}/enable/`],
    ] as const) {
      const res = await call(method, path, adviser.token, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ error: NOT_ADMIN, errors: [] });
    }
    expect((await call('GET', '/clients/user_info/', target.token)).status).toBe(200);
    expect((await server.call('GET', '/api/admin/accounts/')).status).toBe(401);
  });

  it('lists and searches accounts', async () => {
    const adviser = await signUp(server, 'findme');
    const all = await call('GET', '/admin/accounts/');
    expect(all.status).toBe(200);
    expect(all.body.count).toBeGreaterThanOrEqual(3);
    const found = await call('GET', `/admin/accounts/?search=${encodeURIComponent(adviser.email.toUpperCase())}`);
    expect(found.body).toEqual({
      count: 1,
      results: [
        {
          id: adviser.id,
          email: adviser.email,
          username: adviser.username,
          created_at: expect.any(String),
          email_verified: false,
          is_admin: false,
          disabled: false,
          broker: null,
        },
      ],
    });
    // A search's wildcards are taken literally.
    expect((await call('GET', '/admin/accounts/?search=%25')).body.count).toBe(0);
    expect((await call('GET', '/admin/accounts/?search=findme')).body.results.map((a: { id: number }) => a.id)).toEqual(
      [adviser.id],
    );
  });

  it('grants a broker only once the email is verified, and revokes it; the trail says who did what', async () => {
    const owner = await signUp(server, 'owner');
    const broker = await signUp(server, 'broker');
    const grant = () => call('POST', `/admin/accounts/${broker.id}/broker/`, admin.token, { name: 'Bea Broker' });
    const refused = await grant();
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(unverifiedMessage(broker.email));
    // Refused: nothing in the trail about the broker.
    const before = (await call('GET', '/admin/audit/')).body.results as Record<string, string>[];
    expect(before.filter((e) => e.account_email === broker.email)).toEqual([]);
    expect(before.map((e) => [e.action, e.account_email, e.actor])).toContainEqual(['make-admin', admin.email, 'test']);

    await markVerified(server.app.database.db, broker.email);
    const granted = await grant();
    expect(granted.status).toBe(200);
    expect(granted.body.account).toMatchObject({ id: broker.id, broker: broker.email, email_verified: true });
    // Granting with a name put the email on the brokers list: a client can list it now.
    const clientId = await createClient(server, owner.token, { brokers: [broker.email] });
    expect((await call('GET', `/clients/${clientId}/`, broker.token)).status).toBe(200);

    const revoked = await call('DELETE', `/admin/accounts/${broker.id}/broker/`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.account.broker).toBeNull();
    expect((await call('GET', `/clients/${clientId}/`, broker.token)).status).toBe(404);
    expect((await call('POST', '/admin/accounts/2147483647/broker/', admin.token, {})).status).toBe(404);

    const trail = (await call('GET', '/admin/audit/')).body.results as Record<string, string>[];
    expect(trail.slice(0, 2).map((e) => [e.action, e.account_email, e.actor])).toEqual([
      ['revoke-broker', broker.email, `admin:${admin.email}`],
      ['grant-broker', broker.email, `admin:${admin.email}`],
    ]);
  });

  it('disables an account: its sessions end at once, its login is told so; enabling lets it back', async () => {
    const adviser = await signUp(server, 'disable');
    const other = (await login(adviser.email, adviser.password)).body.token as string;
    const disabled = await call('POST', `/admin/accounts/${adviser.id}/disable/`);
    expect(disabled.status).toBe(200);
    expect(disabled.body.account.disabled).toBe(true);
    for (const token of [adviser.token, other])
      expect((await call('GET', '/clients/user_info/', token)).status).toBe(401);
    const refused = await login(adviser.email, adviser.password);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: DISABLED_MESSAGE, errors: [] });
    // A wrong password is told nothing more than for any account.
    expect((await login(adviser.email, 'not the password at all')).status).toBe(401);

    const self = await call('POST', `/admin/accounts/${admin.id}/disable/`);
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('You cannot disable your own account.');

    const enabled = await call('POST', `/admin/accounts/${adviser.id}/enable/`);
    expect(enabled.status).toBe(200);
    expect(enabled.body.account.disabled).toBe(false);
    expect((await login(adviser.email, adviser.password)).status).toBe(200);
    const trail = (await call('GET', '/admin/audit/')).body.results as Record<string, string>[];
    expect(trail.slice(0, 2).map((e) => e.action)).toEqual(['enable', 'disable']);
  });
});
