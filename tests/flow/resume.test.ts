import { createActor } from 'xstate';
import { definitions, engine } from '../support/engine.ts';
import { fullApplication, machine, start, where, walk } from '../support/flow.ts';

/** The flow's last screening step before the review, its review step and its final step, as flow.json orders them. */
const { review, steps: flowSteps } = definitions.flow;
const finalStep = flowSteps.find((s) => s.final)!.id;
const lastBeforeReview = flowSteps[flowSteps.findIndex((s) => s.id === review) - 1].id;

describe('resume and completion', () => {
  it('starts at a saved step', () => {
    expect(where(start(fullApplication(), 'owner'))).toBe('owner');
    expect(where(start(fullApplication(), 'lifestyle'))).toBe('lifestyle');
  });

  it('restores a persisted snapshot with its data and position', () => {
    const actor = start(fullApplication(), 'financial');
    actor.send({ type: 'NEXT' });
    const saved = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
    const restored = createActor(machine, { snapshot: saved, input: {} }).start();
    expect(where(restored)).toBe('insurance-history');
    expect(restored.getSnapshot().context.data.owner).toEqual(fullApplication().owner);
  });

  it('reaching the final step completes the screening', () => {
    const actor = start(fullApplication(), lastBeforeReview);
    expect(walk(actor)).toEqual([lastBeforeReview, review, finalStep]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a full walk from the start visits every step of flow.json that applies, in its order', () => {
    const data = fullApplication();
    const steps = [...new Set(walk(start(data)).map((p) => p.split('/')[0]))];
    const applicable = definitions.order.filter((id) => engine.stepApplies(id, data));
    expect(steps).toEqual(applicable);
    // The complete application is the widest one: every step applies to it (the spec's order: tests/steps/specTexts.json).
    expect(steps).toEqual(definitions.order);
  });
});

describe('resume at a step that no longer applies', () => {
  it('opens the next step that applies', async () => {
    const { example } = await import('../support/engine.ts');
    const data = fullApplication();
    data.owner = engine.evaluateStep('owner', { ...data, owner: example('owner', 'entity').owner }).values;
    expect(where(start(data, 'multi-owner'))).toBe('beneficiary');
    expect(where(start(data, 'tax-information'))).toBe('beneficiary');
  });
});
