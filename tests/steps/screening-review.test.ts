import { engine, example, errorsOf, definitions } from '../support/engine.ts';

const STEP = 'screening-review';

describe('screening-review definition', () => {
  const ui = definitions.steps[STEP].ui as Record<string, unknown>;
  const options = ui['ui:options'] as Record<string, unknown>;

  it("is the flow's review step and saves no fields of its own", () => {
    expect(definitions.flow.review).toBe(STEP);
    expect(definitions.steps[STEP].schema.properties).toEqual({});
    expect(errorsOf(STEP, {})).toEqual([]);
  });

  it('lists every screening step of flow.json in its order, under its flow title, but the excluded tax information', () => {
    // The spec's 11 sections, in order, are pinned in tests/steps/specTexts.json; here the review follows the flow.
    const excluded = (ui['ui:review'] as { exclude?: string[] }).exclude ?? [];
    expect(excluded).toContain('tax-information');
    const expected = definitions.flow.steps
      .filter((s) => s.id !== STEP && !s.final && !excluded.includes(s.id))
      .map((s) => [s.title, s.id]);
    expect(engine.reviewSections().map((r) => [r.title, r.step])).toEqual(expected);
    expect(engine.reviewSections().map((r) => r.step)).not.toContain('tax-information');
  });

  it('shows a new step by default, and ui:review only reorders or excludes', () => {
    const layout = ui['ui:review'];
    try {
      ui['ui:review'] = {};
      const all = engine.reviewSections().map((r) => r.step);
      const screening = definitions.flow.steps.filter((s) => s.id !== STEP && !s.final).map((s) => s.id);
      expect(all).toEqual(screening);
      ui['ui:review'] = { order: ['medical', 'basic'], exclude: ['owner'] };
      const moved = engine.reviewSections().map((r) => r.step);
      expect(moved.slice(0, 2)).toEqual(['medical', 'basic']);
      expect(moved).not.toContain('owner');
      expect(moved).toHaveLength(screening.length - 1);
    } finally {
      ui['ui:review'] = layout;
    }
  });

  it('has no Save (its heading and button: tests/steps/specTexts.json)', () => {
    expect(options.showSave).toBe(false);
  });
});

describe('the complete application example', () => {
  it('has no errors for the review step', () => {
    expect(errorsOf(STEP, example(STEP, 'full-application'))).toEqual([]);
  });

  it('holds a record for every step of the flow', () => {
    const data = example(STEP, 'full-application');
    for (const id of definitions.order) expect(data[id], id).toBeDefined();
  });

  it('takes the joint-owner path: multi-owner and tax information apply', () => {
    const data = example(STEP, 'full-application');
    expect(engine.stepApplies('multi-owner', data)).toBe(true);
    expect(engine.stepApplies('tax-information', data)).toBe(true);
    expect(engine.pagesOf('proposed-insured', data).map((p) => p.id)).toContain('insured-2');
  });

  it.each(definitions.order)('is valid and stable for step %s', (id) => {
    const data = example(STEP, 'full-application');
    const view = engine.evaluateStep(id, data);
    expect(view.errors).toEqual([]);
    expect(view.cleared).toEqual([]);
    // Computed values equal what the example already holds (arrays compare by content).
    const record = data[id] as Record<string, unknown>;
    for (const [path, value] of Object.entries(view.computed)) {
      const before = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], record);
      expect(value, path).toEqual(before);
    }
  });
});
