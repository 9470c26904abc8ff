import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantBroker, unverifiedMessage } from '../../api/admin/brokerGrants.ts';
import { VERIFY_MESSAGES as M } from '../../api/auth/verifySchemas.ts';
import { MAIL_TEMPLATES } from '../../api/mail/mailTemplates.ts';
import { databases, startServer, type TestServer } from '../support/apiServer.ts';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../support/smtpCapture.ts';

const APP_URL = 'https://insure.test';
const PASSWORD = 'correct horse battery staple';

/** The token of the verification link a mail carries. */
function tokenIn(mail: CapturedMail): string {
  const match = /https:\/\/insure\.test\/verify-email\?token=([0-9a-f]{64})/.exec(mail.text);
  if (!match) throw new Error(`no verification link in: ${mail.text}`);
  return match[1];
}

describe.each(databases)('verified emails (%s)', (kind) => {
  let server: TestServer;
  let smtp: SmtpCapture;
  let n = 0;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startServer(kind, { smtpUrl: smtp.url, mailFrom: 'Insure <accounts@insure.test>', appUrl: APP_URL });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  /** Signs up a new account; returns its email, its session and the welcome mail. */
  const newAccount = async (name: string) => {
    n += 1;
    const email = `${name}.${kind}.${process.pid}.${n}@example.com`;
    expect((await server.call('POST', '/api/users/', { body: { email, password: PASSWORD } })).status).toBe(201);
    const login = await server.call('POST', '/api/login/', { body: { username: email, password: PASSWORD } });
    return { email, login: login.body, welcome: await smtp.take(email) };
  };
  const verify = (token: unknown) => server.call('POST', '/api/email/verify/', { body: { token } });
  const userInfo = async (token: string) =>
    (await server.call('GET', '/api/clients/user_info/', { token })).body as { email_verified: boolean };

  it('mails a single-use link at sign-up, stored hashed, that verifies the email', async () => {
    const { email, login, welcome } = await newAccount('verify');
    expect(welcome.subject).toBe(MAIL_TEMPLATES.en.welcome.subject);
    expect(welcome.raw).not.toContain(PASSWORD);
    expect(login.email_verified).toBe(false);
    expect(login.is_admin).toBe(false);
    expect((await userInfo(login.token)).email_verified).toBe(false);
    const token = tokenIn(welcome);
    const rows = await server.app.database.db.selectFrom('email_verifications').selectAll().execute();
    expect(rows.some((r) => r.token_hash === createHash('sha256').update(token).digest('hex'))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
    const row = rows.find((r) => r.user_id === login.user_id)!;
    // Valid 48 hours.
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(48 * 60 * 60_000);

    const done = await verify(token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ detail: M.verified, email_verified: true });
    expect((await userInfo(login.token)).email_verified).toBe(true);
    const again = await server.call('POST', '/api/login/', { body: { username: email, password: PASSWORD } });
    expect(again.body.email_verified).toBe(true);

    const reused = await verify(token);
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ error: M.linkUsed, errors: [{ field: 'token', message: M.linkUsed }] });
  });

  it('refuses a forged, malformed or expired link and changes nothing', async () => {
    const { login, welcome } = await newAccount('refused');
    const forged = await verify(randomBytes(32).toString('hex'));
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ error: M.linkInvalid, errors: [{ field: 'token', message: M.linkInvalid }] });
    for (const bad of ['not-a-token', 'A'.repeat(64), 42, null]) {
      const res = await verify(bad);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(M.linkInvalid);
    }
    const missing = await server.call('POST', '/api/email/verify/', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(M.linkInvalid);

    const token = tokenIn(welcome);
    await server.app.database.db
      .updateTable('email_verifications')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', login.user_id)
      .execute();
    const expired = await verify(token);
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ error: M.linkExpired, errors: [{ field: 'token', message: M.linkExpired }] });
    expect((await userInfo(login.token)).email_verified).toBe(false);
  });

  it('resends a link on request, at most once a minute, and not once verified', async () => {
    const { email, login } = await newAccount('resend');
    const resend = () => server.call('POST', '/api/email/verify/resend/', { token: login.token });
    const aMinuteLater = () =>
      server.app.database.db
        .updateTable('email_verifications')
        .set({ created_at: new Date(Date.now() - 2 * 60_000).toISOString() })
        .where('user_id', '=', login.user_id)
        .execute();
    // The welcome's link was sent a moment ago: a new one waits a minute.
    const early = await resend();
    expect(early.status).toBe(429);
    expect(early.body).toEqual({ error: M.wait, errors: [] });
    await aMinuteLater();
    const first = await resend();
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ detail: M.sent });
    const mail = await smtp.take(email);
    expect(mail.subject).toBe(MAIL_TEMPLATES.en['verify-email'].subject);
    const soon = await resend();
    expect(soon.status).toBe(429);
    expect(soon.body).toEqual({ error: M.wait, errors: [] });
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    // A minute later, another may be sent.
    await aMinuteLater();
    expect((await resend()).status).toBe(202);
    const second = await smtp.take(email);
    expect((await verify(tokenIn(second))).status).toBe(200);
    // The older links are void once the email is verified.
    expect((await verify(tokenIn(mail))).body.error).toBe(M.linkUsed);
    const verified = await resend();
    expect(verified.status).toBe(400);
    expect(verified.body.error).toBe(M.already);
    expect((await server.call('POST', '/api/email/verify/resend/')).status).toBe(401);
  });

  it('refuses to make an unverified account a broker', async () => {
    const { email, welcome } = await newAccount('unverified-broker');
    const db = server.app.database.db;
    const refused = await grantBroker(db, email, { by: 'test', name: 'Una Verified' });
    expect(refused).toEqual({ code: 1, message: unverifiedMessage(email) });
    expect(await db.selectFrom('broker_grants').selectAll().execute()).toEqual([]);
    expect((await verify(tokenIn(welcome))).status).toBe(200);
    expect((await grantBroker(db, email, { by: 'test', name: 'Una Verified' })).code).toBe(0);
  });

  it('sends the "already registered" notice for real, with no link that verifies', async () => {
    const { email } = await newAccount('twice');
    expect(
      (await server.call('POST', '/api/users/', { body: { email, password: 'another strong passphrase 9' } })).status,
    ).toBe(201);
    const notice = await smtp.take(email);
    expect(notice.subject).toBe(MAIL_TEMPLATES.en['already-registered'].subject);
    expect(notice.text).not.toContain('/verify-email');
  });
});
