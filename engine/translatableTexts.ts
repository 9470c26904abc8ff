import type { DefinitionFiles } from './types.ts';

/** One text of the definitions a person reads, where it is written. */
export interface TranslatableText {
  /** The definition file, as keyed in the files (`basic/ui.json`, `flow.json`, `bmo/form.json`). */
  file: string;
  /** JSON pointer of the text inside the file. */
  pointer: string;
  /** The catalogue that translates it (`basic/i18n/fr.json` for lang fr). */
  catalogue: string;
  /** The catalogue's key: the file relative to the catalogue's folder, then the pointer (`ui.json#/name/ui:title`). */
  key: string;
  /** The English as written. */
  text: string;
}

/**
 * The segments naming a list's rows in a key: their ids when every row is an object with its own id (flow.json's
 * steps and pages, ui:sections), so a step or a section inserted before does not move the keys after it; else none,
 * and rows go by index as in a JSON pointer.
 */
export function idsOf(list: unknown[]): string[] | undefined {
  const ids = list.map((row) =>
    row && typeof row === 'object' && !Array.isArray(row) ? (row as { id?: unknown }).id : undefined,
  );
  const named = ids.every((id): id is string => typeof id === 'string' && id !== '' && !/^\d+$/.test(id));
  return named && list.length > 0 && new Set(ids).size === ids.length ? (ids as string[]) : undefined;
}

/**
 * The path of JSON keys and indexes a key's segments name in `json` (a row's id becomes its index), or undefined
 * when a segment names nothing.
 */
export function resolveSegments(json: unknown, segments: string[]): string[] | undefined {
  const out: string[] = [];
  let cur = json;
  for (const segment of segments) {
    if (Array.isArray(cur)) {
      const index = /^\d+$/.test(segment) ? Number(segment) : (idsOf(cur)?.indexOf(segment) ?? -1);
      if (index < 0 || index >= cur.length) return undefined;
      out.push(String(index));
      cur = cur[index];
    } else if (cur && typeof cur === 'object' && segment in cur) {
      out.push(segment);
      cur = (cur as Record<string, unknown>)[segment];
    } else return undefined;
  }
  return out;
}

/** RFC 6901: `~` and `/` inside a key are escaped, so a ui:definitions key `#/definitions/x` stays one segment. */
export const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');
/** The segments of a JSON pointer (`/a/b~1c` → `['a', 'b/c']`). */
export const pointerSegments = (pointer: string): string[] =>
  pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

type Kind =
  'schema' | 'ui' | 'rules' | 'contract' | 'documents' | 'flow' | 'lifecycle' | 'form' | 'catalogue' | 'texts';

// Which strings are texts is decided by the key that holds them: codes, field paths, widgets and notes for product
// staff (`description` of a schema or a rule, `reason`) are not read by an adviser or a client.
const UI_NOT_TEXT = new Set([
  '$schema',
  'ui:widget',
  'ui:autocomplete',
  'ui:field',
  'ui:classNames',
  'id',
  'source',
  'valueKey',
  'optionLabel',
  'groupBy',
  'inputType',
  'layout',
  'tone',
  'helpPointer',
  'to',
  'value',
  'format',
  'min',
  'max',
  'reason',
  'saveErrorTreatedAsSuccess',
]);
const UI_NOT_TEXT_UNDER = new Set(['ui:order', 'fields', 'ui:review', 'labels', 'match', 'from', 'exclude']);
const FLOW_TEXT = new Set(['title', 'nextLabel', 'name']);
// A document's texts: its labels and captions, and the paragraphs of a text it prints (a consent).
const DOCUMENT_TEXT = new Set([
  'label',
  'caption',
  'empty',
  'title',
  'message',
  'heading',
  'text',
  'body',
  'paragraphs',
]);
const FORM_TEXT = new Set([
  'label',
  'title',
  'formTitle',
  'intro',
  'declaration',
  'footer',
  'edition',
  'displayName',
  'subject',
  'message',
]);
const CATALOGUE_TEXT = new Set(['name', 'product_label', 'insurer_name', 'questionnaire']);
/** A code, a field path or a template made of placeholders only: nothing to translate. */
const NOT_WORDS = /^(?:[a-z0-9_.*$-]*|(?:\s*\{[^}]*\}[\s()·,:-]*)+)$/;

function kindOf(file: string): Kind | undefined {
  const name = file.split('/').pop() ?? '';
  if (file.includes('/examples/') || file.includes('/i18n/') || file.startsWith('_meta/') || file.startsWith('i18n/'))
    return undefined;
  if (file.includes('/documents/')) return 'documents';
  const kinds: Record<string, Kind> = {
    'schema.json': 'schema',
    'ui.json': 'ui',
    'rules.json': 'rules',
    'contract.json': 'contract',
    'flow.json': 'flow',
    'lifecycle.json': 'lifecycle',
    'form.json': 'form',
    'catalogue.json': 'catalogue',
    // A list of texts and nothing else (the server's own messages and the PDFs' fixed words): every string is one.
    'texts.json': 'texts',
  };
  return kinds[name];
}

function isText(kind: Kind, path: string[], siblings: number, value: string): boolean {
  const last = path[path.length - 1] ?? '';
  const at = (i: number): string => path[path.length - 1 - i] ?? '';
  const key = /^\d+$/.test(last) ? at(1) : last;
  switch (kind) {
    case 'schema':
      return path.includes('errorMessage') || (last === 'title' && at(1) !== 'properties');
    case 'ui':
      return !UI_NOT_TEXT.has(key) && !path.some((p) => UI_NOT_TEXT_UNDER.has(p));
    case 'rules':
      return last === 'message' || last === 'text' || (at(1) === 'params' && at(3) === 'each');
    case 'contract':
      return last === 'message';
    case 'documents':
      // Besides its labels, what a document prints as it is: a constant cell (`value`) and the fallback of an
      // `if` ("Not specified"); an `if`'s conditions and any comparison are logic, not text.
      return (
        DOCUMENT_TEXT.has(last) ||
        key === 'signers' ||
        key === 'paragraphs' ||
        last === 'value' ||
        // A row's constant cell (`"plan_type": "Joint Plan"` of a `$to`) and a join's separator (" and ").
        at(1) === '$to' ||
        // The words of a `cat` ("born "), not a code it prefixes ("IP1_B").
        (at(1) === 'cat' && !/^[A-Z0-9_]+$/.test(value)) ||
        (at(1) === 'join' && last === '1') ||
        (at(1) === 'if' && /^\d+$/.test(last) && (Number(last) % 2 === 1 || Number(last) === siblings - 1))
      );
    case 'flow':
      return (FLOW_TEXT.has(last) && !path.includes('names')) || path[0] === 'titles' || path[0] === 'words';
    case 'lifecycle':
      // Status and event labels, guards' messages; `facts` are notes for product staff.
      return last === 'label' || last === 'message';
    case 'form':
      return FORM_TEXT.has(last) || path.includes('wording') || at(1) === 'options';
    case 'catalogue':
      return CATALOGUE_TEXT.has(last);
    case 'texts':
      return !last.startsWith('$');
  }
}

/**
 * Where a file's translations are kept: a step's files in `<step>/i18n/<lang>.json`, flow.json in
 * `i18n/<lang>.json`, an insurer's files (`bmo/form.json`, or `../forms/bmo/catalogue.json` as the steps read it) in
 * `<insurer>/i18n/<lang>.json`; the key names the file relative to that folder.
 * @param file - the definition file, as keyed in the files
 * @param lang - the language, e.g. `fr`
 */
export function catalogueOf(file: string, lang: string): { catalogue: string; key: string } {
  const parts = file.split('/');
  const depth = parts[0] === '..' ? 3 : parts.length > 1 ? 1 : 0;
  const folder = parts.slice(0, depth).join('/');
  return { catalogue: `${folder ? `${folder}/` : ''}i18n/${lang}.json`, key: parts.slice(depth).join('/') };
}

/**
 * Every text of the definitions a person reads, in file order: titles, labels, descriptions, option labels,
 * placeholders, help, error messages, section titles, names templates, review and result texts, PDF labels.
 * @param files - steps/ (or forms/) as a map from relative path to parsed JSON; examples, _meta and catalogues are skipped
 * @param lang - the language whose catalogues are named (default `fr`)
 * @returns one entry per text, with its catalogue and key
 */
export function translatableTexts(files: DefinitionFiles, lang = 'fr'): TranslatableText[] {
  const out: TranslatableText[] = [];
  for (const [file, json] of Object.entries(files)) {
    const kind = kindOf(file);
    if (!kind) continue;
    const { catalogue, key } = catalogueOf(file, lang);
    const visit = (value: unknown, path: string[], siblings = 0): void => {
      if (typeof value === 'string') {
        // An option label is a text even when it reads like a code (`"male": "male"`).
        const words = kind === 'texts' || path.includes('ui:enumNames') || !NOT_WORDS.test(value);
        if (path.length && isText(kind, path, siblings, value) && words && /\p{L}/u.test(value)) {
          const pointer = path.map((p) => `/${escapePointer(p)}`).join('');
          out.push({ file, pointer, catalogue, key: `${key}#${pointer}`, text: value });
        }
      } else if (Array.isArray(value)) {
        const ids = idsOf(value);
        value.forEach((v, i) => visit(v, [...path, ids ? ids[i] : String(i)], value.length));
      } else if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value as Record<string, unknown>)) visit(v, [...path, k]);
    };
    visit(json, []);
  }
  return out;
}
