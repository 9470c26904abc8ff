import { fileURLToPath } from 'node:url';
import { localizeDefinitions } from '../../engine/index.ts';
import { readDefinitionFiles } from '../definitions/readDefinitionFiles.ts';
import type { Language } from '../definitions/createServerEngine.ts';

/** The server's own texts (api/texts/texts.json) and their catalogues (api/texts/i18n/<lang>.json). */
export const TEXTS_DIR = fileURLToPath(new URL('../texts', import.meta.url));

/** A text in a language: the English given, as the server wrote it, in that language (the same text when unknown). */
export type Translate = (english: string) => string;

/** Every string of a texts file, by its pointer. */
function stringsOf(json: unknown, at = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof json === 'string') out.set(at, json);
  else if (json && typeof json === 'object')
    for (const [k, v] of Object.entries(json))
      if (!k.startsWith('$')) for (const e of stringsOf(v, `${at}/${k}`)) out.set(...e);
  return out;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The translator of one language from the texts and their catalogue, through the engine's localizeDefinitions (the
 * same rule as the definitions: a stale translation keeps the English). A text with placeholders (`{insurer}`) is a
 * template: the English it produced is recognised and the French written with the same values.
 */
function translatorOf(dir: string, lang: Language): Translate {
  if (lang === 'en') return (text) => text;
  const files = readDefinitionFiles(dir);
  const english = stringsOf(files['texts.json']);
  const translated = stringsOf(localizeDefinitions(files, lang)['texts.json']);
  const exact = new Map<string, string>();
  const templates: { pattern: RegExp; names: string[]; text: string }[] = [];
  for (const [pointer, en] of english) {
    const text = translated.get(pointer) ?? en;
    if (exact.has(en)) continue;
    exact.set(en, text);
    const names = [...en.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    if (names.length)
      templates.push({ pattern: new RegExp(`^${escape(en).replace(/\\\{\w+\\\}/g, '(.+?)')}$`, 's'), names, text });
  }
  return (text) => {
    const hit = exact.get(text);
    if (hit !== undefined) return hit;
    for (const t of templates) {
      const m = t.pattern.exec(text);
      if (m) return t.names.reduce((out, name, i) => out.replaceAll(`{${name}}`, m[i + 1]), t.text);
    }
    return text;
  };
}

const made = new Map<string, Translate>();

/**
 * The server's texts in a language: English is the identity (the spec's texts exactly); another language is read
 * from its catalogue once, when first asked.
 * @param lang - the language of the answer
 * @param dir - the texts folder (default api/texts)
 * @example textsIn('fr')('Invalid credentials') // 'Identifiants non valides'
 */
export function textsIn(lang: Language, dir: string = TEXTS_DIR): Translate {
  const key = `${lang}\u0000${dir}`;
  let t = made.get(key);
  if (!t) made.set(key, (t = translatorOf(dir, lang)));
  return t;
}
