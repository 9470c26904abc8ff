import type { DefinitionFiles, JsonObject } from './types.ts';

/** A flow.json list kept in other files (the insurers' catalogues). */
export interface ListFromFiles {
  /** Relative to steps/; one `*` stands for any folder name: `../forms/*\/catalogue.json`. */
  files: string;
  /** The lists to descend into, separated by dots: `products.plans`. */
  rows: string;
  description?: string;
}

/** True for a flow.json list written as `{files, rows}` rather than as rows. */
export function isListFromFiles(list: unknown): list is ListFromFiles {
  return list !== null && typeof list === 'object' && !Array.isArray(list) && 'files' in list && 'rows' in list;
}

/** The pattern of a list's `files` as a RegExp over the keys of DefinitionFiles (`*` is one folder name). */
export function listFilesPattern(files: string): RegExp {
  const [before, after] = files.split('*');
  const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escape(before)}${after === undefined ? '' : `([^/]+)${escape(after)}`}$`);
}

const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The rows of a list kept in files: for every file its pattern matches (in path order), each entry found by
 * descending `rows` (`products.plans`: every plan of every product), with the fields of the levels above it that it
 * does not have itself (a plan gets its catalogue's `insurer` and its product's `product_type`). Lists and `$schema`
 * are not inherited.
 * @param files - the definition files, catalogues included (readDefinitionFiles reads the files a list names)
 * @returns the rows, and the file each row came from
 * @example listRowsFromFiles(files, { files: '../forms/*\/catalogue.json', rows: 'products.plans' })
 */
export function listRowsFromFiles(
  files: DefinitionFiles,
  list: ListFromFiles,
): { rows: JsonObject[]; sources: string[] } {
  const pattern = listFilesPattern(list.files);
  const levels = list.rows.split('.');
  const rows: JsonObject[] = [];
  const sources: string[] = [];
  const own = (node: JsonObject): JsonObject =>
    Object.fromEntries(Object.entries(node).filter(([k, v]) => k !== '$schema' && !Array.isArray(v))) as JsonObject;
  const descend = (node: JsonObject, depth: number, inherited: JsonObject, file: string): void => {
    const entries = node[levels[depth]];
    if (!Array.isArray(entries)) return;
    for (const entry of entries) {
      if (!isObject(entry)) continue;
      if (depth === levels.length - 1) {
        rows.push({ ...inherited, ...entry });
        sources.push(file);
      } else descend(entry, depth + 1, { ...inherited, ...own(entry) }, file);
    }
  };
  for (const file of Object.keys(files).sort()) {
    const content = files[file];
    if (pattern.test(file) && isObject(content)) descend(content, 0, own(content), file);
  }
  return { rows, sources };
}
