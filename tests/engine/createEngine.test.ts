/** An engine whose steps arrive one at a time, as in the browser: flow.json first, each step when first needed. */
import { ajvSchemaChecks } from '../../engine/ajvSchemaChecks.ts';
import { assembleDefinitions } from '../../engine/assembleDefinitions.ts';
import { createEngine } from '../../engine/createEngine.ts';
import type { SchemaCheck, SchemaChecks } from '../../engine/types.ts';
import { definitions } from '../support/engine.ts';

function partialEngine(checks: SchemaChecks = ajvSchemaChecks()) {
  return createEngine(assembleDefinitions(definitions.flow), checks);
}

describe('createEngine with steps added later', () => {
  it('knows from flow.json alone whether a step applies and which pages it has', () => {
    const engine = partialEngine();
    expect(engine.hasStep('owner')).toBe(false);
    const corporate = { owner: { ownership_type: 'corporation' } };
    expect(engine.stepApplies('multi-owner', corporate)).toBe(false);
    expect(engine.stepApplies('multi-owner', { owner: { ownership_type: 'joint_insureds' } })).toBe(true);
    expect(engine.pagesOf('basic', { $context: { clientId: '7' } }).map((p) => p.id)).not.toContain('select-client');
  });

  it('refuses to evaluate a step that is not loaded, naming it, and evaluates it once added', () => {
    const engine = partialEngine();
    expect(() => engine.evaluateStep('purpose-of-insurance', {})).toThrow(
      'Step "purpose-of-insurance" is not loaded yet',
    );
    expect(() => engine.evaluateStep('no-such-step', {})).toThrow('Unknown step "no-such-step"');
    engine.addSteps([definitions.steps['purpose-of-insurance']]);
    expect(engine.hasStep('purpose-of-insurance')).toBe(true);
    expect(engine.evaluateStep('purpose-of-insurance', { 'purpose-of-insurance': {} }).errors.length).toBeGreaterThan(
      0,
    );
  });

  it('takes its schema checks from the source it is given, once per step', () => {
    const runtime = ajvSchemaChecks();
    const asked: string[] = [];
    const engine = partialEngine({
      record: (stepId, schema) => {
        asked.push(stepId);
        return runtime.record(stepId, schema);
      },
      condition: runtime.condition,
    });
    engine.addSteps([definitions.steps['multi-owner']]);
    engine.evaluateStep('multi-owner', {});
    engine.isValid('multi-owner', {});
    expect(asked).toEqual(['multi-owner']);
  });

  it('answers an `if` condition of a step schema, compiling each distinct condition once', () => {
    const runtime = ajvSchemaChecks();
    let compiled = 0;
    const engine = partialEngine({
      record: runtime.record,
      condition: (stepId, key, schema): SchemaCheck => {
        compiled += 1;
        return runtime.condition(stepId, key, schema);
      },
    });
    const isTerm = { properties: { product_type: { const: 'term_life' } }, required: ['product_type'] };
    expect(engine.matchesCondition('plan-details', isTerm, { product_type: 'term_life' })).toBe(true);
    expect(
      engine.matchesCondition(
        'plan-details',
        { required: ['product_type'], properties: { product_type: { const: 'term_life' } } },
        { product_type: 'whole_life' },
      ),
    ).toBe(false);
    expect(compiled).toBe(1);
  });
});
