import { applyLogic } from './effects.ts';
import { DocumentCheckError } from './mapDocument.ts';
import type { ApplicationData, Definitions, DocumentScope } from './types.ts';

/** Each listed list of the scope with the key of each of its rows (the one place a row's key is worked out). */
function keyedRows(
  scope: DocumentScope,
  data: ApplicationData,
  lists: Record<string, unknown> | undefined,
): { stepId: string; field: string; rows: { row: unknown; key: unknown }[] }[] {
  const out = [];
  for (const path of scope.rows) {
    const [stepId, field] = path.split('.');
    const rows = data[stepId]?.[field];
    if (!Array.isArray(rows)) continue;
    out.push({
      stepId,
      field,
      rows: rows.map((row) => ({ row, key: applyLogic(scope.key, { ...data, $lists: lists, $item: row }) })),
    });
  }
  return out;
}

/**
 * The data with each listed list keeping only the rows whose key is `value` (a list left with none becomes null).
 * @param scope - the document mapping's `scope`
 * @param data - the saved answers
 * @param lists - flow.json's lists, for `$lists`
 * @param value - the value the document is built for (an insurer id)
 * @param name - how the refusal names it ("Manulife")
 * @throws DocumentCheckError when no listed row has that key
 * @example scopeData(payload.scope, data, flow.lists, 'MANULIFE', 'Manulife')['plan-details'].single_life_options
 */
export function scopeData(
  scope: DocumentScope,
  data: ApplicationData,
  lists: Record<string, unknown> | undefined,
  value: string,
  name: string,
): ApplicationData {
  const out: ApplicationData = { ...data };
  let kept = 0;
  for (const { stepId, field, rows } of keyedRows(scope, data, lists)) {
    const mine = rows.filter((r) => r.key === value).map((r) => r.row);
    kept += mine.length;
    out[stepId] = { ...out[stepId], [field]: mine.length ? mine : null };
  }
  if (kept === 0) throw new DocumentCheckError(scope.code, scope.message.replace(/\{name\}/g, name), scope.field);
  return out;
}

/**
 * The values a document built once per value can be built for over these answers: the keys of its scope's rows, each
 * once, in the rows' order (the insurers an application has a plan of). The page offering the choice and the server
 * refusing it ask this same question of the same definition.
 * @param definitions - the engine's definitions (in the browser, a step's documents hold their `scope` alone)
 * @param stepId - the step whose document it is (the final step)
 * @param document - the document's name ("payload")
 * @param data - the answers, keyed by step id
 * @returns the values, or null when the document is not built per value (it has no scope)
 * @example valuesInScope(engine.definitions, 'pdf-generation', 'payload', saved) // ['BMO', 'MANULIFE']
 */
export function valuesInScope(
  definitions: Definitions,
  stepId: string,
  document: string,
  data: ApplicationData,
): string[] | null {
  const scope = definitions.steps[stepId]?.documents?.[document]?.scope;
  if (!scope) return null;
  const values = new Set<string>();
  for (const { rows } of keyedRows(scope, data, definitions.flow.lists))
    for (const { key } of rows) if (typeof key === 'string') values.add(key);
  return [...values];
}
