import { describeLogic, ENGLISH_LOGIC_WORDS } from '../../engine/describeLogic.ts';
import { flowDiagram } from '../../engine/flowDiagram.ts';
import { definitions } from '../support/engine.ts';

describe('rules in plain words', () => {
  it('reads comparisons, membership and connectives', () => {
    expect(describeLogic({ '==': [{ var: 'owner.owner_type' }, 'entity'] })).toBe('owner.owner_type is "entity"');
    expect(describeLogic({ and: [{ in: [{ var: 'a' }, ['x', 'y']] }, { '!': { var: 'b' } }] })).toBe(
      'a is one of ["x", "y"] and not b',
    );
    expect(describeLogic({ isBlank: [{ var: 'owner.first_name' }] })).toBe('owner.first_name is blank');
  });

  it("draws every step of the flow, with a condition on each skippable step's edge", () => {
    const diagram = flowDiagram(definitions.flow);
    for (const id of definitions.order) expect(diagram).toContain(id.replace(/-/g, '_'));
    expect(diagram).toMatch(/owner -->\|"if .*joint_insureds.*"\| multi_owner/);
    expect(diagram).toMatch(/owner --> beneficiary/);
  });

  it('says the same rules in the words it is given (a French docs page)', () => {
    const words = { ...ENGLISH_LOGIC_WORDS, is: 'est', and: 'et', isOneOf: '{a} est l’un de {b}', not: 'non {a}' };
    const logic = { and: [{ '==': [{ var: 'a' }, 'x'] }, { in: [{ var: 'b' }, ['y']] }, { '!': { var: 'c' } }] };
    expect(describeLogic(logic, words)).toBe('(a est "x") et b est l’un de ["y"] et non c');
    expect(describeLogic(logic)).toBe('(a is "x") and b is one of ["y"] and not c');
    const diagram = flowDiagram(definitions.flow, { logic: words, skipIf: 'si {condition}', edit: 'MODIFIER' });
    expect(diagram).toMatch(/owner -->\|"si .*joint_insureds.*"\| multi_owner/);
    expect(diagram).toContain('-. "MODIFIER" .->');
  });
});
