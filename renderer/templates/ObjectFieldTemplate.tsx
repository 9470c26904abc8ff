import { startTransition, useContext, useEffect, useMemo, useState, type ReactElement } from 'react';
import type { ObjectFieldTemplatePropertyType, ObjectFieldTemplateProps } from '@rjsf/utils';
import { pathKey, SectionContext, useFormStore, useStoreValue } from '../contexts.ts';
import { firstPaintGroups } from '../firstPaintGroups.ts';
import { uiSections, type SectionDefinition } from '../uiSections.ts';

/**
 * How many shown fields of a root object are drawn in the first frame, about what the screen holds: a phone's screen
 * (the theme's one-column layout, 640 px wide and under) about five under the step's header, a laptop's about ten in
 * two columns. The rest are drawn right after, so a step opened directly on a phone paints its first question sooner
 * (docs/decisions/performance-styles-in-html.md).
 */
const firstPaintFields = (): number =>
  typeof matchMedia === 'function' && matchMedia('(max-width: 640px)').matches ? 6 : 12;

function Heading({
  level,
  id,
  className,
  children,
}: {
  level: number;
  id?: string;
  className: string;
  children: string;
}) {
  const Tag = `h${Math.min(6, Math.max(2, level))}` as 'h2';
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}

interface SectionProps {
  section: SectionDefinition;
  items: ObjectFieldTemplatePropertyType[];
  /** How many fields the section has once drawn whole (the first frame may draw fewer). */
  size: number;
  prefix: string;
  level: number;
  showTitle: boolean;
  idBase: string;
  /** Inside another object (an insured): a named group of it, not a page landmark of its own. */
  nested: boolean;
}

/** A titled group of fields; it disappears while every field in it is hidden by the engine. */
function Section({ section, items, size, prefix, level, showTitle, idBase, nested }: SectionProps) {
  const paths = useMemo(() => items.map((p) => (prefix ? `${prefix}.${p.name}` : p.name)), [items, prefix]);
  const visible = useStoreValue((s) => paths.some((p) => !s.isHidden(p)));
  const title = useStoreValue((s) => s.textOf(section.id)) ?? section.title;
  const pageTitled = useStoreValue((s) => s.isPageTitle(title));
  const info = useMemo(() => ({ title, size }), [title, size]);
  if (!visible) return null;
  const titleId = `${idBase}__section_${section.id}`;
  return (
    // A step's own sections are regions; the same sections repeated in each insured are groups of that insured, and
    // a section titled like the page is a group of the page's region: no two landmarks of one name (landmark-unique).
    <section
      className="form-section"
      role={nested || pageTitled ? 'group' : undefined}
      aria-labelledby={showTitle && title ? titleId : undefined}
      data-section={section.id}
    >
      {showTitle && title ? (
        <Heading level={level} id={titleId} className="form-section-title">
          {title}
        </Heading>
      ) : null}
      {section.description ? <p className="form-section-description">{section.description}</p> : null}
      <SectionContext.Provider value={info}>
        <div className={section.layout === 'row' ? 'form-row' : 'form-grid'} data-layout={section.layout}>
          {items.map((p) => p.content)}
        </div>
      </SectionContext.Provider>
    </section>
  );
}

/**
 * Lays out an object's fields: under `ui:sections` headings (titles may be replaced by the engine's texts), any
 * remaining fields first, in `ui:order`. Nested objects get their ui:title as a heading, except array items (the item
 * template titles them) and an object alone in its section (the section title says it already).
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, uiSchema = {}, fieldPathId, title } = props;
  const section = useContext(SectionContext);
  const path = fieldPathId.path;
  const depth = path.length;
  const prefix = pathKey(path);
  const ui = uiSchema as Record<string, unknown>;
  const options = (ui['ui:options'] ?? {}) as Record<string, unknown>;
  const sections = uiSections(ui);
  const isRoot = depth === 0;
  const isItem = typeof path[depth - 1] === 'number';
  const override = useStoreValue((s) => (prefix ? s.textOf(prefix) : undefined));
  const shownTitle = override ?? (ui['ui:title'] as string | undefined) ?? title;
  const showTitle =
    !isRoot && !isItem && options.label !== false && Boolean(shownTitle) && !(section && section.size === 1);
  const level = isRoot ? 1 : showTitle ? depth + 1 : depth;
  const description = isRoot ? undefined : (ui['ui:description'] as string | undefined);

  const byName = new Map(properties.map((p) => [p.name, p]));
  const placed = new Set<string>();
  const groups: { section: SectionDefinition; items: ObjectFieldTemplatePropertyType[] }[] = [];
  for (const s of sections) {
    const items = s.fields.map((f) => byName.get(f)).filter((p): p is ObjectFieldTemplatePropertyType => Boolean(p));
    for (const p of items) placed.add(p.name);
    const drawn = items.filter((p) => !p.hidden);
    if (drawn.length) groups.push({ section: s, items: drawn });
  }
  const loose = properties.filter((p) => !placed.has(p.name) && !p.hidden);

  // A long step paints its first fields at once and the rest right after, in a transition, so Next shows the new
  // step in one quick frame (the owner step has about 150 fields).
  const store = useFormStore();
  const [complete, setComplete] = useState(!isRoot);
  useEffect(() => {
    if (!complete) startTransition(() => setComplete(true));
  }, [complete]);
  const shownGroups = complete
    ? groups
    : firstPaintGroups(groups, firstPaintFields() - loose.length, (name) => store.isHidden(name));
  const titleId = `${fieldPathId.$id}__title`;
  const sectionTitles = isRoot || groups.length > 1 || loose.length > 0;

  let body: ReactElement;
  if (groups.length === 0) {
    body = <div className="form-grid">{loose.map((p) => p.content)}</div>;
  } else {
    body = (
      <>
        {loose.length ? <div className="form-grid">{loose.map((p) => p.content)}</div> : null}
        {/* The first frame's sections are the first of all, in order: the i-th is groups[i], perhaps cut. */}
        {shownGroups.map((g, i) => (
          <Section
            key={g.section.id}
            section={g.section}
            items={g.items}
            size={groups[i].items.length}
            prefix={prefix}
            level={level + 1}
            showTitle={sectionTitles}
            idBase={fieldPathId.$id}
            nested={!isRoot}
          />
        ))}
      </>
    );
  }
  return (
    <div
      className={`object-field${isRoot ? ' object-root' : ''}${isItem ? ' object-item' : ''}${showTitle ? ' object-titled' : ''}`}
      role={isRoot || isItem ? undefined : 'group'}
      aria-labelledby={showTitle ? titleId : undefined}
      aria-label={!showTitle && !isRoot && !isItem && shownTitle ? shownTitle : undefined}
    >
      {showTitle ? (
        <Heading level={level} id={titleId} className="object-title">
          {shownTitle as string}
        </Heading>
      ) : null}
      {description ? <p className="object-description">{description}</p> : null}
      {body}
    </div>
  );
}
