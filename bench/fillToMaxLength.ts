import type { Engine } from '../engine/createEngine.ts';
import { schemaAt } from '../engine/schemaAt.ts';
import type { ApplicationData, JsonSchema } from '../engine/types.ts';

const words = (length: number): string => {
  let text = '';
  for (let i = 0; text.length < length; i++) text += `${text ? ' ' : ''}answer${i}`;
  return text.slice(0, length);
};

/**
 * Every free-text answer (a string with a maxLength and no enum, format or pattern) made as long as its schema allows.
 */
export function fillToMaxLength(engine: Engine, data: ApplicationData): ApplicationData {
  const visit = (value: unknown, root: JsonSchema, path: string[]): unknown => {
    if (Array.isArray(value)) return value.map((v, i) => visit(v, root, [...path, String(i)]));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v, root, [...path, k])]));
    }
    if (typeof value !== 'string' || value === '') return value;
    const found = schemaAt(root, root, path);
    if (!found.found) return value;
    const s = found.schema;
    if (typeof s.maxLength !== 'number' || s.enum || s.format || s.pattern) return value;
    return words(s.maxLength);
  };
  const out: ApplicationData = {};
  for (const [stepId, record] of Object.entries(data)) {
    const step = engine.definitions.steps[stepId];
    out[stepId] = step ? (visit(record, step.schema as JsonSchema, []) as ApplicationData[string]) : record;
  }
  return out;
}
