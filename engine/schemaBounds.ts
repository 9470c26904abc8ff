import type { JsonSchema } from './types.ts';

/** Formats whose values have a bounded length by themselves. */
const BOUNDED_FORMATS = new Set(['date', 'date-time', 'time']);

/**
 * True when a regular expression only matches text of a bounded length: anchored at both ends (`^…$`) and with no
 * unbounded repetition (`*`, `+`, `{n,}`) outside a character class.
 * @param pattern - a JSON Schema `pattern`
 * @example patternBoundsLength('^[A-Z]\\d[A-Z] ?\\d[A-Z]\\d$') // true
 */
export function patternBoundsLength(pattern: string): boolean {
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return false;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '*' || c === '+') return false;
    else if (c === '{' && /^\{\d*,\}/.test(pattern.slice(i))) return false;
  }
  return true;
}

const typesOf = (schema: JsonSchema): unknown[] => (Array.isArray(schema.type) ? schema.type : [schema.type]);
const has = (schema: JsonSchema, ...keywords: string[]): boolean => keywords.some((k) => typeof schema[k] === 'number');

/**
 * What a schema node lacks to bound the answers it accepts, as a sentence with a suggestion, or undefined when it is
 * bounded: a text needs a `maxLength` (or an `enum`, `const`, date `format` or a pattern that bounds it), a number a
 * lowest and a highest value, a list a `maxItems`. Only nodes that declare a `type` are judged.
 * @param schema - one node of a step's schema (not an `if` condition)
 * @example unboundedProblem({ type: 'array', items: {} }) // 'a list needs a "maxItems" …'
 */
export function unboundedProblem(schema: JsonSchema): string | undefined {
  if (schema.enum !== undefined || schema.const !== undefined) return undefined;
  const types = typesOf(schema);
  if (
    types.includes('string') &&
    !has(schema, 'maxLength') &&
    !BOUNDED_FORMATS.has(String(schema.format)) &&
    !(typeof schema.pattern === 'string' && patternBoundsLength(schema.pattern))
  )
    return 'a text field needs a "maxLength" (and an errorMessage for it), or an "enum", "const", date "format" or an anchored "pattern" without "*", "+" or "{n,}": for example "maxLength": 100 for a name, 200 for an address line, 2000 for free text';
  if ((types.includes('number') || types.includes('integer')) && !has(schema, 'minimum', 'exclusiveMinimum'))
    return 'a number field needs a "minimum" (and an errorMessage for it): for example "minimum": 0 for an amount or a count';
  if ((types.includes('number') || types.includes('integer')) && !has(schema, 'maximum', 'exclusiveMaximum'))
    return 'a number field needs a "maximum" (and an errorMessage for it): the largest realistic value, for example "maximum": 100 for a percentage or 120 for years';
  if (types.includes('array') && !has(schema, 'maxItems'))
    return 'a list needs a "maxItems": the most rows a form and an insurer can take, for example "maxItems": 10 (or the number of options of a multiple choice)';
  return undefined;
}
