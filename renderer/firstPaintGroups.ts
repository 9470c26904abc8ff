/**
 * The part of a long form's sections drawn in its first frame: fields in order, section after section, until
 * `budget` fields that the engine shows are in (hidden ones draw nothing and are not counted); the section reached
 * last is cut after its last counted field. The rest follows right after the first paint.
 * @param groups - the sections in order, each with the fields it draws
 * @param budget - how many shown fields the first frame draws (those outside every section already counted out)
 * @param isHidden - whether the engine hides a field now
 */
export function firstPaintGroups<S, F extends { name: string }>(
  groups: readonly { section: S; items: F[] }[],
  budget: number,
  isHidden: (name: string) => boolean,
): { section: S; items: F[] }[] {
  const out: { section: S; items: F[] }[] = [];
  let left = budget;
  for (const group of groups) {
    if (left <= 0) break;
    let end = 0;
    while (end < group.items.length && left > 0) {
      if (!isHidden(group.items[end].name)) left -= 1;
      end += 1;
    }
    out.push(end === group.items.length ? group : { section: group.section, items: group.items.slice(0, end) });
  }
  return out;
}
