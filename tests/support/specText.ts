import { readFileSync } from 'node:fs';
import { readDefinitionFiles } from '../../api/definitions/readDefinitionFiles.ts';

/** One text of the spec: where it is in steps/ (a JSON pointer whose array elements are named by selectors). */
export interface SpecTextEntry {
  key: string;
  file: string;
  path: string;
  text: string;
}

/** The spec's wording and order: the one list product staff update when the spec changes (see its $comment). */
export interface SpecTexts {
  stepOrder: string[];
  reviewSections: [string, string][];
  texts: SpecTextEntry[];
}

// From the working directory, as steps/ is read (a test in jsdom has no file: URL of its own).
export const specTexts = JSON.parse(readFileSync('tests/steps/specTexts.json', 'utf8')) as SpecTexts;
const byKey = new Map(specTexts.texts.map((t) => [t.key, t]));
// Read here rather than through miniDefinitions.ts, whose fixtures ask specText themselves.
const files = readDefinitionFiles('steps') as Record<string, unknown>;

const unescape = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');
const at = (node: unknown, key: string): unknown =>
  node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;

/**
 * The value at a pointer of a steps/ file. An array element is named by what it holds, as drills name them
 * (`[id=medical]`, `[field=email&required=true]`, dotted keys such as `[when.==.1=LINKED]`: a condition splits at
 * its lone "="), never by its position.
 * @param definitions - the files of a steps/ folder (a drill's copy), the real ones by default
 * @throws Error when no element or several match a selector
 */
export function definitionValue(file: string, path: string, definitions: Record<string, unknown> = files): unknown {
  let node: unknown = definitions[file];
  for (const token of path.split('/').slice(1)) {
    if (Array.isArray(node) && /^\[.+\]$/.test(token)) {
      const conditions = token
        .slice(1, -1)
        .split('&')
        .map((c) => c.split(/(?<!=)=(?!=)/).map(unescape));
      const matches = node.filter((element) =>
        conditions.every(([keys, value]) => String(keys.split('.').reduce(at, element as unknown)) === value),
      );
      if (matches.length !== 1) throw new Error(`steps/${file} ${path}: ${matches.length} elements match ${token}`);
      node = matches[0];
    } else node = at(node, unescape(token));
  }
  return node;
}

/**
 * A text of steps/ by its key in tests/steps/specTexts.json, as the definitions say it now: a test asserting a
 * label or a message asks for it here, so product staff rewording it in steps/ break only the specTexts check.
 * @param key - e.g. "owner.postal_code.errorMessage.pattern"
 * @throws Error when the key is unknown or the definition has moved
 */
export function specText(key: string): string {
  const entry = byKey.get(key);
  if (!entry) throw new Error(`tests/steps/specTexts.json has no text "${key}"`);
  const text = definitionValue(entry.file, entry.path);
  if (typeof text !== 'string') throw new Error(`steps/${entry.file} has no text at ${entry.path} (${key})`);
  return text;
}

/** Escapes a text for a regular expression. */
const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * specText(key) as a regular expression (for getByText, toMatch, Playwright's name options).
 * @param key - a key of tests/steps/specTexts.json
 * @param options - `exact` anchors it (^…$), `flags` as RegExp's
 */
export function specTextPattern(key: string, options: { exact?: boolean; flags?: string } = {}): RegExp {
  const body = escaped(specText(key));
  return new RegExp(options.exact ? `^${body}$` : body, options.flags);
}
