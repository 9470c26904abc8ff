import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoginThrottle } from '../../api/auth/createLoginThrottle.ts';
import { databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { callFrom } from '../support/callFrom.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.each(databases)('login throttling (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('slows a stranger guessing from one address while the owner logs in from another', async () => {
    const owner = await signUp(server);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1)
      statuses.push(
        (
          await callFrom('127.0.0.2', server.url, 'POST', '/api/login/', {
            username: owner.email,
            password: `guess number ${i}`,
          })
        ).status,
      );
    // Five free tries, then a wait: the rest are refused without being checked.
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));
    const refused = await callFrom('127.0.0.2', server.url, 'POST', '/api/login/', {
      username: owner.email,
      password: owner.password,
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too many failed login attempts. Please try again later.', errors: [] });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, elsewhere, is not affected, by email or by the same name in another case.
    expect(
      (await server.call('POST', '/api/login/', { body: { username: owner.email, password: owner.password } })).status,
    ).toBe(200);
    expect(
      (
        await callFrom('127.0.0.3', server.url, 'POST', '/api/login/', {
          username: owner.email.toUpperCase(),
          password: owner.password,
        })
      ).status,
    ).toBe(200);
  });
});

describe('per-address limits of sign-up and login', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('sqlite', {
      rateLimits: { signup: { max: 3, windowMs: 60_000 }, login: { max: 4, windowMs: 60_000 } },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses the fourth sign-up from one address, not from another', async () => {
    const body = (i: number) => ({
      email: `burst.${i}.${randomUUID()}@example.com`,
      password: 'correct horse battery staple',
    });
    for (let i = 0; i < 3; i += 1)
      expect((await callFrom('127.0.0.4', server.url, 'POST', '/api/users/', body(i))).status).toBe(201);
    const fourth = await callFrom('127.0.0.4', server.url, 'POST', '/api/users/', body(4));
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ error: 'Too many requests. Please try again later.', errors: [] });
    expect(fourth.headers['retry-after']).toBeDefined();
    expect((await callFrom('127.0.0.5', server.url, 'POST', '/api/users/', body(5))).status).toBe(201);
  });

  it('limits logins per address, whatever the account', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1)
      answers.push(
        (
          await callFrom('127.0.0.6', server.url, 'POST', '/api/login/', {
            username: `someone${i}@example.com`,
            password: 'whatever it is',
          })
        ).status,
      );
    expect(answers).toEqual([401, 401, 401, 401, 429]);
  });
});

describe.each(databases)('counters in Redis (%s)', (kind) => {
  const redisPrefix = `test:${randomUUID()}:`;
  const limits = { signup: { max: 2, windowMs: 60_000 }, login: { max: 100, windowMs: 60_000 } };
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startServer(kind, { redisUrl: REDIS_URL, redisPrefix, rateLimits: limits });
    b = await startServer(kind, { redisUrl: REDIS_URL, redisPrefix, rateLimits: limits });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('shares them between two instances', async () => {
    const body = () => ({ email: `shared.${randomUUID()}@example.com`, password: 'correct horse battery staple' });
    expect((await callFrom('127.0.0.7', a.url, 'POST', '/api/users/', body())).status).toBe(201);
    expect((await callFrom('127.0.0.7', b.url, 'POST', '/api/users/', body())).status).toBe(201);
    expect((await callFrom('127.0.0.7', a.url, 'POST', '/api/users/', body())).status).toBe(429);

    const name = `nobody.${randomUUID()}@example.com`;
    for (let i = 0; i < 5; i += 1)
      expect(
        (
          await callFrom('127.0.0.8', i % 2 ? a.url : b.url, 'POST', '/api/login/', {
            username: name,
            password: `guess ${i}`,
          })
        ).status,
      ).toBe(401);
    expect(
      (await callFrom('127.0.0.8', b.url, 'POST', '/api/login/', { username: name, password: 'guess 5' })).status,
    ).toBe(429);
    expect(
      (await callFrom('127.0.0.8', a.url, 'POST', '/api/login/', { username: name, password: 'guess 6' })).status,
    ).toBe(429);
  });
  it('shares the password reset requests of one email between two instances', async () => {
    const email = `reset.${randomUUID()}@example.com`;
    const ask = (url: string, from: string) => callFrom(from, url, 'POST', '/api/password/reset/', { email });
    // Three free for the email, from any address and instance; the fourth waits, on either instance.
    expect((await ask(a.url, '127.0.0.9')).status).toBe(202);
    expect((await ask(b.url, '127.0.0.10')).status).toBe(202);
    expect((await ask(a.url, '127.0.0.11')).status).toBe(202);
    expect((await ask(b.url, '127.0.0.12')).status).toBe(429);
    expect((await ask(a.url, '127.0.0.13')).status).toBe(429);
  });
});

describe.each(['memory', 'redis'] as const)('the login throttle (%s)', (store) => {
  const settings = { free: 2, baseMs: 1_000, maxMs: 4_000, forgetMs: 60_000 };
  let redis: Redis | undefined;
  beforeAll(() => {
    if (store === 'redis') redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await redis?.quit();
  });

  it('doubles the wait with each failure beyond the free ones, up to the cap, and forgets on success', async () => {
    const throttle = createLoginThrottle(redis, `test:${randomUUID()}:`, settings);
    const waits: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      await throttle.fail('Ann', '10.0.0.1');
      waits.push(await throttle.wait('ann', '10.0.0.1'));
    }
    const rounded = waits.map((w) => Math.round(w / 100) * 100);
    expect(rounded).toEqual([0, 1000, 2000, 4000, 4000, 4000]);
    expect(await throttle.wait('ann', '10.0.0.2')).toBe(0);
    expect(await throttle.wait('bob', '10.0.0.1')).toBe(0);
    await throttle.succeed('ANN', '10.0.0.1');
    expect(await throttle.wait('ann', '10.0.0.1')).toBe(0);
  });
});
