import equal from 'fast-deep-equal';
import type { CompiledRules } from './compileRules.ts';

/**
 * True when a rule, not the adviser, gave a top-level field its value in a record: a computed rule, or an `assign`
 * effect (an insured's ID copied into the owner), that applied to that record and gives that very value. Such an
 * answer is a copy: a change that replaces it loses nothing the adviser typed, so nobody is asked first.
 * @param rules - the step's compiled rules
 * @param field - a top-level field of the step record
 * @param value - its value in the record
 * @param holds - evaluates logic over the whole application's data with that record
 */
export function givenByRule(
  rules: CompiledRules,
  field: string,
  value: unknown,
  holds: (logic: unknown) => unknown,
): boolean {
  for (const rule of rules.computed) {
    if (rule.field !== field || (rule.when !== undefined && !truthy(holds(rule.when)))) continue;
    if (equal(holds(rule.value), value)) return true;
  }
  for (const effect of rules.effects) {
    const values = effect.op === 'assign' ? (effect.params.values as Record<string, unknown> | undefined) : undefined;
    if (!values || !(field in values) || (effect.when !== undefined && !truthy(holds(effect.when)))) continue;
    if (equal(holds(values[field]), value)) return true;
  }
  return false;
}

function truthy(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}
