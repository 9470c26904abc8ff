/**
 * Vite plugin: the app's own texts as modules whose messages are compiled at build, so the browser ships Lingui's
 * small runtime and no message parser (docs/decisions/i18n-app-library.md).
 *
 * - app/i18n/en/<area>.json holds `id -> ICU message`. `virtual:messages/en/<area>` loads that area's English into the
 *   app's Lingui instance when the module is evaluated: a page imports the areas it uses, so English texts travel
 *   with the page that shows them and the login page carries only its own.
 * - app/i18n/fr/<area>.json holds `id -> {en, fr}` (the English it was translated from, to find stale entries, as the
 *   definitions' catalogues do). `virtual:messages/fr` exports every area's French at once: one chunk, loaded only
 *   when French is chosen.
 *
 * A message that does not parse, or an id found in two areas, fails the build with the file and id.
 *
 * With `shortIds` (the app's production build), every id becomes a short one (`auth.login.title` -> `Xb`) in the
 * catalogues and in the code that names it, so the English pages carry each id in a few bytes instead of twice in
 * full (docs/decisions/i18n-english-bytes.md). The JSON files keep their ids; tests, the dev server and Storybook see
 * them unchanged.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { localizeDefinitions, type LifecycleDefinition } from '../engine/index.ts';
import { readDefinitionFiles } from '../api/definitions/readDefinitionFiles.ts';

const PREFIX = 'virtual:messages/';
const RESOLVED = `\0${PREFIX}`;
const defaultDir = resolve(dirname(fileURLToPath(import.meta.url)), '../app/i18n');
const stepsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../steps');

/**
 * The application statuses' labels (steps/lifecycle.json) as app messages `lifecycle.status.<STATUS>`, in English or
 * in the language's translation of the definitions (steps/i18n/<lang>.json, as the server localizes them): the
 * badges and filters draw them like any other app text, and product staff keep editing them in steps/.
 */
export function lifecycleMessages(language: string, dir = stepsDir): Map<string, AppMessage> {
  const files = localizeDefinitions(readDefinitionFiles(dir), language);
  const lifecycle = files['lifecycle.json'] as LifecycleDefinition;
  const file = join(dir, 'lifecycle.json');
  return new Map(
    Object.entries(lifecycle.statuses).map(([status, { label }]) => [
      `lifecycle.status.${status}`,
      { message: label, area: 'lifecycle', file },
    ]),
  );
}

export interface AppMessage {
  /** The text shown in this language. */
  message: string;
  /** The English a French text was translated from (French files only). */
  en?: string;
  area: string;
  file: string;
}

/** One area's messages of one language (`en` or `fr`), by id. */
export function readArea(language: string, area: string, dir = defaultDir): Map<string, AppMessage> {
  const file = join(dir, language, `${area}.json`);
  const entries = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const messages = new Map<string, AppMessage>();
  for (const [id, value] of Object.entries(entries)) {
    if (typeof value === 'string') messages.set(id, { message: value, area, file });
    else if (isTranslation(value)) messages.set(id, { message: value.fr, en: value.en, area, file });
    else throw new Error(`${file}: "${id}" must be a string (English) or {"en", "fr"} (a translation)`);
  }
  return messages;
}

/** The areas of one language (its files' names), sorted. */
export function areasOf(language: string, dir = defaultDir): string[] {
  return readdirSync(join(dir, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}

/** Every message of one language, by id; an id in two areas is an error. */
export function readMessages(language: string, dir = defaultDir): Map<string, AppMessage> {
  const all = new Map<string, AppMessage>();
  for (const area of areasOf(language, dir)) {
    for (const [id, message] of readArea(language, area, dir)) {
      const earlier = all.get(id);
      if (earlier) throw new Error(`${message.file}: "${id}" is already defined in ${earlier.file}`);
      all.set(id, message);
    }
  }
  return all;
}

function isTranslation(value: unknown): value is { en: string; fr: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { en, fr } = value as Record<string, unknown>;
  return typeof en === 'string' && typeof fr === 'string';
}

/**
 * Each message compiled (Lingui's form: an array of texts and placeholders), under its name in the build. In the
 * production build (`plain`) a message that is one text is that text alone: Lingui's runtime then returns it as it
 * is (vite.config.ts removes its warning about strings, which only a runtime without a compiler could give).
 */
function compile(
  messages: Map<string, AppMessage>,
  rename: (id: string) => string,
  plain = false,
): Record<string, unknown> {
  const compiled: Record<string, unknown> = {};
  for (const [id, { message, file }] of messages) {
    try {
      const parts = compileMessageOrThrow(message);
      compiled[rename(id)] = plain && parts.length === 1 && typeof parts[0] === 'string' ? parts[0] : parts;
    } catch (error) {
      throw new Error(`${file}: "${id}" is not a valid ICU message: ${(error as Error).message}`);
    }
  }
  return compiled;
}

/** A string literal that may be a message id: letters, digits, `_` and `-` in two dot-separated parts or more. */
const ID_LITERAL = /(['"`])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g;
/** The head of an id built at run time, `` `lifecycle.status.${status}` `` or `'lifecycle.status.' + status`. */
const BUILT_ID = /`([A-Za-z][\w-]*(?:\.[\w-]+)*\.)\$\{|(['"])([A-Za-z][\w-]*(?:\.[\w-]+)*\.)\2\s*\+/g;

/** The source files (.ts, .tsx) under `dirs`, tests and stories included (a test may build an id too). */
function sourcesUnder(dirs: string[]): string[] {
  return dirs.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
      .map((file) => join(root, file)),
  );
}

/**
 * Short ids for every app message: the ids sorted (an area's ids stay together, which compresses better), each
 * named by its number (`shortName`). An id the code builds at run time (its head found in a template literal or a concatenation
 * in `sourceDirs`) keeps its name: no literal names it, so the code could not be rewritten to match.
 * @returns - the short id of each id that gets one
 */
export function shortIds(ids: Iterable<string>, sourceDirs: string[]): Map<string, string> {
  const built = new Set<string>();
  for (const file of sourcesUnder(sourceDirs))
    for (const m of readFileSync(file, 'utf8').matchAll(BUILT_ID)) built.add(m[1] ?? m[3]);
  const named = [...new Set(ids)].filter((id) => ![...built].some((head) => id.startsWith(head))).sort();
  return new Map(named.map((id, n) => [id, shortName(n)]));
}

const FIRST = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const NEXT = `${FIRST}0123456789`;
/**
 * The n-th short name: a letter, then letters or digits (a, …, Z, aa, ab, …). Shaped like an identifier, so the
 * minifier writes a catalogue's keys without quotes (`{ab:[…]}`).
 */
function shortName(n: number): string {
  let name = FIRST[n % FIRST.length];
  for (let rest = Math.floor(n / FIRST.length); rest > 0; rest = Math.floor((rest - 1) / NEXT.length))
    name += NEXT[(rest - 1) % NEXT.length];
  return name;
}

/** The ids a source names as string literals, among `known`. */
function idsNamedIn(source: string, known: (id: string) => boolean): string[] {
  return [...source.matchAll(ID_LITERAL)].map((m) => m[2]).filter(known);
}

/**
 * Which English ids each module's area import must bring (the production build): a module that imports
 * `virtual:messages/en/<area>` gets the ids of that area it names itself, plus the area's ids that a module names
 * without importing their area (a constant exported to the page that draws it, a route's title) or that no literal
 * names at all: those are in every import of the area, as the whole area was. The login page then carries the 11 sign-in texts, not the 50 of auth.
 * @returns - for a module and an area, the ids its import of the area loads
 */
export function areaSubsets(
  messages: Map<string, AppMessage>,
  sourceDirs: string[],
): (importer: string, area: string) => Set<string> {
  const named = new Map<string, string[]>();
  const orphans = new Map<string, Set<string>>();
  for (const file of sourcesUnder(sourceDirs)) {
    const source = readFileSync(file, 'utf8');
    const ids = idsNamedIn(source, (id) => messages.has(id));
    const imported = new Set([...source.matchAll(/virtual:messages\/en\/([\w-]+)/g)].map((m) => m[1]));
    named.set(file, ids);
    for (const id of ids) {
      const { area } = messages.get(id)!;
      if (!imported.has(area)) orphans.set(area, (orphans.get(area) ?? new Set()).add(id));
    }
  }
  // An id no literal names is built or received at run time: it stays in every import of its area.
  const everNamed = new Set([...named.values()].flat());
  for (const [id, { area }] of messages)
    if (!everNamed.has(id)) orphans.set(area, (orphans.get(area) ?? new Set()).add(id));
  return (importer, area) =>
    new Set([
      ...(named.get(importer) ?? []).filter((id) => messages.get(id)!.area === area),
      ...(orphans.get(area) ?? []),
    ]);
}

/** `code` with every string literal that is exactly an id of `short` replaced by its short id. */
export function renameIds(code: string, short: Map<string, string>): string {
  return code.replace(ID_LITERAL, (literal, quote: string, id: string) => {
    const to = short.get(id);
    return to === undefined ? literal : `${quote}${to}${quote}`;
  });
}

export function messagesPlugin(dir = defaultDir, options: { shortIds?: boolean } = {}): Plugin {
  const languageModule = join(dir, 'language.ts');
  const root = resolve(dir, '../..');
  let short: Map<string, string> | null = null;
  /** The ids' short names, in a build with `shortIds`; null otherwise (ids kept). */
  const names = (): Map<string, string> | null => {
    if (!options.shortIds) return null;
    short ??= shortIds(
      [...readMessages('en', dir).keys(), ...lifecycleMessages('en').keys()],
      ['app', 'renderer'].map((d) => join(root, d)),
    );
    return short;
  };
  const rename = (id: string) => names()?.get(id) ?? id;
  let subsets: ReturnType<typeof areaSubsets> | null = null;
  const subsetOf = (importer: string, area: string) => {
    subsets ??= areaSubsets(
      readMessages('en', dir),
      ['app', 'renderer'].map((d) => join(root, d)),
    );
    return subsets(importer, area);
  };
  const FROM = '?from=';
  return {
    name: 'app-messages',
    configResolved(config) {
      // Only the production build renames: the dev server and tests keep the ids readable.
      if (config.command !== 'build') options = { ...options, shortIds: false };
    },
    transform(code, id) {
      const short = names();
      if (!short || id.startsWith('\0') || id.includes('/node_modules/') || !/\.[cm]?[jt]sx?$/.test(id)) return null;
      const renamed = renameIds(code, short);
      return renamed === code ? null : { code: renamed, map: null };
    },
    resolveId(id, importer) {
      if (!id.startsWith(PREFIX)) return null;
      // In the production build each importer of an English area gets its own module with the ids it names
      // (areaSubsets); the life cycle's ids are built at run time, so that area stays whole.
      const english = /^virtual:messages\/en\/(?!lifecycle$)[\w-]+$/.test(id);
      if (options.shortIds && english && importer && !importer.startsWith('\0'))
        return `\0${id}${FROM}${encodeURIComponent(importer)}`;
      return `\0${id}`;
    },
    load(resolved) {
      if (!resolved.startsWith(RESOLVED)) return null;
      const [id, from] = resolved.split(FROM);
      const [language, area] = id.slice(RESOLVED.length).split('/');
      if (language === 'fr' && area === undefined) {
        for (const name of areasOf('fr', dir)) this.addWatchFile(join(dir, 'fr', `${name}.json`));
        readMessages('en', dir); // the same ids may not be in two English areas either
        this.addWatchFile(join(stepsDir, 'i18n', 'fr.json'));
        const french = new Map([...readMessages('fr', dir), ...lifecycleMessages('fr')]);
        return `export const messages = ${JSON.stringify(compile(french, rename, options.shortIds))};`;
      }
      if (language === 'en' && area === 'lifecycle') {
        this.addWatchFile(join(stepsDir, 'lifecycle.json'));
        return [
          `import { i18n } from ${JSON.stringify(languageModule)};`,
          `i18n.load('en', ${JSON.stringify(compile(lifecycleMessages('en'), rename, options.shortIds))});`,
        ].join('\n');
      }
      if (language === 'en' && area) {
        this.addWatchFile(join(dir, 'en', `${area}.json`));
        readMessages('en', dir);
        const messages = readArea('en', area, dir);
        if (from !== undefined) {
          const wanted = subsetOf(decodeURIComponent(from), area);
          for (const key of [...messages.keys()]) if (!wanted.has(key)) messages.delete(key);
        }
        return [
          `import { i18n } from ${JSON.stringify(languageModule)};`,
          `i18n.load('en', ${JSON.stringify(compile(messages, rename, options.shortIds))});`,
        ].join('\n');
      }
      throw new Error(`${resolved}: use virtual:messages/en/<area> (app/i18n/en/<area>.json) or virtual:messages/fr`);
    },
  };
}
