/** One entry of a UI schema's `ui:sections`: a titled group of an object's fields, drawn in this order. */
export interface SectionDefinition {
  id: string;
  title?: string;
  description?: string;
  layout?: 'row';
  fields: string[];
}

/**
 * The `ui:sections` of an object's UI schema (none when it has none). The form draws an object's fields outside
 * every section first, then each section under its title; the review lists the answers the same way.
 */
export function uiSections(ui: Record<string, unknown>): SectionDefinition[] {
  const sections = ui['ui:sections'];
  return Array.isArray(sections) ? (sections as SectionDefinition[]).filter((s) => s && Array.isArray(s.fields)) : [];
}
