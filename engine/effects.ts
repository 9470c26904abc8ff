import { compileLogic } from './compileLogic.ts';
import { getPath, setPath } from './paths.ts';
import { isBlank } from './operations.ts';
import type { JsonObject } from './types.ts';

/** What an effect receives: the records before and after the change, and the logic data to evaluate params with. */
export interface EffectInput {
  record: JsonObject;
  previous: JsonObject;
  /** The watched path that changed. */
  changed: string;
  params: Record<string, unknown>;
  /** Evaluates JSON-Logic over the whole application's data (with the new record). */
  evaluate: (logic: unknown) => unknown;
}

/** A named operation: returns the new record (or the same one when it does nothing). */
export type Effect = (input: EffectInput) => JsonObject;

function toInt(n: unknown, fallback: number): number {
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : fallback;
}

/** Sets each relative path in `values` to the value of its logic. */
const assign: Effect = ({ record, params, evaluate }) => {
  const values = (params.values ?? {}) as Record<string, unknown>;
  let out = record;
  for (const [path, logic] of Object.entries(values)) out = setPath(out, path, evaluate(logic));
  return out;
};

/**
 * When the watched array gains or loses rows, shares `total` equally among the rows by integer division;
 * the remainder goes to the new row on add ("last") and to the first row on removal ("first").
 */
const splitEvenly: Effect = ({ record, previous, changed, params }) => {
  const rows = getPath(record, changed);
  const before = getPath(previous, changed);
  if (!Array.isArray(rows) || rows.length === 0) return record;
  const prevLength = Array.isArray(before) ? before.length : 0;
  if (rows.length === prevLength) return record;
  const field = String(params.field ?? 'share_percentage');
  const total = toInt(params.total, 100);
  const added = rows.length > prevLength;
  const where = String(added ? (params.remainderOnAdd ?? 'last') : (params.remainderOnRemove ?? 'first'));
  const each = Math.floor(total / rows.length);
  const remainder = total - each * rows.length;
  const target = where === 'first' ? 0 : rows.length - 1;
  const shared = rows.map((row, i) => ({ ...(row as JsonObject), [field]: each + (i === target ? remainder : 0) }));
  return setPath(record, changed, shared);
};

/** When one watched field becomes non-empty, the other listed fields become null. */
const exclusive: Effect = ({ record, previous, changed, params }) => {
  const fields = (params.fields ?? []) as string[];
  const now = getPath(record, changed);
  if (isBlank(now) || !isBlank(getPath(previous, changed))) return record;
  let out = record;
  for (const f of fields) if (f !== changed && getPath(out, f) !== null) out = setPath(out, f, null);
  return out;
};

/**
 * Copies the row of `source` whose `key` equals the value at `match` into the object at `target`. With `fields`, each
 * listed field takes the row's value, or null when the row has none: a copy of someone is all of them, nothing of
 * whoever was there before. `clearMatch` empties the match once the row is copied (a copy, not a link: the pick is
 * not kept).
 */
const pickFrom: Effect = ({ record, params, evaluate }) => {
  const list = evaluate(params.source);
  const match = String(params.match);
  const wanted = getPath(record, match);
  if (!Array.isArray(list) || isBlank(wanted)) return record;
  const key = String(params.key ?? 'id');
  const row = list.find(
    (r) => r !== null && typeof r === 'object' && String((r as JsonObject)[key]) === String(wanted),
  ) as JsonObject | undefined;
  if (!row) return record;
  const listed = Array.isArray(params.fields) ? (params.fields as string[]) : undefined;
  const target = String(params.target);
  let out = record;
  for (const f of listed ?? Object.keys(row).filter((k) => k !== key))
    if (row[f] !== undefined || listed) out = setPath(out, `${target}.${f}`, row[f] ?? null);
  return params.clearMatch === true ? setPath(out, match, undefined) : out;
};

/**
 * When the watched field changes from one answer to another, every other top-level answer of the record is removed,
 * except the fields in `keep`: what was given for the previous choice (the owner's identity when the owner type
 * changes) is not carried over to the next. A first answer removes nothing. Effects listed after it then give the new
 * choice's copies.
 */
const reset: Effect = ({ record, previous, changed, params }) => {
  if (isBlank(getPath(previous, changed))) return record;
  const keep = new Set([changed.split('.')[0], ...((params.keep ?? []) as string[])]);
  const out: JsonObject = {};
  for (const [field, value] of Object.entries(record)) if (keep.has(field)) out[field] = value;
  return out;
};

/** The registry of named operations definitions call by name from rules.json `effects`. */
export const effects: Record<string, Effect> = { assign, splitEvenly, exclusive, pickFrom, reset };

/**
 * Evaluates logic as json-logic-js does, through its compiled closures (compiled on the first call with that logic
 * object); a shared helper so effects and rules read data the same way.
 * @returns the result, or null where json-logic-js would throw (an unknown operation, a malformed answer)
 */
export function applyLogic(logic: unknown, data: unknown): unknown {
  if (logic === null || typeof logic !== 'object') return logic;
  try {
    return compileLogic(logic)(data);
  } catch {
    // Malformed answers (an object where a rule compares text, say) make a rule unanswerable, not the engine fail.
    return null;
  }
}
