/**
 * `npm run dev` (scripts/dev.mjs): product staff edit a definition and the dev server's API follows, with no
 * restart by hand; a broken file is reported (no stack trace) and the fix brings the API back. Run on a copy of
 * the project, so the edits never touch this checkout's steps/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const COPIED = [
  'package.json',
  'tsconfig.json',
  'vite.config.ts',
  'steps',
  'forms',
  'api',
  'engine',
  'renderer',
  'app',
  'scripts',
];

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

async function poll<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  what: string,
  output: () => string,
): Promise<T> {
  const deadline = Date.now() + 45_000;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read().catch(() => undefined as T);
    if (last !== undefined && ok(last)) return last;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what}; last: ${JSON.stringify(last)}\n${output()}`);
}

describe('npm run dev', () => {
  let dir: string;
  let child: ChildProcess;
  let out = '';
  let web: string;
  const output = () => out;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dev-'));
    for (const entry of COPIED) cpSync(entry, join(dir, entry), { recursive: true });
    symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
    const [apiPort, webPort] = [await freePort(), await freePort()];
    web = `http://127.0.0.1:${webPort}`;
    child = spawn(process.execPath, ['scripts/dev.mjs'], {
      cwd: dir,
      env: {
        ...process.env,
        API_PORT: String(apiPort),
        WEB_PORT: String(webPort),
        DATA_DIR: join(dir, 'data'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  }, 60_000);

  afterAll(async () => {
    if (child?.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  const login = async (): Promise<string> => {
    const res = await fetch(`${web}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo@example.com', password: 'demo1234' }),
    });
    return ((await res.json()) as { token: string }).token;
  };
  /** The refusal of an empty owner step, through the web app's dev server (its proxy to the API). */
  const ownerRefusal = async (): Promise<string> => {
    const token = await login();
    const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };
    const clients = (await (await fetch(`${web}/api/clients/`, { headers })).json()) as { results: { id: number }[] };
    const res = await fetch(`${web}/api/screening/${clients.results[0].id}/owner/`, {
      method: 'PUT',
      headers,
      body: '{}',
    });
    return ((await res.json()) as { error: string }).error;
  };

  it('serves the app and the API, and restarts the API on the definitions as edited', async () => {
    const page = await poll(
      () => fetch(`${web}/`).then((r) => r.text()),
      (t) => /<div id="root"[ >]/.test(t),
      'the app is not served',
      output,
    );
    expect(page).toMatch(/<div id="root"[ >]/);
    const ownerRules = JSON.parse(readFileSync('steps/owner/rules.json', 'utf8')) as {
      validation: { field: string; required?: boolean; message: string }[];
    };
    const before = ownerRules.validation.find((r) => r.field === 'owner_type' && r.required)!.message;
    expect(
      await poll(ownerRefusal, (m) => m === before, "the API does not refuse with the definitions' message", output),
    ).toBe(before);

    const rules = join(dir, 'steps/owner/rules.json');
    const original = readFileSync(rules, 'utf8');
    writeFileSync(rules, original.replace(before, 'Please choose the policy owner'));
    expect(
      await poll(ownerRefusal, (m) => m === 'Please choose the policy owner', 'the edited message is not used', output),
    ).toBe('Please choose the policy owner');

    writeFileSync(rules, original.replace('"validation"', '"validation" oops'));
    await poll(
      async () => output(),
      (o) => /rules\.json:\d+:\d+: not valid JSON/.test(o),
      'the broken file is not reported',
      output,
    );
    expect(output()).not.toMatch(/^\s+at .*\(.*\.ts:\d+:\d+\)$/m);

    writeFileSync(rules, original);
    expect(await poll(ownerRefusal, (m) => m === before, 'the fixed definitions are not served', output)).toBe(before);
  }, 120_000);
});
