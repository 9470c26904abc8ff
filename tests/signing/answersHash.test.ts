import { describe, expect, it } from 'vitest';
import { answersHash } from '../../api/signing/answersHash.ts';

describe('answersHash', () => {
  it('is the same for the same answers in another key order, and changes with any answer', () => {
    const a = { owner: { first_name: 'Élise', last_name: 'Tremblay' }, basic: { number_of_insureds: 1 } };
    const b = { basic: { number_of_insureds: 1 }, owner: { last_name: 'Tremblay', first_name: 'Élise' } };
    expect(answersHash(a)).toBe(answersHash(b));
    expect(answersHash(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(answersHash({ ...a, basic: { number_of_insureds: 2 } })).not.toBe(answersHash(a));
    expect(answersHash({ list: [1, 2] })).not.toBe(answersHash({ list: [2, 1] }));
  });
});
