import { applyLogic } from './effects.ts';
import { DocumentCheckError } from './mapDocument.ts';
import type { ApplicationData, DocumentScope } from './types.ts';

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
  for (const path of scope.rows) {
    const [stepId, field] = path.split('.');
    const record = out[stepId];
    const rows = record?.[field];
    if (!record || !Array.isArray(rows)) continue;
    const mine = rows.filter((row) => applyLogic(scope.key, { ...data, $lists: lists, $item: row }) === value);
    kept += mine.length;
    out[stepId] = { ...record, [field]: mine.length ? mine : null };
  }
  if (kept === 0) throw new DocumentCheckError(scope.code, scope.message.replace(/\{name\}/g, name), scope.field);
  return out;
}
