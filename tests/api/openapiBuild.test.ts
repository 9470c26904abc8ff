import { describe, expect, it } from 'vitest';
import { createServerEngine } from '../../api/definitions/createServerEngine.ts';
import { buildOpenApiDocument, type DocumentedRoute } from '../../api/openapi/buildOpenApiDocument.ts';
import { toSchemaObject } from '../../api/openapi/toSchemaObject.ts';

const engine = createServerEngine();
type Json = { [key: string]: any };

function build(routes: Partial<DocumentedRoute>[]): Json {
  return buildOpenApiDocument(
    routes.map((r) => ({ method: 'GET', url: '/x/', isPublic: false, rateLimited: false, ...r })),
    engine,
  ) as Json;
}

describe('buildOpenApiDocument', () => {
  it('documents a route templated by an enum path parameter once per value, each with its own schema', () => {
    const doc = build([
      {
        method: 'PUT',
        url: '/screening/:clientId/:stepId/',
        schema: {
          params: {
            type: 'object',
            properties: { clientId: { type: 'string' }, stepId: { type: 'string', enum: ['basic', 'owner'] } },
            required: ['clientId', 'stepId'],
          },
          body: { $ref: '#/components/schemas/step_{stepId}' },
          response: { 200: { $ref: '#/components/schemas/step_{stepId}' } },
        },
      },
    ]);
    expect(Object.keys(doc.paths).sort()).toEqual(['/screening/{clientId}/basic/', '/screening/{clientId}/owner/']);
    const owner = doc.paths['/screening/{clientId}/owner/'].put;
    expect(owner.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/step_owner');
    expect(owner.parameters.map((p: Json) => p.name ?? p.$ref)).toEqual([
      'clientId',
      '#/components/parameters/AcceptLanguage',
    ]);
    expect(owner.operationId).not.toBe(doc.paths['/screening/{clientId}/basic/'].put.operationId);
  });

  it('leaves out HEAD and hidden routes, marks public ones, adds the statuses every route can answer', () => {
    const doc = build([
      { method: 'HEAD', url: '/a/' },
      { url: '/hidden/', schema: { hide: true } },
      {
        method: 'POST',
        url: '/login/',
        isPublic: true,
        rateLimited: true,
        schema: { body: { type: 'object' }, response: { 200: { type: 'object' } } },
      },
      {
        url: '/things/:id/',
        schema: {
          params: { type: 'object', properties: { id: { type: 'string' } } },
          headers: { type: 'object', properties: { 'if-match': { type: 'string' } } },
          response: { 200: { type: 'object' } },
        },
      },
    ]);
    expect(Object.keys(doc.paths)).toEqual(['/login/', '/things/{id}/']);
    const login = doc.paths['/login/'].post;
    expect(login.security).toEqual([]);
    expect(Object.keys(login.responses)).toEqual(['200', '400', '429']);
    const thing = doc.paths['/things/{id}/'].get;
    expect(Object.keys(thing.responses)).toEqual(['200', '400', '401', '404', '414']);
    expect(thing.parameters).toContainEqual({
      name: 'if-match',
      in: 'header',
      required: false,
      schema: { type: 'string' },
    });
  });
});

describe('toSchemaObject', () => {
  it('moves definitions to $defs, points references into the component, keeps messages as x-errorMessage', () => {
    const out = toSchemaObject(
      {
        $schema: 'x',
        properties: { a: { $ref: '#/definitions/d' }, errorMessage: { type: 'string' }, whole: { $ref: '#' } },
        definitions: { d: { type: 'string', enum: ['#/definitions/d'], errorMessage: { enum: 'Pick one' } } },
      },
      '#/components/schemas/step_s',
      { blank: { $ref: '#/components/schemas/Unanswered' } },
    );
    expect(out).toEqual({
      properties: {
        a: { anyOf: [{ $ref: '#/components/schemas/step_s/$defs/d' }, { $ref: '#/components/schemas/Unanswered' }] },
        errorMessage: { anyOf: [{ type: 'string' }, { $ref: '#/components/schemas/Unanswered' }] },
        whole: { anyOf: [{ $ref: '#/components/schemas/step_s' }, { $ref: '#/components/schemas/Unanswered' }] },
      },
      $defs: { d: { type: 'string', enum: ['#/definitions/d'], 'x-errorMessage': { enum: 'Pick one' } } },
    });
  });
});
