import { createActor } from 'xstate';
import { fullApplication, machine, start, where, walk } from '../support/flow.ts';

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

  it('reaching pdf-generation completes the screening', () => {
    const actor = start(fullApplication(), 'medical');
    expect(walk(actor)).toEqual(['medical', 'screening-review', 'pdf-generation']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a full walk from the start visits every applicable step in the spec order', () => {
    const steps = [...new Set(walk(start(fullApplication())).map((p) => p.split('/')[0]))];
    expect(steps).toEqual(['basic', 'proposed-insured', 'plan-details', 'owner', 'multi-owner', 'tax-information', 'beneficiary',
      'purpose-of-insurance', 'financial', 'insurance-history', 'lifestyle', 'medical', 'screening-review', 'pdf-generation']);
  });
});

describe('resume at a step that no longer applies', () => {
  it('opens the next step that applies', async () => {
    const { engine, example } = await import('../support/engine.ts');
    const data = fullApplication();
    data.owner = engine.evaluateStep('owner', { ...data, owner: example('owner', 'entity').owner }).values;
    expect(where(start(data, 'multi-owner'))).toBe('beneficiary');
    expect(where(start(data, 'tax-information'))).toBe('beneficiary');
  });
});
