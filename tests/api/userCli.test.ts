import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { unverifiedMessage } from '../../api/admin/brokerGrants.ts';
import { createClient, databases, PG_URL, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { markVerified } from '../support/markVerified.ts';

const run = promisify(execFile);

/** `npm run user -- …` as an administrator runs it: a process on the server's DATA_DIR or DATABASE_URL. */
async function userCommand(
  server: TestServer | undefined,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { dataDir, pgSchema } = server?.where ?? {};
  const env = {
    ...process.env,
    DATA_DIR: dataDir ?? '/nonexistent',
    DATABASE_URL: pgSchema ? `${PG_URL}?options=-c%20search_path%3D${pgSchema}` : '',
  };
  try {
    // What `npm run user --` runs (tsx), without npm's own start-up.
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/user.ts', ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe.each(databases)('npm run user (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('grants, lists and revokes a broker, with a clear message and exit code for each case', async () => {
    const owner = await signUp(server, 'owner');
    const email = `cli.broker.${process.pid}.${kind}@brokers.example`;
    const id = await createClient(server, owner.token);

    const unknown = await userCommand(server, 'grant-broker', email);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`No account has the email ${email}. The broker signs up with it first`);

    const password = 'broker pass phrase 1';
    expect((await server.call('POST', '/api/users/', { body: { email, password } })).status).toBe(201);
    const token: string = (await server.call('POST', '/api/login/', { body: { username: email, password } })).body
      .token;

    // Signing up with the address is not enough: the account must have opened the link mailed to it.
    const unverified = await userCommand(server, 'grant-broker', email, '--name', 'Cli Broker');
    expect(unverified.code).toBe(1);
    expect(unverified.stderr).toContain(unverifiedMessage(email));
    await markVerified(server.app.database.db, email);

    const unlisted = await userCommand(server, 'grant-broker', email.toUpperCase());
    expect(unlisted.code).toBe(1);
    expect(unlisted.stderr).toContain(`${email} is not on the brokers list`);

    const granted = await userCommand(server, 'grant-broker', email, '--name', 'Cli Broker');
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toContain(`${email} (account #`);
    expect(granted.stdout).toContain('is now a broker, added to the brokers list as Cli Broker');
    expect((await server.call('GET', '/api/brokers/', { token })).body).toContainEqual(
      expect.objectContaining({ email, name: 'Cli Broker' }),
    );

    const again = await userCommand(server, 'grant-broker', email);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/is already a broker \(granted .* by cli(:\w+)?\); nothing changed/);

    const list = await userCommand(server, 'list-brokers');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(
      new RegExp(
        `${email.replace(/\./g, '\\.')}\\tCli Broker\\tgranted to account #\\d+ \\(${email.replace(/\./g, '\\.')}\\)`,
      ),
    );

    // The grant works at once on the running server: the client that lists the broker is shared.
    expect(
      (await server.call('PATCH', `/api/clients/${id}/`, { token: owner.token, body: { brokers: [email] } })).status,
    ).toBe(200);
    expect((await server.call('GET', `/api/clients/${id}/`, { token })).status).toBe(200);

    const revoked = await userCommand(server, 'revoke-broker', email);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(`${email} is no longer a broker`);
    expect((await server.call('GET', `/api/clients/${id}/`, { token })).status).toBe(404);
    expect((await userCommand(server, 'revoke-broker', email)).stdout).toContain('is not a broker; nothing changed');
    expect((await userCommand(server, 'revoke-broker', 'nobody@nowhere.example')).code).toBe(1);
  }, 120_000);

  it('makes an account an administrator, which the login then says', async () => {
    const adviser = await signUp(server, 'future-admin');
    const made = await userCommand(server, 'make-admin', adviser.email.toUpperCase());
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain(`${adviser.email} is now an administrator`);
    const login = await server.call('POST', '/api/login/', {
      body: { username: adviser.email, password: adviser.password },
    });
    expect(login.body.is_admin).toBe(true);
    expect((await server.call('GET', '/api/admin/accounts/', { token: login.body.token })).status).toBe(200);
    expect((await userCommand(server, 'make-admin', adviser.email)).stdout).toContain('already an administrator');
    const unknown = await userCommand(server, 'make-admin', 'nobody@nowhere.example');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account has the email nobody@nowhere.example');
  }, 60_000);
});

it('npm run user: wrong usage prints the usage and exits 2, touching no data', async () => {
  const cases = [
    [],
    ['grant-broker'],
    ['grant-broker', 'not-an-email'],
    ['revoke-broker', 'a@b.example', '--name', 'X'],
    ['promote', 'a@b.example'],
    ['make-admin'],
    ['make-admin', 'a@b.example', '--name', 'X'],
  ];
  const answers = await Promise.all(cases.map((args) => userCommand(undefined, ...args)));
  answers.forEach((res, i) => {
    expect(res.code, cases[i].join(' ')).toBe(2);
    expect(res.stderr).toContain('Usage:');
  });
}, 60_000);
