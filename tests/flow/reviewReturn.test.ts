import { example, engine } from '../support/engine.ts';
import { fullApplication, start, where, walk } from '../support/flow.ts';
import { ruleMessage } from '../support/definitionText.ts';

describe('EDIT from review returns to review', () => {
  it('edits a step and comes back to review on its Next', () => {
    const actor = start(fullApplication(), 'screening-review');
    actor.send({ type: 'EDIT', step: 'purpose-of-insurance' });
    expect(where(actor)).toBe('purpose-of-insurance');
    expect(actor.getSnapshot().context.returnToReview).toBe(true);
    actor.send({ type: 'NEXT' });
    expect(where(actor)).toBe('screening-review');
    expect(actor.getSnapshot().context.returnToReview).toBe(false);
  });

  it('editing a step with sub-pages walks its pages, then returns', () => {
    const actor = start(fullApplication(), 'screening-review');
    actor.send({ type: 'EDIT', step: 'proposed-insured' });
    expect(where(actor)).toBe('proposed-insured/count');
    expect(walk(actor).slice(1, 4)).toEqual([
      'proposed-insured/insured-1',
      'proposed-insured/insured-2',
      'screening-review',
    ]);
  });

  it('an edit that makes a skipped step apply walks through that step first when it has no saved answers', () => {
    const data = fullApplication();
    data.owner = engine.evaluateStep('owner', { ...data, owner: example('owner', 'entity').owner }).values;
    delete data['multi-owner'];
    delete data['tax-information'];
    const actor = start(data, 'screening-review');
    actor.send({ type: 'EDIT', step: 'owner' });
    const joint = fullApplication().owner;
    actor.send({ type: 'NEXT', data: { ...data, owner: joint } });
    expect(where(actor)).toBe('multi-owner');
    actor.send({ type: 'NEXT', data: { ...actor.getSnapshot().context.data, 'multi-owner': {} } });
    expect(where(actor)).toBe('tax-information');
    actor.send({
      type: 'NEXT',
      data: { ...actor.getSnapshot().context.data, 'tax-information': fullApplication()['tax-information'] },
    });
    expect(where(actor)).toBe('screening-review');
  });

  it('an edit that keeps the other steps valid goes straight back', () => {
    const actor = start(fullApplication(), 'screening-review');
    actor.send({ type: 'EDIT', step: 'owner' });
    actor.send({ type: 'NEXT' });
    expect(where(actor)).toBe('screening-review');
  });

  it('an invalid edit is refused and stays on the step', () => {
    const data = fullApplication();
    const actor = start(data, 'screening-review');
    actor.send({ type: 'EDIT', step: 'purpose-of-insurance' });
    actor.send({
      type: 'NEXT',
      data: { ...data, 'purpose-of-insurance': { ...data['purpose-of-insurance'], purpose_of_insurance: undefined } },
    });
    expect(where(actor)).toBe('purpose-of-insurance');
    expect(actor.getSnapshot().context.errors).toContainEqual({
      field: 'purpose_of_insurance',
      message: ruleMessage('purpose-of-insurance', 'purpose_of_insurance'),
    });
  });
});
