import { applyJsonPatch } from '../../scripts/applyDrill.ts';

// Issue 25: drills name array elements by what they hold, so a step added before Medical does not break them.
describe('applyJsonPatch selectors', () => {
  const flow = { steps: [{ id: 'lifestyle' }, { id: 'medical' }] };

  it('adds before the element a selector names, wherever it sits', () => {
    const added = { op: 'add' as const, path: '/steps/[id=medical]', value: { id: 'occupation' } };
    expect(applyJsonPatch(flow, [added])).toEqual({
      steps: [{ id: 'lifestyle' }, { id: 'occupation' }, { id: 'medical' }],
    });
    const moved = { steps: [{ id: 'new' }, ...flow.steps] };
    expect((applyJsonPatch(moved, [added]) as typeof flow).steps.map((s) => s.id)).toEqual([
      'new',
      'lifestyle',
      'occupation',
      'medical',
    ]);
  });

  it('matches several conditions, dotted keys and escaped slashes', () => {
    const texts = {
      texts: [
        { file: 'owner/schema.json', text: 'A', nested: { k: 1 } },
        { file: 'proposed-insured/schema.json', text: 'A', nested: { k: 2 } },
      ],
    };
    const replaced = applyJsonPatch(texts, [
      { op: 'replace', path: '/texts/[file=proposed-insured~1schema.json&text=A]/text', value: 'B' },
      { op: 'test', path: '/texts/[nested.k=1]/text', value: 'A' },
    ]) as typeof texts;
    expect(replaced.texts.map((t) => t.text)).toEqual(['A', 'B']);
  });

  it('refuses a selector that matches no element or more than one', () => {
    expect(() => applyJsonPatch(flow, [{ op: 'remove', path: '/steps/[id=occupation]' }])).toThrow(/0 elements match/);
    const twice = { steps: [{ id: 'a' }, { id: 'a' }] };
    expect(() => applyJsonPatch(twice, [{ op: 'remove', path: '/steps/[id=a]' }])).toThrow(/2 elements match/);
  });
});
