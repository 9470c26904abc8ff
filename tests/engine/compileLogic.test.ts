import { isDeepStrictEqual } from 'node:util';
import jsonLogic from 'json-logic-js';
import { compileLogic } from '../../engine/compileLogic.ts';
import { compileRules } from '../../engine/compileRules.ts';
import { applyLogic } from '../../engine/effects.ts';
import { knownOperations, registerOperations } from '../../engine/operations.ts';
import { definitions } from '../support/engine.ts';

registerOperations();

type Outcome = { value: unknown } | { threw: true };

const interpreted = (logic: unknown, data: unknown): Outcome => {
  try {
    return { value: jsonLogic.apply(logic as Parameters<typeof jsonLogic.apply>[0], data) };
  } catch {
    return { threw: true };
  }
};

const compiled = (logic: unknown, data: unknown): Outcome => {
  try {
    return { value: compileLogic(logic)(data) };
  } catch {
    return { threw: true };
  }
};

/** Every operation node (nested ones too) of a definition: a single-key object naming a known operation. */
function collectLogic(node: unknown, out: Set<unknown>): void {
  if (Array.isArray(node)) {
    for (const item of node) collectLogic(item, out);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const keys = Object.keys(node);
  if (keys.length === 1 && knownOperations.has(keys[0])) out.add(node);
  for (const value of Object.values(node)) collectLogic(value, out);
}

const mapLeaves = (
  value: unknown,
  leaf: (v: unknown) => unknown,
  list = (v: unknown[]): unknown => v.map((x) => mapLeaves(x, leaf, list)),
): unknown => {
  if (Array.isArray(value)) return list(value);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, leaf, list)]));
  return leaf(value);
};

/** The example's data, and versions of the step's record with fields removed, nulls, empty strings, empty lists and numbers as text. */
function variants(data: Record<string, unknown>, stepId: string): Record<string, unknown>[] {
  const record = (data[stepId] ?? {}) as Record<string, unknown>;
  const keys = Object.keys(record);
  const withRecord = (r: unknown): Record<string, unknown> => ({ ...data, [stepId]: r });
  const out = [
    data,
    withRecord(Object.fromEntries(keys.filter((_, i) => i % 2 === 0).map((k) => [k, record[k]]))),
    withRecord(Object.fromEntries(keys.filter((_, i) => i % 2 === 1).map((k) => [k, record[k]]))),
    withRecord({}),
    withRecord(Object.fromEntries(keys.map((k) => [k, null]))),
    withRecord(Object.fromEntries(keys.map((k) => [k, '']))),
    withRecord(mapLeaves(record, () => null)),
    withRecord(mapLeaves(record, () => '')),
    withRecord(
      mapLeaves(
        record,
        (v) => v,
        () => [],
      ),
    ),
    withRecord(mapLeaves(record, (v) => (typeof v === 'number' ? String(v) : v))),
    withRecord(
      mapLeaves(record, (v) =>
        typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v,
      ),
    ),
  ];
  // Row rules read `$item`, `$index` and `$rows` through a context whose prototype is the data, as evaluateStep builds it.
  for (const value of Object.values(record)) {
    if (!Array.isArray(value)) continue;
    value.forEach((row, index) => {
      const ctx = Object.create(data) as Record<string, unknown>;
      Object.assign(ctx, { $item: row, $index: index, $rows: [row] });
      out.push(ctx);
    });
  }
  return out;
}

describe("compileLogic gives json-logic-js's results over the definitions", () => {
  const stepIds = Object.keys(definitions.steps);
  const flowLogic = new Set<unknown>();
  collectLogic(definitions.flow, flowLogic);

  it.each(stepIds)('every expression of step %s over its examples and their perturbed versions', (stepId) => {
    const step = definitions.steps[stepId];
    const expressions = new Set<unknown>(flowLogic);
    collectLogic(step.rules, expressions);
    // The rules as the engine runs them: groups expanded, `$scope` and `$params` resolved, `required` as logic.
    collectLogic(compileRules(step.rules, stepId), expressions);
    collectLogic(step.contract, expressions);
    collectLogic(step.documents, expressions);
    const datasets = Object.values(step.examples).flatMap((ex) => variants(ex.data as Record<string, unknown>, stepId));
    datasets.push({});

    const mismatches: string[] = [];
    const results = new Set<string>();
    let evaluations = 0;
    for (const logic of expressions) {
      for (const data of datasets) {
        const want = interpreted(logic, data);
        const got = compiled(logic, data);
        evaluations++;
        results.add(JSON.stringify('value' in want ? want.value : 'threw'));
        if (!isDeepStrictEqual(got, want) && mismatches.length < 10) {
          mismatches.push(
            `${JSON.stringify(logic)} over ${JSON.stringify(data).slice(0, 200)}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`,
          );
        }
        // applyLogic answers null where json-logic-js throws.
        const viaApply = applyLogic(logic, data);
        if (!isDeepStrictEqual(viaApply, 'value' in want ? want.value : null) && mismatches.length < 10) {
          mismatches.push(`applyLogic ${JSON.stringify(logic)}: ${JSON.stringify(viaApply)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(expressions.size).toBeGreaterThan(0);
    expect(evaluations).toBeGreaterThan(expressions.size * 10);
    // Not a comparison of nulls only: the expressions answer both ways over these data.
    expect(results).toContain('true');
    expect(results).toContain('false');
  });

  it('covers every kind of definition file holding logic', () => {
    const all = new Set<unknown>();
    for (const step of Object.values(definitions.steps)) {
      collectLogic(step.rules, all);
      collectLogic(step.contract, all);
      collectLogic(step.documents, all);
    }
    const ops = new Set([...all].map((l) => Object.keys(l as object)[0]));
    expect(flowLogic.size).toBeGreaterThan(0);
    expect(all.size).toBeGreaterThan(500);
    for (const op of ['var', 'if', 'and', 'or', '==', 'in', 'some', 'reduce', 'cat', 'isBlank'])
      expect(ops).toContain(op);
  });
});

// Each case: the logic, the data, and json-logic-js's documented answer (http://jsonlogic.com/operations.html).
const cases: [string, unknown, unknown, unknown][] = [
  // truthy: an empty array is false, "0" is true
  ['! of an empty array', { '!': [[]] }, null, true],
  ['!! of an empty array', { '!!': [[]] }, null, false],
  ['!! of "0"', { '!!': ['0'] }, null, true],
  ['!! of a non-empty array', { '!!': [[0]] }, null, true],
  ['! unary form', { '!': true }, null, false],
  ['if with an empty array as condition', { if: [[], 'yes', 'no'] }, null, 'no'],
  // var
  ['var numeric path into an array', { var: 1 }, ['a', 'b'], 'b'],
  ['var "1" into an array', { var: '1' }, ['a', 'b'], 'b'],
  ['var "" is the data', { var: '' }, { a: 1 }, { a: 1 }],
  ['var [] is the data', { var: [] }, 7, 7],
  ['var null is the data', { var: null }, 'x', 'x'],
  ['var dotted path', { var: 'a.b.c' }, { a: { b: { c: 3 } } }, 3],
  ['var dotted path into an array', { var: 'a.1.n' }, { a: [{ n: 1 }, { n: 2 }] }, 2],
  ['var missing gives null', { var: 'a.x' }, { a: {} }, null],
  ['var through null gives the default', { var: ['a.b', 'dflt'] }, { a: null }, 'dflt'],
  ['var default when undefined', { var: ['z', 5] }, {}, 5],
  ['var default not used for null', { var: ['z', 5] }, { z: null }, null],
  ['var default not used for false', { var: ['z', 5] }, { z: false }, false],
  ['var default is evaluated', { var: ['z', { cat: ['a', 'b'] }] }, {}, 'ab'],
  ['var on null data', { var: 'a' }, null, null],
  ['var on undefined data with a default', { var: ['a', 0] }, undefined, 0],
  ['var path computed by logic', { var: { cat: ['a', '.b'] } }, { a: { b: 'x' } }, 'x'],
  ['var into a string', { var: 'length' }, 'abc', 3],
  // missing, missing_some
  [
    'missing lists absent, null and "" keys',
    { missing: ['a', 'b', 'c', 'd'] },
    { a: 1, b: null, c: '' },
    ['b', 'c', 'd'],
  ],
  ['missing keeps 0 and false', { missing: ['a', 'b'] }, { a: 0, b: false }, []],
  ['missing with one array argument', { missing: { merge: [['a'], ['b']] } }, { b: 1 }, ['a']],
  ['missing with a dotted key', { missing: 'a.b' }, { a: {} }, ['a.b']],
  ['missing_some satisfied', { missing_some: [1, ['a', 'b']] }, { a: 1 }, []],
  ['missing_some not satisfied', { missing_some: [2, ['a', 'b', 'c']] }, { a: 1 }, ['b', 'c']],
  ['missing inside if', { if: [{ missing: ['a'] }, 'missing', 'ok'] }, {}, 'missing'],
  // if and ?:
  ['if else', { if: [false, 1, 2] }, null, 2],
  ['if chained: second condition', { if: [false, 1, true, 2, 3] }, null, 2],
  ['if chained: else', { if: [false, 1, false, 2, 3] }, null, 3],
  ['if without else gives null', { if: [false, 1] }, null, null],
  ['if with one argument gives it', { if: ['only'] }, null, 'only'],
  ['if with none gives null', { if: [] }, null, null],
  ['if evaluates only the chosen branch', { if: [true, 'a', { nope: [] }] }, null, 'a'],
  ['?: is if', { '?:': [{ var: 'x' }, 'y', 'n'] }, { x: 1 }, 'y'],
  // and, or: short circuit, the deciding value
  ['and gives the first falsy value', { and: [1, 0, 'x'] }, null, 0],
  ['and gives the last value when all truthy', { and: [1, 'x'] }, null, 'x'],
  ['and stops at the empty array', { and: [true, [], { nope: [] }] }, null, []],
  ['or gives the first truthy value', { or: [0, '', 'x', { nope: [] }] }, null, 'x'],
  ['or gives the last value when all falsy', { or: [0, ''] }, null, ''],
  ['or skips an empty array', { or: [[], 0, [1]] }, null, [1]],
  // equality and comparison
  ['== is loose', { '==': [1, '1'] }, null, true],
  ['== null and undefined', { '==': [null, { var: 'x' }] }, {}, true],
  ['== 0 and ""', { '==': [0, ''] }, null, true],
  ['=== is strict', { '===': [1, '1'] }, null, false],
  ['!= is loose', { '!=': [1, '1'] }, null, false],
  ['!== is strict', { '!==': [1, '1'] }, null, true],
  ['== of two equal array literals is false', { '==': [[1], [1]] }, null, false],
  ['> compares strings as numbers when one is a number', { '>': ['10', 9] }, null, true],
  ['< between: inside', { '<': [1, 2, 3] }, null, true],
  ['< between: at the bound', { '<': [1, 1, 3] }, null, false],
  ['<= between: at the bounds', { '<=': [1, 1, 3] }, null, true],
  ['<= between: outside', { '<=': [1, 4, 3] }, null, false],
  ['< with two arguments', { '<': [2, 1] }, null, false],
  // arithmetic
  ['max', { max: [1, 3, 2] }, null, 3],
  ['min', { min: [1, 3, 2] }, null, 1],
  ['max of nothing', { max: [] }, null, -Infinity],
  ['+ sums', { '+': [1, 2, 3] }, null, 6],
  ['+ casts text', { '+': ['1.5', 2] }, null, 3.5],
  ['+ with one argument casts to a number', { '+': '3.14' }, null, 3.14],
  ['+ of nothing', { '+': [] }, null, 0],
  ['+ of text that is not a number', { '+': ['a'] }, null, NaN],
  ['* multiplies with casts', { '*': ['2', 3] }, null, 6],
  ['* with one argument gives it back uncast', { '*': ['2'] }, null, '2'],
  ['- unary', { '-': 2 }, null, -2],
  ['- binary', { '-': [5, 2] }, null, 3],
  ['- coerces text', { '-': ['5', '2'] }, null, 3],
  ['/', { '/': [1, 4] }, null, 0.25],
  ['%', { '%': [7, 3] }, null, 1],
  // arrays and strings
  ['merge flattens one level', { merge: [1, [2, [3]], []] }, null, [1, 2, [3]]],
  ['merge of nothing', { merge: [] }, null, []],
  ['in an array', { in: ['b', ['a', 'b']] }, null, true],
  ['in an array is strict', { in: [1, ['1']] }, null, false],
  ['in a string', { in: ['ell', 'hello'] }, null, true],
  ['in null', { in: ['a', null] }, null, false],
  ['in a number', { in: ['1', 12] }, null, false],
  ['cat', { cat: ['a', 1, null, true] }, null, 'a1true'],
  ['cat of an array argument', { cat: [['a', 'b'], 'c'] }, null, 'a,bc'],
  ['substr from', { substr: ['jsonlogic', 4] }, null, 'logic'],
  ['substr negative start', { substr: ['jsonlogic', -5] }, null, 'logic'],
  ['substr with length', { substr: ['jsonlogic', 1, 3] }, null, 'son'],
  ['substr negative length drops from the end', { substr: ['jsonlogic', 4, -2] }, null, 'log'],
  ['substr of a number', { substr: [12345, 1, 2] }, null, '23'],
  // scoped operations
  ['map has its own data', { map: [{ var: 'xs' }, { '*': [{ var: '' }, 2] }] }, { xs: [1, 2] }, [2, 4]],
  ['map over a non-array', { map: [{ var: 'nope' }, { var: '' }] }, {}, []],
  ['map cannot see the outer data', { map: [{ var: 'xs' }, { var: 'k' }] }, { xs: [{}], k: 1 }, [null]],
  ['filter', { filter: [{ var: 'xs' }, { '>': [{ var: '' }, 1] }] }, { xs: [1, 2, 3] }, [2, 3]],
  ['filter over a non-array', { filter: ['x', true] }, null, []],
  [
    'reduce with current and accumulator',
    { reduce: [{ var: 'xs' }, { '+': [{ var: 'current' }, { var: 'accumulator' }] }, 10] },
    { xs: [1, 2] },
    13,
  ],
  [
    'reduce without an initial value starts at null',
    { reduce: [[1, 2], { cat: [{ var: 'accumulator' }, { var: 'current' }] }] },
    null,
    '12',
  ],
  ['reduce over a non-array gives the initial value', { reduce: [{ var: 'nope' }, { var: 'current' }, 5] }, {}, 5],
  ['all', { all: [[1, 2], { '>': [{ var: '' }, 0] }] }, null, true],
  ['all of an empty list is false', { all: [[], true] }, null, false],
  ['none', { none: [[1, 2], { '>': [{ var: '' }, 1] }] }, null, false],
  ['none of an empty list is true', { none: [[], true] }, null, true],
  ['some', { some: [{ var: 'xs' }, { '==': [{ var: 'a' }, 2] }] }, { xs: [{ a: 1 }, { a: 2 }] }, true],
  ['some of a non-array is false', { some: [null, true] }, null, false],
  // what is not logic
  ['an array is evaluated element-wise', [{ var: 'a' }, 1, [{ var: 'b' }]], { a: 'x', b: 'y' }, ['x', 1, ['y']]],
  ['an object of two keys is itself', { a: { var: 'x' }, b: 1 }, { x: 1 }, { a: { var: 'x' }, b: 1 }],
  ['an empty object is itself', {}, null, {}],
  ['a primitive is itself', 'text', null, 'text'],
  // our operations, called with evaluated arguments
  ['isBlank of white space', { isBlank: [{ var: 'a' }] }, { a: '  ' }, true],
  ['count', { count: { var: 'xs' } }, { xs: [1, 2, 3] }, 3],
  ['sum of a field', { sum: [{ var: 'xs' }, 'n'] }, { xs: [{ n: 1 }, { n: '2' }] }, 3],
  ['join skips blanks', { join: [[{ var: 'a' }, { var: 'b' }, 'c'], '-'] }, { a: 'x', b: '' }, 'x-c'],
];

describe('compileLogic on each corner of json-logic-js', () => {
  it.each(cases)('%s', (_name, logic, data, expected) => {
    expect(jsonLogic.apply(logic as Parameters<typeof jsonLogic.apply>[0], data)).toStrictEqual(expected);
    expect(compileLogic(logic)(data)).toStrictEqual(expected);
  });

  it('returns a new array for an array literal each time, as json-logic-js does', () => {
    const logic = { if: [true, ['a', 'b'], null] };
    const first = compileLogic(logic)(null) as string[];
    first.push('changed');
    expect(compileLogic(logic)(null)).toEqual(['a', 'b']);
  });

  it('throws where json-logic-js throws, and applyLogic answers null', () => {
    const throwing: [unknown, unknown][] = [
      [{ nope: [1] }, null],
      [{ 'Math.abs': [-1] }, null],
      [{ toString: [] }, null],
      [{ '*': [] }, null],
      [{ missing_some: [1] }, {}],
      [{ in: ['a', { var: 'o' }] }, { o: { indexOf: 1 } }],
      [{ and: [true, { nope: [] }] }, null],
      [{ matches: ['a', '('] }, null],
      // A literal row of one key is read as logic, not as an object.
      [{ some: [[{ a: 1 }], true] }, null],
    ];
    for (const [logic, data] of throwing) {
      expect(() => jsonLogic.apply(logic as Parameters<typeof jsonLogic.apply>[0], data)).toThrow();
      expect(() => compileLogic(logic)(data)).toThrow();
      expect(applyLogic(logic, data)).toBeNull();
    }
  });

  it('hands operations it does not compile to json-logic-js (log)', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(compileLogic({ log: [{ var: 'a' }] })({ a: 'hi' })).toBe('hi');
    expect(log).toHaveBeenCalledWith('hi');
    log.mockRestore();
  });
});

describe('the compile cache', () => {
  it('compiles one logic object once: the same function each time', () => {
    const logic = { '==': [{ var: 'a' }, 1] };
    expect(compileLogic(logic)).toBe(compileLogic(logic));
    // A new object, however equal, is compiled afresh: the cache keys on the object.
    expect(compileLogic({ '==': [{ var: 'a' }, 1] })).not.toBe(compileLogic(logic));
  });

  it('applyLogic reads a logic object once however often it evaluates it', () => {
    let reads = 0;
    const logic = {};
    Object.defineProperty(logic, 'var', {
      enumerable: true,
      get: () => {
        reads++;
        return 'a';
      },
    });
    for (let i = 0; i < 5; i++) expect(applyLogic(logic, { a: i })).toBe(i);
    expect(reads).toBe(1);
  });
});
