import type { JsonSchema, UiDefinition } from '../../engine/types.ts';

type Node = Record<string, unknown>;

const asNode = (v: unknown): Node | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined);

function resolveRef(schema: Node, root: Node): { schema: Node; ref?: string } {
  let s = schema;
  let ref: string | undefined;
  for (let i = 0; i < 10 && typeof s.$ref === 'string' && s.$ref.startsWith('#/'); i++) {
    ref = s.$ref;
    let target: unknown = root;
    for (const part of s.$ref.slice(2).split('/')) target = asNode(target)?.[part];
    if (!asNode(target)) break;
    const { $ref: _drop, ...rest } = s;
    void _drop;
    s = { ...(target as Node), ...rest };
  }
  return { schema: s, ref };
}

function child(schema: Node, seg: string): Node | undefined {
  const branches = [schema, ...((schema.anyOf ?? []) as Node[]), ...((schema.oneOf ?? []) as Node[]), ...((schema.allOf ?? []) as Node[])];
  for (const b of branches) {
    if (seg === '*' || /^\d+$/.test(seg)) {
      const items = asNode(b.items);
      if (items) return items;
    } else {
      const props = asNode(b.properties);
      if (props && asNode(props[seg])) return props[seg] as Node;
    }
  }
  return undefined;
}

/**
 * The option labels product staff gave a field in its step's ui.json (`ui:enumNames`), following the schema
 * through `$ref`s into `ui:definitions` and through arrays into `items`.
 * @param schema - the step's schema.json
 * @param ui - the step's ui.json
 * @param segments - the field's path inside the step record (`insured_1`, `marital_status`; `*` or an index for rows)
 * @returns the labels by value, or undefined when the field has none
 */
export function enumLabels(schema: JsonSchema, ui: UiDefinition, segments: string[]): Record<string, string> | undefined {
  const root = schema as Node;
  const uiDefs = asNode((ui as Node)['ui:definitions']) ?? {};
  let cur = resolveRef(root, root).schema;
  let curUi: Node | undefined = ui as Node;
  for (const seg of segments) {
    const raw = child(cur, seg);
    if (!raw) return undefined;
    const { schema: next, ref } = resolveRef(raw, root);
    const own = asNode(seg === '*' || /^\d+$/.test(seg) ? curUi?.items : curUi?.[seg]);
    const shared = ref ? asNode(uiDefs[ref]) : undefined;
    curUi = shared || own ? { ...shared, ...own } : undefined;
    cur = next;
  }
  const names = asNode(curUi?.['ui:enumNames']);
  return names ? Object.fromEntries(Object.entries(names).filter(([, v]) => typeof v === 'string')) as Record<string, string> : undefined;
}

/** `common_law` -> `Common Law`: the last resort for a value without a label. */
export function titleCase(value: string): string {
  return value
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => (w.length <= 3 && w === w.toUpperCase() ? w : w[0].toUpperCase() + w.slice(1).toLowerCase()))
    .join(' ');
}
