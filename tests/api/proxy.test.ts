import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettingError } from '../../api/settingError.ts';
import { loadConfig, parseRateLimit } from '../../api/loadConfig.ts';
import { RATE_LIMITS } from '../../api/http/limitsPlugin.ts';
import { databases, startServer, type TestServer } from '../support/apiServer.ts';
import { callFrom } from '../support/callFrom.ts';
import { keptOpen, openFrom } from '../support/sockets.ts';

/** Issue 24, item 7: behind a proxy, each client is limited by its own address, never by the proxy's. */

const LIMITS = { signup: { max: 2, windowMs: 60_000 }, login: { max: 3, windowMs: 60_000 } };
const login = (from: string, url: string, headers: Record<string, string> = {}) =>
  callFrom(from, url, 'POST', '/api/login/', { username: 'nobody@example.com', password: 'not a password' }, headers);

describe('the proxy settings (TRUST_PROXY, RATE_LIMIT_*, MAX_CONNECTIONS_PER_ADDRESS)', () => {
  it('reads limits as requests per window, and refuses a malformed one naming its variable', () => {
    expect(parseRateLimit('RATE_LIMIT_LOGIN', '120/1m', RATE_LIMITS.login)).toEqual({ max: 120, windowMs: 60_000 });
    expect(parseRateLimit('RATE_LIMIT_SIGNUP', '50/10m', RATE_LIMITS.signup)).toEqual({ max: 50, windowMs: 600_000 });
    expect(parseRateLimit('RATE_LIMIT_LOGIN', '500/1h', RATE_LIMITS.login)).toEqual({ max: 500, windowMs: 3_600_000 });
    // A bare number keeps the default window.
    expect(parseRateLimit('RATE_LIMIT_LOGIN', '90', RATE_LIMITS.login)).toEqual({ max: 90, windowMs: 60_000 });
    expect(parseRateLimit('RATE_LIMIT_LOGIN', undefined, RATE_LIMITS.login)).toEqual(RATE_LIMITS.login);
    for (const bad of ['lots', '0/1m', '10/0s', '10/1d', '-5'])
      expect(() => parseRateLimit('RATE_LIMIT_LOGIN', bad, RATE_LIMITS.login)).toThrow(/^RATE_LIMIT_LOGIN: /);
  });

  it('defaults to no trusted proxy, the documented limits and 250 connections per address', () => {
    const config = loadConfig({});
    expect(config.trustProxy).toEqual([]);
    expect(config.rateLimits).toEqual({
      signup: { max: 10, windowMs: 600_000 },
      login: { max: 30, windowMs: 60_000 },
    });
    expect(config.maxConnectionsPerAddress).toBe(250);
  });

  it('reads TRUST_PROXY as addresses and CIDR ranges, and stops the start on anything else', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16 fd00::/8' }).trustProxy).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      'fd00::/8',
    ]);
    for (const bad of ['proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/2', '300.1.1.1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(SettingError);
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/^TRUST_PROXY: /);
    }
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: 'many' })).toThrow(/^MAX_CONNECTIONS_PER_ADDRESS: /);
    expect(loadConfig({ RATE_LIMIT_SIGNUP: '3/5m', RATE_LIMIT_LOGIN: '7' }).rateLimits).toEqual({
      signup: { max: 3, windowMs: 300_000 },
      login: { max: 7, windowMs: 60_000 },
    });
  });
});

describe.each(databases)('behind a proxy (%s)', (kind) => {
  let proxied: TestServer;
  let direct: TestServer;
  beforeAll(async () => {
    // The "proxy" is 127.0.0.20: what it forwards carries the client's address in X-Forwarded-For.
    proxied = await startServer(kind, { trustProxy: ['127.0.0.20'], rateLimits: LIMITS });
    direct = await startServer(kind, { rateLimits: LIMITS, maxConnectionsPerAddress: 3 });
  });
  afterAll(async () => {
    await proxied?.close();
    await direct?.close();
  });

  it('limits two clients behind a trusted proxy separately', async () => {
    const first = { 'x-forwarded-for': '198.51.100.7' };
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push((await login('127.0.0.20', proxied.url, first)).status);
    expect(answers).toEqual([401, 401, 401, 429]);
    // Another client through the same proxy has its own count.
    expect((await login('127.0.0.20', proxied.url, { 'x-forwarded-for': '198.51.100.8' })).status).toBe(401);
    // So do sign-ups.
    const signUp = (i: number, client: string) =>
      callFrom(
        '127.0.0.20',
        proxied.url,
        'POST',
        '/api/users/',
        { email: `proxied.${kind}.${i}.${Date.now()}@example.com`, password: 'correct horse battery staple' },
        { 'x-forwarded-for': client },
      );
    expect([(await signUp(1, '203.0.113.1')).status, (await signUp(2, '203.0.113.1')).status]).toEqual([201, 201]);
    expect((await signUp(3, '203.0.113.1')).status).toBe(429);
    expect((await signUp(4, '203.0.113.2')).status).toBe(201);
  });

  it('ignores X-Forwarded-For from an address it does not trust: a client cannot escape its limit by sending one', async () => {
    const answers = [];
    for (let i = 0; i < 4; i += 1)
      answers.push((await login('127.0.0.21', proxied.url, { 'x-forwarded-for': `198.51.100.${30 + i}` })).status);
    expect(answers).toEqual([401, 401, 401, 429]);
    // Without TRUST_PROXY, nobody's header counts.
    const plain = [];
    for (let i = 0; i < 4; i += 1)
      plain.push((await login('127.0.0.22', direct.url, { 'x-forwarded-for': `198.51.100.${40 + i}` })).status);
    expect(plain).toEqual([401, 401, 401, 429]);
  });

  it('caps the open connections of one address, not the others', async () => {
    const sockets = await Promise.all([1, 2, 3, 4, 5].map(() => openFrom('127.0.0.23', direct.url)));
    expect(await keptOpen(sockets, 1_000)).toBe(3);
    // Another address is served meanwhile.
    expect((await callFrom('127.0.0.24', direct.url, 'GET', '/healthz')).status).toBe(200);
    // Once they close, the address may connect again.
    for (const s of sockets) s.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect((await callFrom('127.0.0.23', direct.url, 'GET', '/healthz')).status).toBe(200);
  });

  it("does not cap a trusted proxy's connections (they carry every client's requests)", async () => {
    const capped = await startServer(kind, { trustProxy: ['127.0.0.25'], maxConnectionsPerAddress: 2 });
    try {
      const held = await Promise.all([1, 2, 3, 4].map(() => openFrom('127.0.0.25', capped.url)));
      expect(await keptOpen(held, 500)).toBe(4);
      for (const s of held) s.destroy();
    } finally {
      await capped.close();
    }
  });
});
