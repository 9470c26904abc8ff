import { uiSections } from './uiSections.ts';

/**
 * How a change's discarded answers are named to the adviser who is asked first: by section, as the form shows them
 * ("Identity Verification: ID Type, ID Number"), so two owners' same questions say whose they are. A section that
 * holds just that one answer is named by the answer alone ("Single Life Options"), as is an answer outside sections.
 * @param ui - the step's UI schema
 * @param fields - the discarded top-level fields
 * @param texts - the step's texts now (a section's title that changes with the data)
 * @returns one line per section, in the form's order, then the answers outside sections
 */
export function discardedTitles(
  ui: Record<string, unknown>,
  fields: string[],
  texts: Record<string, string> = {},
): string[] {
  const titleOf = (field: string): string => {
    const title = (ui[field] as { 'ui:title'?: unknown } | undefined)?.['ui:title'];
    return typeof title === 'string' ? title : field;
  };
  const lines: string[] = [];
  const placed = new Set<string>();
  for (const section of uiSections(ui)) {
    const lost = section.fields.filter((f) => fields.includes(f));
    if (!lost.length) continue;
    lost.forEach((f) => placed.add(f));
    const titles = [...new Set(lost.map(titleOf))];
    const heading = texts[section.id] ?? section.title;
    lines.push(section.fields.length === 1 || !heading ? titles.join(', ') : `${heading}: ${titles.join(', ')}`);
  }
  for (const field of fields) if (!placed.has(field)) lines.push(titleOf(field));
  return [...new Set(lines)];
}
