import type { JsonObject } from './types.ts';

const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `{name} ({id})` filled from a row; a missing field leaves nothing. */
function fill(template: string, row: JsonObject): string {
  return template.replace(/\{(\w+)\}/g, (_whole, key: string) => (row[key] === undefined ? '' : String(row[key])));
}

/**
 * A step's ui.json in which every lookupSelect over a flow.json list (`ui:options.source` naming one) gets the
 * list's labels as `ui:enumNames` (value by `valueKey`, label by `optionLabel`), so the review, the history, the
 * summaries and the PDFs label a chosen row ("Manulife Par - 20 Pay") as the select showed it. Written labels win.
 * @param ui - the step's ui.json
 * @param lists - flow.json's lists, rows resolved
 * @returns the same ui when nothing changes
 */
export function withListLabels<T>(ui: T, lists: { [name: string]: JsonObject[] } | undefined): T {
  if (!lists) return ui;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node;
    if (!isObject(node)) return node;
    let out: JsonObject | undefined;
    for (const [key, value] of Object.entries(node)) {
      const next = walk(value);
      if (next !== value) (out ??= { ...node })[key] = next;
    }
    const options = node['ui:options'];
    const source = isObject(options) && typeof options.source === 'string' ? lists[options.source] : undefined;
    if (node['ui:widget'] === 'lookupSelect' && source && !('ui:enumNames' in node) && isObject(options)) {
      const key = typeof options.valueKey === 'string' ? options.valueKey : 'id';
      const template = typeof options.optionLabel === 'string' ? options.optionLabel : '{name}';
      const names: Record<string, string> = {};
      for (const row of source) if (row[key] !== undefined) names[String(row[key])] = fill(template, row);
      (out ??= { ...node })['ui:enumNames'] = names;
    }
    return out ?? node;
  };
  return walk(ui) as T;
}
