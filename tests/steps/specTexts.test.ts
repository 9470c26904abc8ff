import { engine, definitions } from '../support/engine.ts';
import { definitionValue, specTexts as spec } from '../support/specText.ts';

/** `items` in their order within `list`, other entries allowed in between. */
const inOrderWithin = <T>(items: T[], list: T[]): T[] => {
  const key = (x: T): string => JSON.stringify(x);
  const keys = list.map(key);
  let at = -1;
  return items.filter((item) => {
    const found = keys.indexOf(key(item), at + 1);
    if (found < 0) return false;
    at = found;
    return true;
  });
};

describe("the spec's texts and order (tests/steps/specTexts.json)", () => {
  it("has the spec's steps in flow.json, in the spec's order (steps added in between are allowed)", () => {
    expect(inOrderWithin(spec.stepOrder, definitions.order)).toEqual(spec.stepOrder);
  });

  it("has the spec's review sections with their titles, in order (sections added in between are allowed)", () => {
    const sections = engine.reviewSections().map((s) => [s.title, s.step] as [string, string]);
    expect(inOrderWithin(spec.reviewSections, sections)).toEqual(spec.reviewSections);
  });

  it('names each text by a key of its own', () => {
    const keys = spec.texts.map((t) => t.key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('names array elements by what they hold, never by their position (a rule or step added before moves it)', () => {
    expect(spec.texts.filter((t) => /\/\d+(\/|$)/.test(t.path)).map((t) => `${t.key} ${t.path}`)).toEqual([]);
  });

  it.each(spec.texts.map((t) => [t.key, t.text, t.file, t.path] as const))(
    '%s: says "%s" in steps/%s at %s',
    (_key, text, file, path) => {
      expect(definitionValue(file, path)).toBe(text);
    },
  );
});
