import { describe, expect, it } from 'vitest';
import { diffRecords } from '../../api/audit/diffRecords.ts';

describe('diffRecords (what the audit trail records of a change)', () => {
  it('records a new record\'s answers, and not its empty lists (no "— → —" entry)', () => {
    expect(diffRecords(undefined, { first_name: 'Olivia', brokers: [] })).toEqual([
      { field: 'first_name', from: null, to: 'Olivia' },
    ]);
  });

  it('records a list emptied as its items removed, and items added one by one', () => {
    expect(diffRecords({ brokers: ['a@x.ca'] }, { brokers: [] })).toEqual([
      { field: 'brokers.0', from: 'a@x.ca', to: null },
    ]);
    expect(diffRecords({ brokers: [] }, { brokers: ['a@x.ca', 'b@x.ca'] })).toEqual([
      { field: 'brokers.0', from: null, to: 'a@x.ca' },
      { field: 'brokers.1', from: null, to: 'b@x.ca' },
    ]);
  });

  it('masks secrets at their paths and leaves unchanged fields out', () => {
    const mask = (path: string) => (path === 'sin' ? (v: unknown) => `***${String(v).slice(-3)}` : undefined);
    expect(diffRecords({ sin: '046454286', city: 'Banff' }, { sin: '130692544', city: 'Banff' }, mask)).toEqual([
      { field: 'sin', from: '***286', to: '***544' },
    ]);
  });

  it('gives, for any two records, the leaves whose values differ (missing is null), sorted by path', () => {
    // The definition, spelt out: flatten both records to their leaves, compare path by path.
    const flatten = (value: unknown, prefix: string, out: Map<string, unknown>): Map<string, unknown> => {
      if (Array.isArray(value)) value.forEach((v, i) => flatten(v, `${prefix}.${i}`, out));
      else if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
      else if (value !== undefined) out.set(prefix, value);
      return out;
    };
    const expected = (a: unknown, b: unknown) => {
      const was = flatten(a, '', new Map());
      const now = flatten(b, '', new Map());
      return [...new Set([...was.keys(), ...now.keys()])].sort().flatMap((field) => {
        const from = was.has(field) ? was.get(field) : null;
        const to = now.has(field) ? now.get(field) : null;
        return JSON.stringify(from) === JSON.stringify(to) ? [] : [{ field, from, to }];
      });
    };
    let seed = 7;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)];
    const value = (depth: number): unknown => {
      const kind = depth > 2 ? pick(['leaf', 'leaf', 'none']) : pick(['leaf', 'leaf', 'object', 'list', 'none']);
      if (kind === 'leaf') return pick([null, '', 'a', 'b', 0, 1, true, false]);
      if (kind === 'none') return undefined;
      if (kind === 'list') return Array.from({ length: Math.floor(random() * 3) }, () => value(depth + 1));
      return record(depth + 1);
    };
    const record = (depth: number): Record<string, unknown> =>
      Object.fromEntries(['x', 'y', 'z'].filter(() => random() < 0.7).map((k) => [k, value(depth)]));
    const mutate = (v: unknown, depth: number): unknown => {
      if (random() < 0.25) return value(depth);
      if (Array.isArray(v)) return v.map((inner) => mutate(inner, depth + 1));
      if (v && typeof v === 'object')
        return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, mutate(inner, depth + 1)]));
      return v;
    };
    for (let i = 0; i < 2000; i++) {
      const before = record(0);
      // Half the time the new record shares the old one's unchanged parts, as a save's merged record does.
      const after = random() < 0.5 ? (mutate(before, 0) as Record<string, unknown>) : record(0);
      expect(diffRecords(before, after)).toEqual(expected(before, after));
    }
  });
});
