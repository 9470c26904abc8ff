import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/apiServer.ts';
import { specText } from '../support/specText.ts';

/** The POST operations whose request is the token and the path alone. */
const BODYLESS = new Set([
  '/logout/',
  '/sessions/sign-out-others/',
  '/email/verify/resend/',
  '/admin/accounts/{id}/disable/',
  '/admin/accounts/{id}/enable/',
]);

type Json = { [key: string]: any };

let server: TestServer;
let doc: Json;

beforeAll(async () => {
  server = await startServer('sqlite');
  const res = await server.call('GET', '/api/docs');
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(async () => {
  await server?.close();
});

/** Every `$ref` string in a node, with where it was found. */
function refsIn(node: unknown, at = '#', out: { ref: string; at: string }[] = []): { ref: string; at: string }[] {
  if (Array.isArray(node)) node.forEach((n, i) => refsIn(n, `${at}/${i}`, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push({ ref: v, at });
      else if (k !== 'enum' && k !== 'const' && k !== 'default' && k !== 'examples') refsIn(v, `${at}/${k}`, out);
    }
  }
  return out;
}

function resolvePointer(root: unknown, pointer: string): unknown {
  if (!pointer.startsWith('#/')) return undefined;
  return pointer
    .slice(2)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined), root);
}

const operations = (): { path: string; method: string; op: Json }[] =>
  Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, op]) => ({ path, method, op: op as Json })),
  );

describe('the document at /api/docs', () => {
  it('is a valid OpenAPI 3.1 document for @apidevtools/swagger-parser', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // validate() dereferences in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('resolves every $ref inside the document', () => {
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(100);
    const dangling = refs.filter(({ ref }) => resolvePointer(doc, ref) === undefined);
    expect(dangling).toEqual([]);
  });

  it("keeps the definitions' messages as x-errorMessage and no bare errorMessage", () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain('"errorMessage"');
    expect(text).toContain('"x-errorMessage"');
    expect(doc.components.schemas['step_plan-details'].$defs).toBeDefined();
  });

  it('types every request body and every answer of every operation', () => {
    const untyped: string[] = [];
    for (const { path, method, op } of operations()) {
      const body = op.requestBody?.content?.['application/json']?.schema;
      // Logging out (and signing the other sessions out, asking for a verification link, disabling or enabling an
      // account) reads nothing but the token and the path.
      const bodyless = method === 'get' || method === 'delete' || BODYLESS.has(path);
      if (!bodyless && (!body || Object.keys(body).length === 0)) untyped.push(`${method} ${path} body`);
      for (const [status, response] of Object.entries(op.responses as Json)) {
        const content = (response as Json).content as Json | undefined;
        const schema = content && (Object.values(content)[0] as Json).schema;
        if (!schema || Object.keys(schema).length === 0) untyped.push(`${method} ${path} ${status}`);
        if (Number(status) >= 400)
          expect(schema, `${method} ${path} ${status}`).toEqual({ $ref: '#/components/schemas/ErrorAnswer' });
      }
      expect(
        Object.keys(op.responses).some((s) => s.startsWith('2')),
        `${method} ${path}`,
      ).toBe(true);
      expect(op.responses['400'], `${method} ${path}`).toBeDefined();
      if (op.security?.length !== 0) expect(op.responses['401'], `${method} ${path}`).toBeDefined();
    }
    expect(untyped).toEqual([]);
  });

  it('documents the step saves with their step schemas, one path per step', () => {
    const put = doc.paths['/screening/{clientId}/basic/'].put;
    expect(put.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/step_basic');
    expect(doc.paths['/screening/{clientId}/{stepId}/']).toBeUndefined();
    const legacy = doc.paths['/insurance/screening/basic/'].post.requestBody.content['application/json'].schema;
    expect(legacy.additionalProperties).toBe(false);
    expect(legacy.properties.client_id).toBeDefined();
    expect(legacy.properties.application_type.$ref).toBe('#/components/schemas/step_basic/properties/application_type');
  });

  it("documents every legacy save's body with the step's own schemas, from its contract", () => {
    const legacy = Object.entries(doc.paths as Json)
      .filter(([path]) => path.startsWith('/insurance/screening/'))
      .flatMap(([path, item]) =>
        Object.entries(item as Json)
          .filter(([method]) => method !== 'get')
          .map(([method, op]) => ({
            name: `${method} ${path}`,
            body: (op as Json).requestBody.content['application/json'].schema as Json,
          })),
      );
    expect(legacy.length).toBeGreaterThanOrEqual(12);
    for (const { name, body } of legacy) {
      const text = JSON.stringify(body.properties);
      expect(text, name).toMatch(/#\/components\/schemas\/step_[a-z-]+\/(properties|\$defs)\//);
      expect(body.properties.client_id ?? body.properties.clientId ?? name.includes('{'), name).toBeTruthy();
    }
    const financial =
      doc.paths['/insurance/screening/save_financial/'].post.requestBody.content['application/json'].schema;
    expect(financial.properties.insured_1.anyOf[0].properties.financial_data.$ref).toBe(
      '#/components/schemas/step_financial/$defs/financial_data',
    );
  });

  it("documents the PDF downloads as application/pdf and the login's expires_at", () => {
    for (const path of ['/pdf/files/{id}/', '/pdf/files/{id}/{insurer}/']) {
      expect(Object.keys(doc.paths[path].get.responses['200'].content)).toEqual(['application/pdf']);
    }
    const login = doc.components.schemas.LoginAnswer;
    expect(login.required).toContain('expires_at');
  });

  it('documents the rules the server enforces', () => {
    const s = doc.components.schemas;
    expect(s.SignUpRequest.properties.password).toMatchObject({ minLength: 12, maxLength: 256 });
    expect(new RegExp(s.SignUpRequest.properties.email.pattern).test('a@b')).toBe(false);
    expect(new RegExp(s.SignUpRequest.properties.email.pattern).test('a@b.ca')).toBe(true);
    expect(s.GenerateRequest.required).toEqual(['client_id', 'populate_forms']);
    expect(s.NewApplicationRequest.required).toEqual(['client_id']);
    expect(s.ClientInput.properties.date_of_birth.description).toMatch(/1900/);
    expect(s.ClientInput.properties.date_of_birth.description).toMatch(/future/);
    expect(s.ClientInput.properties.brokers.description).toMatch(/GET \/brokers\//);
  });
});

describe('the documented security', () => {
  it('answers 401 with the ErrorAnswer to every operation that needs a token, when none is sent', async () => {
    const guarded = operations().filter(({ op }) => op.security?.length !== 0);
    expect(guarded.length).toBeGreaterThan(40);
    for (const { path, method } of guarded) {
      const url = `/api${path.replace(/\{[^}]+\}/g, '1')}`;
      const res = await server.call(method.toUpperCase(), url, {
        body: method === 'get' || method === 'delete' ? undefined : {},
      });
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body).toEqual({ error: specText('plan-details.missingTokenMessage'), errors: [] });
    }
  });
});

/** Every `apiRequest(...)` / `downloadFile(...)` of the app with its method, read from the source. */
function appCalls(): { method: string; path: string; file: string }[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name)) files.push(full);
    }
  };
  walk('app');
  const out: { method: string; path: string; file: string }[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(
      /(apiRequest|downloadFile)(?:<[^(]*>)?\(\s*([`'])(\/api\/[^`']*)\2([^;]*?)(?:\)\s*[;.)]|\}\s*\))/gs,
    )) {
      const method = /method:\s*'([A-Z]+)'/.exec(m[4])?.[1] ?? 'GET';
      const path = m[3]
        .replace(/\$\{[^}]*\}$/, '')
        .replace(/\$\{[^}]*\}/g, '{}')
        .replace(/^\/api/, '')
        .replace(/\?.*$/, '');
      out.push({ method, path, file });
    }
  }
  return out;
}

describe("the app's API client", () => {
  it('calls only paths and methods the document has', () => {
    const calls = appCalls();
    expect(calls.length).toBeGreaterThanOrEqual(15);
    // A path parameter of the document matches any segment; a value the app fills in (`{}`) matches any segment too.
    const pattern = (template: string, hole: RegExp) => new RegExp(`^${template.replace(hole, '[^/]+')}$`);
    const missing = calls.filter(
      ({ method, path }) =>
        !Object.keys(doc.paths).some(
          (p) =>
            (pattern(p, /\{[A-Za-z_]+\}/g).test(path) || pattern(path, /\{\}/g).test(p)) &&
            doc.paths[p][method.toLowerCase()],
        ),
    );
    expect(missing).toEqual([]);
  });
});
