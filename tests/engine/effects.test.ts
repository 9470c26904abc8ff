import { applyLogic, effects } from '../../engine/effects.ts';

const run = (
  op: string,
  record: Record<string, unknown>,
  previous: Record<string, unknown>,
  changed: string,
  params: Record<string, unknown>,
) =>
  effects[op]({
    record,
    previous,
    changed,
    params,
    evaluate: (l) => (l && typeof l === 'object' && 'var' in (l as object) ? 'ID-1' : l),
  });

const shares = (r: Record<string, unknown>) =>
  (r.list as { share_percentage: number }[]).map((b) => b.share_percentage);
const rows = (...s: number[]) => s.map((share_percentage) => ({ share_percentage }));
const split = { field: 'share_percentage', total: 100, remainderOnAdd: 'last', remainderOnRemove: 'first' };

describe('splitEvenly (beneficiary shares)', () => {
  it('adding a row shares 100 by integer division, the remainder to the new row', () => {
    expect(shares(run('splitEvenly', { list: rows(50, 50, 100) }, { list: rows(50, 50) }, 'list', split))).toEqual([
      33, 33, 34,
    ]);
    expect(shares(run('splitEvenly', { list: rows(100, 100) }, { list: rows(100) }, 'list', split))).toEqual([50, 50]);
  });

  it('removing a row shares equally, the remainder to the first row', () => {
    expect(
      shares(run('splitEvenly', { list: rows(25, 25, 25) }, { list: rows(25, 25, 25, 25) }, 'list', split)),
    ).toEqual([34, 33, 33]);
  });

  it('does nothing while the number of rows is unchanged (a typed share stays)', () => {
    const record = { list: rows(70, 30) };
    expect(run('splitEvenly', record, { list: rows(50, 50) }, 'list', split)).toBe(record);
  });
});

describe('exclusive (single-life vs joint plans)', () => {
  const params = { fields: ['single', 'joint'] };
  it('choosing single-life options nulls the joint options', () => {
    expect(
      run(
        'exclusive',
        { single: [{ a: 1 }], joint: [{ b: 1 }] },
        { single: null, joint: [{ b: 1 }] },
        'single',
        params,
      ),
    ).toEqual({ single: [{ a: 1 }], joint: null });
  });
  it('changing a list that was already chosen leaves the other alone', () => {
    const record = { single: [{ a: 2 }], joint: null };
    expect(run('exclusive', record, { single: [{ a: 1 }], joint: null }, 'single', params)).toBe(record);
  });
});

describe('assign and pickFrom', () => {
  it("assign sets each field to its logic value (copying an insured's ID)", () => {
    expect(
      run('assign', { owner_type: 'insured_1' }, {}, 'owner_type', {
        values: { primary_id_number: { var: 'x' }, flag: false },
      }),
    ).toEqual({ owner_type: 'insured_1', primary_id_number: 'ID-1', flag: false });
  });
  it('pickFrom copies the matching row into the target object', () => {
    const out = effects.pickFrom({
      record: { pick: '7', insured_2: { first_name: 'old' } },
      previous: {},
      changed: 'pick',
      params: { source: 'list', key: 'id', match: 'pick', target: 'insured_2', fields: ['first_name', 'last_name'] },
      evaluate: () => [{ id: 7, first_name: 'Jo', last_name: 'Roy', secret: 1 }],
    });
    expect(out).toEqual({ pick: '7', insured_2: { first_name: 'Jo', last_name: 'Roy' } });
  });
});

describe('applyLogic', () => {
  it('answers null instead of throwing when malformed data makes a rule unanswerable', () => {
    const data = { owner: { owner_type: { toString: {}, valueOf: {} } } };
    expect(() => applyLogic({ '==': [{ var: 'owner.owner_type' }, 'entity'] }, data)).not.toThrow();
    expect(applyLogic({ '==': [{ var: 'owner.owner_type' }, 'entity'] }, data)).toBeNull();
  });
});
