/** StepView.discarded: answers an effect empties, so the form can ask first (issue 11: plans). */
import { engine, example } from '../support/engine.ts';

describe('discarded answers', () => {
  const data = example('plan-details', 'single-life-term');
  const before = data['plan-details'] as Record<string, unknown>;

  it('names the single-life plans a first joint plan empties', () => {
    // A fresh row, no product chosen yet: the derived product type empties too.
    const next = { ...before, joint_plan_options: [{}] };
    const view = engine.evaluateStep('plan-details', { ...data, 'plan-details': next }, { previous: before });
    expect(view.values.single_life_options ?? null).toBeNull();
    expect(view.values.product_type ?? null).toBeNull();
    // The derived product type follows, but it is not an answer of the adviser's.
    expect(view.discarded).toEqual(['single_life_options']);
  });

  it('names nothing when the emptied list held nothing, or without a previous record', () => {
    const empty = { ...before, single_life_options: [] };
    const next = { ...empty, joint_plan_options: [{ product_type: 'term_life' }] };
    expect(
      engine.evaluateStep('plan-details', { ...data, 'plan-details': next }, { previous: empty }).discarded,
    ).toEqual([]);
    expect(engine.evaluateStep('plan-details', data).discarded).toEqual([]);
  });
});
