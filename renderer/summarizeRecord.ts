import { ENGLISH_WORDS, maskSecrets } from '../engine/index.ts';
import type { JsonObject, StepDefinition, Words } from '../engine/index.ts';
import { enumLabel, fillTemplate, formatMoney } from './options.ts';
import { uiSections } from './uiSections.ts';

/** One answered field: its label from ui.json and its value as the adviser chose it. */
export interface SummaryRow {
  label: string;
  value: string;
}

/** A titled group of answers (a nested object, or one row of a list) */
export interface SummaryGroup {
  title?: string;
  rows: SummaryRow[];
  groups: SummaryGroup[];
}

type Schema = Record<string, unknown>;
type Ui = Record<string, unknown>;

function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

function humanize(name: string): string {
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function typeOf(schema: Schema): string | undefined {
  const t = schema.type;
  if (Array.isArray(t)) return t.find((x) => x !== 'null') as string | undefined;
  return t as string | undefined;
}

/**
 * Lists a step's answered fields with the labels of its ui.json (ui:title, ui:enumNames), in ui:order, for the review
 * page. Hidden widgets, notes and unanswered fields are left out; nested objects and list rows become titled groups.
 * Secret answers (the schema's `x-secret`: a SIN) are listed masked, as the engine masks them.
 * @param def - the step's definition
 * @param record - the step's saved record
 * @param lookups - the lists lookupSelect fields choose from, to show a chosen row by its optionLabel
 * @param texts - the engine's changing texts for the step (StepView.texts): titles of sections (by id) and of nested
 *   objects (by path) as the form shows them for these answers ("Successor Owner for Arjun Mehta")
 * @param words - flow.json's `words` in the language shown (yes, no for a boolean without labels)
 */
export function summarizeRecord(
  def: StepDefinition,
  record: JsonObject | undefined,
  lookups: Record<string, unknown[] | undefined> = {},
  texts: Record<string, string> = {},
  words: Words = ENGLISH_WORDS,
): SummaryGroup {
  const root = def.schema as Schema;
  const definitions = (root.definitions ?? {}) as Record<string, Schema>;
  const uiDefinitions = ((def.ui as Ui)['ui:definitions'] ?? {}) as Record<string, Ui>;

  const resolve = (schema: Schema, ui: Ui): { schema: Schema; ui: Ui } => {
    const ref = schema.$ref as string | undefined;
    if (!ref) return { schema, ui };
    const target = definitions[ref.replace('#/definitions/', '')] ?? {};
    const { $ref: _, ...rest } = schema;
    return resolve({ ...target, ...rest }, { ...(uiDefinitions[ref] ?? {}), ...ui });
  };

  const display = (value: unknown, schema: Schema, ui: Ui): string => {
    const widget = ui['ui:widget'];
    if (widget === 'lookupSelect') {
      const options = (ui['ui:options'] ?? {}) as Record<string, unknown>;
      const key = String(options.valueKey ?? 'id');
      const rows = (lookups[String(options.source ?? '')] ?? []) as Record<string, unknown>[];
      const label = (v: unknown): string => {
        const row = rows.find((r) => r && String(r[key]) === String(v));
        return row ? fillTemplate(String(options.optionLabel ?? '{name}'), row) || String(v) : String(v);
      };
      return Array.isArray(value) ? value.map(label).join(', ') : label(value);
    }
    if (Array.isArray(value)) {
      const items = (schema.items ?? {}) as Schema;
      return value
        .map((v, i) => enumLabel(ui, v, (items.enum as unknown[] | undefined)?.indexOf(v) ?? i) ?? String(v))
        .join(', ');
    }
    const label = enumLabel(ui, value, (schema.enum as unknown[] | undefined)?.indexOf(value) ?? -1);
    if (label !== undefined) return label;
    if (typeof value === 'boolean') return value ? words.yes : words.no;
    if (widget === 'money' && typeof value === 'number') return formatMoney(value);
    return String(value);
  };

  /**
   * An object's answers as its form shows them: the fields outside every ui:sections entry first, then each section
   * under its title (two owners' "ID Type" under "Identity Verification" and "Identity Verification - Second Insured").
   * As on the form, a lone section is not titled, nor is a list or an object alone in its section titled twice.
   */
  const walk = (objSchema: Schema, objUi: Ui, value: JsonObject, title?: string, path: string[] = []): SummaryGroup => {
    const props = (objSchema.properties ?? {}) as Record<string, Schema>;
    const order = (objUi['ui:order'] as string[] | undefined)?.filter((k) => k !== '*' && k in props) ?? [];
    const names = [...order, ...Object.keys(props).filter((k) => !order.includes(k))];
    const sections = uiSections(objUi);
    const placed = new Set(sections.flatMap((s) => s.fields));
    const group = fields(
      objSchema,
      objUi,
      value,
      names.filter((n) => !placed.has(n)),
      path,
      title,
    );
    const answered = sections
      .map((s) => ({
        section: s,
        inner: fields(
          objSchema,
          objUi,
          value,
          s.fields.filter((n) => n in props),
          path,
        ),
      }))
      .filter(({ inner }) => inner.rows.length || inner.groups.length);
    const titled = answered.length > 1 || group.rows.length > 0 || group.groups.length > 0 || title === undefined;
    for (const { section, inner } of answered) {
      const sectionTitle = texts[section.id] ?? section.title;
      // A section holding one list or object (and notes): the section's title is that group's.
      const lone = inner.rows.length === 0 && inner.groups.length === 1;
      if (!titled) group.groups.push({ ...inner, title: undefined });
      else if (lone) group.groups.push({ ...inner.groups[0], title: sectionTitle ?? inner.groups[0].title });
      else group.groups.push({ ...inner, title: sectionTitle });
    }
    return group;
  };

  /** The answered fields `names` of an object, in that order, as rows and (nested objects, lists) titled groups. */
  const fields = (
    objSchema: Schema,
    objUi: Ui,
    value: JsonObject,
    names: string[],
    path: string[],
    title?: string,
  ): SummaryGroup => {
    const group: SummaryGroup = { title, rows: [], groups: [] };
    const props = (objSchema.properties ?? {}) as Record<string, Schema>;
    for (const name of names) {
      const { schema, ui } = resolve(props[name], (objUi[name] ?? {}) as Ui);
      const v = value[name];
      const widget = ui['ui:widget'];
      if (widget === 'hidden' || widget === 'note' || typeOf(schema) === 'null' || isBlank(v)) continue;
      const label = (ui['ui:title'] as string | undefined) ?? humanize(name);
      const type = typeOf(schema) ?? (schema.properties ? 'object' : undefined);
      if (type === 'object' && v && typeof v === 'object' && !Array.isArray(v)) {
        const inner = walk(schema, ui, v as JsonObject, texts[[...path, name].join('.')] ?? label, [...path, name]);
        if (inner.rows.length || inner.groups.length) group.groups.push(inner);
        continue;
      }
      if (type === 'array' && Array.isArray(v)) {
        const items = resolve((schema.items ?? {}) as Schema, (ui.items ?? {}) as Ui);
        if (typeOf(items.schema) === 'object' || items.schema.properties) {
          const itemTitle = ((ui['ui:options'] ?? {}) as Ui).itemTitle as string | undefined;
          const list: SummaryGroup = { title: label, rows: [], groups: [] };
          v.forEach((row, i) => {
            if (!row || typeof row !== 'object') return;
            const heading = itemTitle ? itemTitle.replace(/\{n\}/g, String(i + 1)) : `${label} ${i + 1}`;
            const inner = walk(items.schema, items.ui, row as JsonObject, heading, [...path, name, String(i)]);
            if (inner.rows.length || inner.groups.length) list.groups.push(inner);
          });
          if (list.groups.length) group.groups.push(list);
          continue;
        }
        group.rows.push({ label, value: display(v, schema, ui) });
        continue;
      }
      group.rows.push({ label, value: display(v, schema, ui) });
    }
    return group;
  };

  return walk(root, def.ui as Ui, maskSecrets(def, record ?? {}));
}
