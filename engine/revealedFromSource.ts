import { getPath } from './paths.ts';
import type { CompiledVisibility } from './compileRules.ts';
import type { JsonObject } from './types.ts';

/** A keystroke looks at every target: each is split once. */
const segmentsOf = new Map<string, string[]>();

/**
 * The fields a visibility rule reveals in this change (hidden under the previous record, shown now), with the value
 * the source holds for what they have no answer for: a field that shows again shows what the record it was prefilled
 * from holds (a client's email once consent is given), not the blank its hiding left. Plain targets only: rows of a
 * list are not prefilled from records.
 * @param rules - the step's visibility rules
 * @param record - the step record now
 * @param source - the record as loaded from the records (with the effects of changes since folded in)
 * @param shows - whether logic holds over the data now
 * @param showed - whether logic held over the data with the previous record
 * @returns the paths and values to restore
 */
export function revealedFromSource(
  rules: CompiledVisibility[],
  record: JsonObject,
  source: JsonObject,
  shows: (logic: unknown) => boolean,
  showed: (logic: unknown) => boolean,
): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const rule of rules) {
    // Each rule's conditions are evaluated at most once, and only when it has a field to give back.
    let now: boolean | undefined;
    let before: boolean | undefined;
    for (const target of rule.targets) {
      let path = segmentsOf.get(target);
      if (!path) segmentsOf.set(target, (path = target.split('.')));
      if (path.includes('*')) continue;
      const value = filled(getPath(record, path), getPath(source, path));
      if (value === undefined) continue;
      if (!(now ??= shows(rule.showIf))) break;
      if ((before ??= showed(rule.showIf))) break;
      out.push([target, value]);
    }
  }
  return out;
}

/**
 * The value with what it has no answer for taken from the source (an object key by key: an insured shown again may
 * already hold the values computed for it), or undefined when the source adds nothing.
 */
function filled(value: unknown, source: unknown): unknown {
  if (source === undefined) return undefined;
  if (value === undefined) return source;
  if (!isObject(value) || !isObject(source)) return undefined;
  let out: JsonObject | undefined;
  for (const [key, from] of Object.entries(source)) {
    const next = filled(value[key], from);
    if (next !== undefined) (out ??= { ...value })[key] = next;
  }
  return out;
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
