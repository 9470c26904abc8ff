import { definitions, engine } from '../support/engine.ts';

// One suite over every definition: every step has examples, and every example is valid for its step.
describe.each(definitions.order)('step %s', (stepId) => {
  const step = definitions.steps[stepId];
  it('has at least one example', () => {
    expect(Object.keys(step.examples).length).toBeGreaterThan(0);
  });
  it.each(Object.keys(step.examples))('example %s has no errors and keeps its answers', (name) => {
    const data = step.examples[name].data;
    const view = engine.evaluateStep(stepId, data);
    expect(view.errors).toEqual([]);
    expect(view.cleared).toEqual([]);
  });
});
