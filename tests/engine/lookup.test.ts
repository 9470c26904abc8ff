/** Issue 31: a step's rules look a choice up in a list of flow.json (the plan catalogue) by `lookup` and `$lists`. */
import { customOperations } from '../../engine/operations.ts';
import { lintDefinitions } from '../../engine/lintDefinitions.ts';
import { formatProblem } from '../../engine/loadDefinitions.ts';
import type { DefinitionFiles } from '../../engine/types.ts';
import { realFiles } from '../support/miniDefinitions.ts';

const { lookup } = customOperations;
const TABLE = [
  { id: 'term_20', product_code: 't20' },
  { id: 'pay_10', product_code: 'whole_life' },
];

describe('lookup: a value of a list row found by its id', () => {
  it('reads the field of the row with that id, null when no row has it', () => {
    expect(lookup(TABLE, 'term_20', 'product_code')).toBe('t20');
    expect(lookup(TABLE, 'term_99', 'product_code')).toBeNull();
    expect(lookup(TABLE, 'term_20', 'no_such_field')).toBeNull();
    expect(lookup(TABLE, null, 'product_code')).toBeNull();
    expect(lookup(null, 'term_20', 'product_code')).toBeNull();
  });

  it('maps a list of ids to their values, in order', () => {
    expect(lookup(TABLE, ['pay_10', 'term_20', 'nope', null], 'product_code')).toEqual([
      'whole_life',
      't20',
      null,
      null,
    ]);
  });
});

describe('steps:check on $lists', () => {
  type Json = Record<string, any>;
  const lintWith = (breakIt: (files: DefinitionFiles & Record<string, Json>) => void): string[] => {
    const files = realFiles() as DefinitionFiles & Record<string, Json>;
    breakIt(files);
    return lintDefinitions(files).map(formatProblem);
  };

  it('accepts a list flow.json declares, and names one it does not, with a suggestion', () => {
    expect(lintWith(() => {})).toEqual([]);
    const out = lintWith((f) => {
      const rule = (f['plan-details/rules.json'].computed as Json[]).find((r) => r.field === 'product_code')!;
      rule.value = { lookup: [{ var: '$lists.plan' }, 'term_20', 'product_code'] };
    });
    expect(out.join('\n')).toMatch(/var "\$lists.plan" names no list of flow.json \(did you mean \$lists.plans\?\)/);
  });
});
