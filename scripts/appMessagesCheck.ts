/**
 * The app's texts checked (app/i18n/<language>/<area>.json, scripts/messagesPlugin.ts): every English id has its
 * French in the same area and no French is left without its English; a French translated from another English than
 * today's is stale; both texts name the same ICU placeholders; none is empty; and every id the code asks for
 * (`t('id')`, `i18n._('id')`, a route's `title: 'title.…'`) is defined in English. Each problem names its file and id.
 *
 * Run by `npm run steps:check` (scripts/stepsCheck.ts) and tests/app/appMessages.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { readMessages, type AppMessage } from './messagesPlugin.ts';

export interface AppMessageProblem {
  file: string;
  id: string;
  message: string;
}

/** The ICU argument names of a message ("{name}", "{count, plural, …}"), or an error when it does not parse. */
export function placeholdersOf(message: string): Set<string> {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (!Array.isArray(node)) return;
    for (const part of node) {
      if (!Array.isArray(part)) continue;
      const [name, , cases] = part as [unknown, unknown, unknown];
      if (typeof name === 'string') names.add(name);
      if (cases && typeof cases === 'object') for (const branch of Object.values(cases)) walk(branch);
    }
  };
  walk(compileMessageOrThrow(message));
  return names;
}

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));
const list = (names: Set<string>) => [...names].map((n) => `{${n}}`).join(', ') || 'none';

/** The ids a source file asks for: `t('id')`, `i18n._('id')` and route titles `title: 'title.…'`. */
export function idsUsedIn(source: string): string[] {
  const ids: string[] = [];
  const patterns = [
    /(?<![\w.$])t\(\s*(['"`])([^'"`$]+)\1/g,
    /\bi18n\._\(\s*(['"`])([^'"`$]+)\1/g,
    /\btitle: (['"])(title\.[\w.]+)\1/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) ids.push(match[2]);
  return ids;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|stories)\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => join(dir, file));
}

/**
 * Every problem of the app's texts.
 * @param root - the project's folder (app/i18n and the sources are found under it)
 * @param sourceDirs - the folders whose code is scanned for the ids it uses
 */
export function checkAppMessages(root: string, sourceDirs = ['app', 'renderer']): AppMessageProblem[] {
  const dir = join(root, 'app/i18n');
  const problems: AppMessageProblem[] = [];
  const at = (m: AppMessage) => relative(root, m.file);
  let en: Map<string, AppMessage>;
  let fr: Map<string, AppMessage>;
  try {
    en = readMessages('en', dir);
    fr = readMessages('fr', dir);
  } catch (error) {
    return [{ file: 'app/i18n', id: '', message: (error as Error).message }];
  }
  const parsed = (m: AppMessage, id: string): Set<string> | null => {
    try {
      return placeholdersOf(m.message);
    } catch (error) {
      problems.push({ file: at(m), id, message: `not a valid ICU message: ${(error as Error).message}` });
      return null;
    }
  };
  for (const [id, english] of en) {
    if (!english.message.trim()) problems.push({ file: at(english), id, message: 'the English text is empty' });
    const french = fr.get(id);
    const frFile = relative(root, join(dir, 'fr', `${english.area}.json`));
    if (!french) {
      problems.push({ file: frFile, id, message: `has no French (English: "${english.message}")` });
      continue;
    }
    if (french.area !== english.area)
      problems.push({ file: at(french), id, message: `belongs in ${frFile}, as its English is in ${at(english)}` });
    if (!french.message.trim()) problems.push({ file: at(french), id, message: 'the French text is empty' });
    if (french.en !== english.message)
      problems.push({
        file: at(french),
        id,
        message: `stale: translated from "${french.en}", the English is now "${english.message}"`,
      });
    const enNames = parsed(english, id);
    const frNames = parsed(french, id);
    if (enNames && frNames && !sameSet(enNames, frNames))
      problems.push({
        file: at(french),
        id,
        message: `placeholders differ: English has ${list(enNames)}, French has ${list(frNames)}`,
      });
  }
  for (const [id, french] of fr)
    if (!en.has(id)) problems.push({ file: at(french), id, message: 'has no English (remove it, or add the English)' });
  for (const sources of sourceDirs)
    for (const file of sourceFiles(join(root, sources)))
      for (const id of idsUsedIn(readFileSync(file, 'utf8')))
        if (!en.has(id))
          problems.push({
            file: relative(root, file),
            id,
            message: 'is used but no app/i18n/en/<area>.json defines it',
          });
  return problems;
}

/** One problem as a line: `file: "id" message`. */
export function formatAppMessageProblem(p: AppMessageProblem): string {
  return `${p.file}: ${p.id ? `"${p.id}" ` : ''}${p.message}`;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const problems = checkAppMessages(process.cwd());
  for (const p of problems) console.error(formatAppMessageProblem(p));
  if (problems.length) process.exit(1);
  console.log('app/i18n is valid: every text of the app has its French, up to date, with the same placeholders.');
}
