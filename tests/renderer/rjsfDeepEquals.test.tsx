import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { deepEquals as rjsfDeepEquals } from '@rjsf/utils';
import deepEquals from '../../renderer/rjsfDeepEquals.ts';
import schema from '../../steps/owner/schema.json';
import ui from '../../steps/owner/ui.json';

// What rjsf compares (form data, schemas, ui schemas, React elements, registries with functions): the stand-in the
// build uses answers as rjsf's own deepEquals (fast-equals) does, on equal and on unequal pairs.
describe('rjsfDeepEquals (@rjsf/utils deepEquals without fast-equals)', () => {
  const cyclic = (): Record<string, unknown> => {
    const node: Record<string, unknown> = { name: 'a', children: [] };
    (node.children as unknown[]).push({ parent: node, name: 'b' });
    return node;
  };
  const nullPrototype = Object.create(null) as Record<string, unknown>;
  nullPrototype.x = 1;
  const cases: [string, unknown, unknown][] = [
    ['the same numbers', 1, 1],
    ['different numbers', 1, 2],
    ['NaN and NaN', NaN, NaN],
    ['0 and -0', 0, -0],
    ['a string and a number', '1', 1],
    ['null and undefined', null, undefined],
    ['null and an object', null, {}],
    ['two functions', () => 1, () => 2],
    ['a function and an object', () => 1, {}],
    ['equal records', { a: 1, b: [1, { c: 'x' }], d: null }, { d: null, b: [1, { c: 'x' }], a: 1 }],
    ['records differing deep down', { a: { b: [1, 2] } }, { a: { b: [1, 3] } }],
    ['a key more', { a: 1 }, { a: 1, b: undefined }],
    ['a missing key against undefined', { a: 1, b: undefined }, { a: 1, c: undefined }],
    ['arrays of different lengths', [1, 2], [1, 2, 3]],
    ['an array and an object', [1], { 0: 1 }],
    ['equal dates', new Date(0), new Date(0)],
    ['different dates', new Date(0), new Date(1)],
    ['equal patterns', /a+/g, /a+/g],
    ['patterns with other flags', /a+/g, /a+/i],
    ['equal maps', new Map([['a', { b: 1 }]]), new Map([['a', { b: 1 }]])],
    ['different maps', new Map([['a', 1]]), new Map([['a', 2]])],
    ['sets in another order', new Set([1, 2]), new Set([2, 1])],
    ['different sets', new Set([1, 2]), new Set([1, 3])],
    ['objects holding functions', { onChange: () => 1, a: 1 }, { onChange: () => 2, a: 1 }],
    ['a function against a value', { f: () => 1 }, { f: 1 }],
    ['a null prototype against a record', nullPrototype, { x: 1 }],
    ['two cyclic structures', cyclic(), cyclic()],
    ['cyclic structures that differ', cyclic(), { ...cyclic(), name: 'z' }],
    ['equal React elements', createElement('b', { id: 'x' }, 'text'), createElement('b', { id: 'x' }, 'text')],
    ['different React elements', createElement('b', { id: 'x' }), createElement('i', { id: 'x' })],
    ['a step schema against its copy', schema, structuredClone(schema)],
    ['a step ui against its copy', ui, structuredClone(ui)],
    ['a step schema against another', schema, { ...schema, title: 'Other' }],
  ];

  it.each(cases)('%s: as rjsf', (_name, a, b) => {
    expect(deepEquals(a, b)).toBe(rjsfDeepEquals(a, b));
    expect(deepEquals(b, a)).toBe(rjsfDeepEquals(b, a));
  });

  it('tells equal from unequal pairs (the cases are not all one answer)', () => {
    const answers = cases.map(([, a, b]) => deepEquals(a, b));
    expect(answers).toContain(true);
    expect(answers).toContain(false);
  });
});
