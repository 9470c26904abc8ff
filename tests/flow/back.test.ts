import { example, engine } from '../support/engine.ts';
import { fullApplication, start, where } from '../support/flow.ts';

describe('BACK goes to the previous step that applies', () => {
  it('from beneficiary with a corporate owner, back skips tax-information and multi-owner to owner', () => {
    const data = fullApplication();
    data.owner = engine.evaluateStep('owner', { ...data, owner: example('owner', 'entity').owner }).values;
    const actor = start(data, 'beneficiary');
    expect(where(actor)).toBe('beneficiary');
    actor.send({ type: 'BACK' });
    expect(where(actor)).toBe('owner');
  });

  it('from beneficiary with joint owners on a whole-life plan, back goes to tax-information, then multi-owner, then owner', () => {
    const actor = start(fullApplication(), 'beneficiary');
    actor.send({ type: 'BACK' });
    expect(where(actor)).toBe('tax-information');
    actor.send({ type: 'BACK' });
    expect(where(actor)).toBe('multi-owner');
    actor.send({ type: 'BACK' });
    expect(where(actor)).toBe('owner');
    actor.send({ type: 'BACK' });
    expect(where(actor)).toBe('plan-details');
  });

  it('from plan-details, back lands on the last page of proposed-insured that applies', () => {
    const two = start(fullApplication(), 'plan-details');
    two.send({ type: 'BACK' });
    expect(where(two)).toBe('proposed-insured/insured-2');
    const data = fullApplication();
    data['proposed-insured'] = { ...data['proposed-insured'], number_of_insureds: 1 };
    const one = start(data, 'plan-details');
    one.send({ type: 'BACK' });
    expect(where(one)).toBe('proposed-insured/insured-1');
  });

  it('has nowhere to go from the first page of the first step (the app returns to the prompt)', () => {
    const actor = start(fullApplication());
    expect(where(actor)).toBe('basic/language');
    expect(actor.getSnapshot().can({ type: 'BACK' })).toBe(false);
  });
});
