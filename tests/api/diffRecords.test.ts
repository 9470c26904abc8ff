import { describe, expect, it } from 'vitest';
import { diffRecords } from '../../api/audit/diffRecords.ts';

describe('diffRecords (what the audit trail records of a change)', () => {
  it('records a new record\'s answers, and not its empty lists (no "— → —" entry)', () => {
    expect(diffRecords(undefined, { first_name: 'Olivia', brokers: [] })).toEqual([{ field: 'first_name', from: null, to: 'Olivia' }]);
  });

  it('records a list emptied as its items removed, and items added one by one', () => {
    expect(diffRecords({ brokers: ['a@x.ca'] }, { brokers: [] })).toEqual([{ field: 'brokers.0', from: 'a@x.ca', to: null }]);
    expect(diffRecords({ brokers: [] }, { brokers: ['a@x.ca', 'b@x.ca'] })).toEqual([
      { field: 'brokers.0', from: null, to: 'a@x.ca' },
      { field: 'brokers.1', from: null, to: 'b@x.ca' },
    ]);
  });

  it('masks secrets at their paths and leaves unchanged fields out', () => {
    const mask = (path: string) => (path === 'sin' ? (v: unknown) => `***${String(v).slice(-3)}` : undefined);
    expect(diffRecords({ sin: '046454286', city: 'Banff' }, { sin: '130692544', city: 'Banff' }, mask)).toEqual([{ field: 'sin', from: '***286', to: '***544' }]);
  });
});
