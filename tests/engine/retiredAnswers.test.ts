/**
 * Issue 13, versioned definitions: a saved answer to a question the definitions no longer ask is left out of the
 * application and flagged on the review, not refused forever.
 */
import { engine, example } from '../support/engine.ts';

const stepId = 'purpose-of-insurance';
const name = Object.keys(engine.definitions.steps[stepId].examples)[0];
const data = example(stepId, name);
const saved = { ...(data[stepId] as Record<string, unknown>), dropped_question: 'yes' };
const withSaved = { ...data, [stepId]: saved };

describe('answers to questions the definitions no longer ask', () => {
  it('are left out of the values when they were saved so (previous), with no error', () => {
    const view = engine.evaluateStep(stepId, withSaved, { previous: saved });
    expect(view.errors).toEqual([]);
    expect(view.retired).toEqual(['dropped_question']);
    expect(view.values).not.toHaveProperty('dropped_question');
  });

  it('are refused as an unknown field when a caller sends them new', () => {
    const view = engine.evaluateStep(stepId, withSaved, { previous: data[stepId] as Record<string, unknown> });
    expect(view.retired).toEqual([]);
    expect(view.errors.map((e) => e.field)).toContain('dropped_question');
  });

  it('do not make the step incomplete, and the review lists them by step', () => {
    expect(engine.incompleteSteps(withSaved).map((s) => s.id)).not.toContain(stepId);
    const title = engine.definitions.flow.steps.find((s) => s.id === stepId)!.title;
    expect(engine.retiredAnswers(withSaved)).toEqual([{ id: stepId, title, fields: ['dropped_question'] }]);
    expect(engine.retiredAnswers(data)).toEqual([]);
  });
});
