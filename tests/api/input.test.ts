import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';

describe.each(databases)('malformed input never yields a 500 (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let clientId: number;
  beforeAll(async () => {
    server = await startServer(kind);
    token = (await signUp(server)).token;
    clientId = await createClient(server, token);
  });
  afterAll(async () => {
    await server?.close();
  });

  const expectInputError = (res: { status: number; body: { error?: unknown; errors?: unknown } }) => {
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
    expect(Array.isArray(res.body.errors)).toBe(true);
  };

  it('refuses bad JSON', async () => {
    for (const raw of ['{', '{"a":', 'nul', '{"a":1}}', '\u0000', '[1,2', '"unterminated']) {
      const res = await server.call('PUT', `/api/screening/${clientId}/owner/`, {
        token,
        raw,
        headers: { 'content-type': 'application/json' },
      });
      expectInputError(res);
      expect(res.body.error).toBe('Invalid JSON');
    }
  });

  it('refuses bodies that are not objects', async () => {
    for (const raw of ['[]', '[1]', '42', '"text"', 'true', 'null']) {
      const res = await server.call('POST', '/api/clients/', {
        token,
        raw,
        headers: { 'content-type': 'application/json' },
      });
      expectInputError(res);
      expect(res.body.error).toBe('The request body must be a JSON object');
    }
    expectInputError(await server.call('POST', '/api/clients/', { token }));
  });

  it('refuses other content types', async () => {
    expectInputError(
      await server.call('POST', '/api/clients/', {
        token,
        raw: 'first_name=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expectInputError(
      await server.call('POST', '/api/clients/', {
        token,
        raw: '{"first_name":"Jo"}',
        headers: { 'content-type': 'text/plain' },
      }),
    );
    expectInputError(
      await server.call('PUT', `/api/screening/${clientId}/owner/`, {
        token,
        raw: '<a/>',
        headers: { 'content-type': 'application/xml' },
      }),
    );
  });

  it('refuses a 5 MB body', async () => {
    const big = JSON.stringify({ first_name: 'x'.repeat(5 * 1024 * 1024) });
    const res = await server.call('PUT', `/api/screening/${clientId}/owner/`, {
      token,
      raw: big,
      headers: { 'content-type': 'application/json' },
    });
    expectInputError(res);
    expect(res.body.error).toMatch(/too large/);
  });

  it('refuses deep nesting', async () => {
    for (const depth of [40, 1000, 200_000]) {
      const raw = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
      const res = await server.call('PUT', `/api/screening/${clientId}/owner/`, {
        token,
        raw,
        headers: { 'content-type': 'application/json' },
      });
      expectInputError(res);
    }
    const arrays = '['.repeat(300_000) + ']'.repeat(300_000);
    expectInputError(
      await server.call('PUT', `/api/screening/${clientId}/owner/`, {
        token,
        raw: arrays,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });

  it('refuses numbers JSON can write but no answer can hold (1e309 is Infinity), storing nothing', async () => {
    const before = (await server.call('GET', `/api/screening/${clientId}/`, { token })).body;
    for (const [path, raw, field] of [
      [
        `/api/screening/${clientId}/plan-details/`,
        '{"single_life_options":[{"product_type":"term_life","plan_name":"term_10","face_amount":1e309}]}',
        'single_life_options.0.face_amount',
      ],
      [`/api/screening/${clientId}/financial/`, '{"insured_1":{"total_assets":-1e400}}', 'insured_1.total_assets'],
      [
        '/api/insurance/screening/save_plan_details/',
        `{"client_id":${clientId},"plan_details":{"joint_plan_options":[{"face_amount":2e308}]}}`,
        'plan_details.joint_plan_options.0.face_amount',
      ],
    ] as const) {
      const res = await server.call(path.includes('save_plan') ? 'POST' : 'PUT', path, {
        token,
        raw,
        headers: { 'content-type': 'application/json' },
      });
      expectInputError(res);
      expect(res.body).toEqual({
        error: 'Please enter a number within range',
        errors: [{ field, message: 'Please enter a number within range' }],
      });
    }
    expect((await server.call('GET', `/api/screening/${clientId}/`, { token })).body).toEqual(before);
  });

  it('refuses prototype poisoning', async () => {
    const res = await server.call('POST', '/api/clients/', {
      token,
      raw: '{"first_name":"Jo","__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expectInputError(res);
  });

  it('answers unknown paths and unknown steps with 404 {"error": "Not found"}', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing/'],
      ['POST', '/insurance/screening/nothing/'],
      ['GET', '/api/clients/1/unknown/'],
    ]) {
      const res = await server.call(method, path, { token });
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ error: 'Not found', errors: [] });
    }
    const step = await server.call('PUT', `/api/screening/${clientId}/not-a-step/`, { token, body: {} });
    expect(step.status).toBe(404);
    expect(step.body).toEqual({ error: 'Not found', errors: [] });
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await server.call('GET', '/api/docs');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    for (const path of [
      '/login/',
      '/users/',
      '/clients/',
      '/clients/{id}/',
      '/brokers/',
      '/applications/create_new_application/',
      '/screening/{clientId}/owner/',
      '/insurance/screening/owner/',
      '/insurance/screening/{id}/owner/',
    ]) {
      expect(Object.keys(res.body.paths), path).toContain(path);
    }
    expect(Object.keys(res.body.components.schemas)).toContain('step_owner');
  });
});
