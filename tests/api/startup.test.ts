import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/loadConfig.ts';
import { signUp, startServer } from '../support/apiServer.ts';
import { startProcess } from '../support/startProcess.ts';

/** Whether a TCP connection to host:port is accepted. */
function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const DEMO = { username: 'demo@example.com', password: 'demo1234' };

describe('start-up settings', () => {
  it('listens on this machine only unless HOST is set, and seeds the demo unless DEMO is 0', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
  });

  it('starts every Redis key with REDIS_PREFIX, insure: unless set', () => {
    expect(loadConfig({}).redisPrefix).toBe('insure:');
    expect(loadConfig({ REDIS_PREFIX: 'staging:' }).redisPrefix).toBe('staging:');
  });
});

describe('the started process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'startup-'));
  let stop: (() => void) | undefined;
  afterAll(() => {
    stop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('without HOST listens on 127.0.0.1 only; with DEMO=0 an empty database gets no demo account', async () => {
    const { child, url } = await startProcess({ HOST: undefined, DEMO: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    stop = () => child.kill('SIGTERM');
    const port = Number(new URL(url).port);
    expect(await reachable('127.0.0.1', port)).toBe(true);
    // Another address of this machine: a server on every interface (0.0.0.0) would answer there too.
    expect(await reachable('127.0.0.2', port)).toBe(false);
    const login = await fetch(`${url}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    expect(login.status).toBe(401);
  }, 60_000);
});

describe('the demo account', () => {
  it('is created on an empty database only', async () => {
    const first = await startServer('sqlite', { seedDemo: false });
    try {
      await signUp(first);
      const again = await first.restart({ seedDemo: true });
      try {
        expect((await again.call('POST', '/api/login/', { body: DEMO })).status).toBe(401);
      } finally {
        await again.close();
      }
    } finally {
      await first.close().catch(() => undefined);
    }
  });
});
