import { firstPaintGroups } from '../../renderer/firstPaintGroups.ts';

const field = (name: string) => ({ name });
const groups = [
  { section: 'who', items: [field('type'), field('hidden_a'), field('name')] },
  { section: 'third', items: [field('funds'), field('hidden_b'), field('payer'), field('date')] },
  { section: 'id', items: [field('id_type'), field('id_number')] },
];
const hidden = new Set(['hidden_a', 'hidden_b']);
const isHidden = (name: string) => hidden.has(name);
const names = (out: ReturnType<typeof firstPaintGroups<string, { name: string }>>) =>
  out.map((g) => `${g.section}: ${g.items.map((i) => i.name).join(' ')}`);

describe("a long form's first frame", () => {
  it('draws shown fields in order up to the budget, cutting the last section reached', () => {
    expect(names(firstPaintGroups(groups, 4, isHidden))).toEqual([
      'who: type hidden_a name',
      'third: funds hidden_b payer',
    ]);
  });

  it('does not count the fields the engine hides', () => {
    // Five shown fields: the two hidden ones ride along without using the budget.
    const out = firstPaintGroups(groups, 5, isHidden);
    expect(out.flatMap((g) => g.items).filter((i) => !isHidden(i.name))).toHaveLength(5);
    expect(names(out)).toEqual(['who: type hidden_a name', 'third: funds hidden_b payer date']);
  });

  it('keeps a section whole (the same object) when it fits, and draws everything when the budget allows', () => {
    const out = firstPaintGroups(groups, 100, isHidden);
    expect(out).toHaveLength(3);
    out.forEach((g, i) => expect(g).toBe(groups[i]));
  });

  it('draws no section when the fields outside them use the budget up', () => {
    expect(firstPaintGroups(groups, 0, isHidden)).toEqual([]);
  });
});
