import type { Engine, ApplicationData, JsonObject, JsonSchema } from '../engine/index.ts';
import { fieldAt, resolveRef, getPath, setPath } from '../engine/index.ts';

type Node = Record<string, unknown>;

/** Letters and spaces only, so a name's pattern takes it as it takes free text. */
const WORDS = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliett'];
const words = (length: number): string => {
  let text = '';
  for (let i = 0; text.length < length; i++) text += `${text ? ' ' : ''}${WORDS[i % WORDS.length]}`;
  return text.slice(0, length).trimEnd().padEnd(length, 'x');
};

const typesOf = (schema: Node): unknown[] => (Array.isArray(schema.type) ? schema.type : [schema.type]);

/** The branches a value may take its sub-schemas from (allOf, then, else). */
const branchesOf = (schema: Node): Node[] => [
  schema,
  ...((schema.allOf ?? []) as Node[]),
  ...[schema.then, schema.else].filter((b): b is Node => Boolean(b) && typeof b === 'object'),
];

/**
 * The largest application the definitions allow, built from an application in good order and the definitions' bounds
 * alone: every list grows to its `maxItems` (its last row repeated; a multiple choice takes every option), every text
 * that its schema lets hold letters grows to its `maxLength` (a value picked from one of flow.json's lists stays). Then each step is evaluated as the server does on a save
 * (effects such as share redistribution, computed values, hidden answers dropped), so the result is still in good
 * order where the rules allow it; `problems` lists what the engine still refuses.
 * @param engine - the engine over steps/
 * @param data - a complete application (the review step's full-application example)
 */
export function largestApplication(
  engine: Engine,
  data: ApplicationData,
): { data: ApplicationData; problems: string[] } {
  const listed = new Set(
    Object.values(engine.definitions.flow.lists ?? {}).flatMap((rows) =>
      rows.flatMap((row) => Object.values(row).filter((v) => typeof v === 'string')),
    ),
  );
  const grow = (value: unknown, schema: Node, root: Node): unknown => {
    const { schema: s } = resolveRef(schema, root);
    if (Array.isArray(value)) {
      const items = resolveRef((s.items ?? {}) as Node, root).schema;
      const max = typeof s.maxItems === 'number' ? s.maxItems : value.length;
      if (Array.isArray(items.enum)) return items.enum.filter((v) => v !== null).slice(0, max);
      if (value.length === 0) return value;
      const rows = value.map((row) => grow(row, items, root));
      while (rows.length < max) rows.push(structuredClone(rows[rows.length - 1]));
      return rows;
    }
    if (value && typeof value === 'object') {
      const out: Node = {};
      for (const [k, v] of Object.entries(value)) {
        const field = branchesOf(s)
          .map((b) => (b.properties as Node | undefined)?.[k])
          .find(Boolean) as Node | undefined;
        out[k] = field ? grow(v, field, root) : v;
      }
      return out;
    }
    if (typeof value !== 'string' || value === '' || !typesOf(s).includes('string')) return value;
    // A value picked from a shared list (a catalogue's plan id) is a choice, not free text.
    if (listed.has(value)) return value;
    if (typeof s.maxLength !== 'number' || s.enum || s.format) return value;
    const text = words(s.maxLength);
    return typeof s.pattern !== 'string' || new RegExp(s.pattern, 'u').test(text) ? text : value;
  };

  const out: ApplicationData = { ...data };
  for (const stepId of engine.definitions.order) {
    const step = engine.definitions.steps[stepId];
    const record = data[stepId];
    if (!step || !record || typeof record !== 'object' || Array.isArray(record)) continue;
    const root = step.schema as JsonSchema as Node;
    out[stepId] = grow(record, root, root) as JsonObject;
    out[stepId] = engine.evaluateStep(stepId, out, { previous: record as JsonObject }).values;
  }
  // A list holding every option can reveal a question the original left hidden ("other: please specify"): a text
  // answer the rules now ask for is written at its maxLength too.
  for (let pass = 0; pass < 3; pass++) {
    let filled = false;
    for (const { id, errors } of engine.incompleteSteps(out)) {
      const step = engine.definitions.steps[id];
      for (const e of errors) {
        const field = fieldAt(step.schema, step.ui, e.field.split('.'));
        if (!field || getPath(out[id], e.field) !== undefined) continue;
        const text = grow('x', field.schema, step.schema as JsonSchema as Node);
        if (text === 'x') continue;
        out[id] = setPath(out[id] as JsonObject, e.field, text as string);
        filled = true;
      }
      if (filled) out[id] = engine.evaluateStep(id, out).values;
    }
    if (!filled) break;
  }
  const problems = engine.incompleteSteps(out).flatMap((s) => s.errors.map((e) => `${s.id}.${e.field}: ${e.message}`));
  return { data: out, problems };
}
