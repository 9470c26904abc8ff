import { readFileSync } from 'node:fs';
import { engine, definitions } from '../support/engine.ts';
import { definitionText } from '../support/definitionText.ts';
import { realFiles } from '../support/miniDefinitions.ts';

/** The spec's wording and order: the one list product staff update when the spec changes (see its $comment). */
interface SpecTexts {
  stepOrder: string[];
  reviewSections: [string, string][];
  texts: { file: string; path?: string; text: string }[];
}
const spec = JSON.parse(readFileSync(new URL('./specTexts.json', import.meta.url), 'utf8')) as SpecTexts;
const files = realFiles() as Record<string, unknown>;

/** Every string value of a JSON document. */
const stringsOf = (node: unknown): string[] =>
  typeof node === 'string'
    ? [node]
    : node !== null && typeof node === 'object'
      ? Object.values(node).flatMap(stringsOf)
      : [];

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

  it.each(spec.texts.map((t) => [t.text, t.file, t.path ?? ''] as const))(
    'says "%s" in steps/%s %s',
    (text, file, path) => {
      if (path) expect(definitionText(file, path)).toBe(text);
      else expect(stringsOf(files[file])).toContain(text);
    },
  );
});
