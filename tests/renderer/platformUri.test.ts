import { describe, expect, it } from 'vitest';
import fastUri from 'fast-uri';
import platformUri from '../../renderer/platformUri.ts';

// What @rjsf/utils asks of fast-uri (resolving a $ref against an $id, comparing $ids): the stand-in answers the same.
describe('platformUri (fast-uri for @rjsf/utils, on the platform URL parser)', () => {
  const cases: [string, string, string][] = [
    // createSchemaUtils resolves every $ref of a schema with no $id against "#".
    ['#', '#/definitions/insured', '#/definitions/insured'],
    ['#', '#/properties/owner/properties/individual_1', '#/properties/owner/properties/individual_1'],
    ['#', '#/definitions/a%20b', '#/definitions/a%20b'],
    [
      'https://example.com/schemas/step.json',
      '#/definitions/x',
      'https://example.com/schemas/step.json#/definitions/x',
    ],
    ['https://example.com/schemas/step.json', 'other.json#/y', 'https://example.com/schemas/other.json#/y'],
    ['https://example.com/schemas/a/step.json', '../b.json', 'https://example.com/schemas/b.json'],
    ['https://example.com/schemas/step.json', 'https://other.org/t.json', 'https://other.org/t.json'],
    ['', 'https://Example.COM/a', 'https://example.com/a'],
    ['schemas/step.json', 'other.json', 'schemas/other.json'],
    ['/schemas/step.json', 'other.json#/z', '/schemas/other.json#/z'],
  ];
  it.each(cases)('resolves %s + %s as %s, as fast-uri does', (base, ref, expected) => {
    expect(platformUri.resolve(base, ref)).toBe(expected);
    expect(fastUri.resolve(base, ref)).toBe(expected);
  });

  it('compares URIs as fast-uri does', () => {
    const pairs: [string, string][] = [
      ['https://example.com/a', 'https://EXAMPLE.com/a'],
      ['https://example.com:443/a', 'https://example.com/a'],
      ['https://example.com/a/../b', 'https://example.com/b'],
      ['https://example.com/a', 'https://example.com/b'],
      ['step.json', 'step.json'],
      ['step.json', 'other.json'],
    ];
    for (const [a, b] of pairs) expect(platformUri.equal(a, b)).toBe(fastUri.equal(a, b));
    expect(platformUri.equal('https://example.com/a', 'https://EXAMPLE.com/a')).toBe(true);
    expect(platformUri.equal('step.json', 'other.json')).toBe(false);
  });
});
