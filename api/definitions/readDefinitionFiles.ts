import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { isListFromFiles, type DefinitionFiles } from '../../engine/index.ts';

/** A definition file that is not JSON: the message names the file, line and column. */
export class DefinitionFileError extends Error {
  override name = 'DefinitionFileError';
}

/** What went wrong, and where (":line:column", as an editor takes it): JSON.parse names no position on Node 20. */
function syntaxError(text: string): { at: string; reason: string } {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  if (!first) return { at: '', reason: 'not valid JSON' };
  const before = text.slice(0, first.offset);
  const line = before.split('\n').length;
  const column = first.offset - before.lastIndexOf('\n');
  const reason = printParseErrorCode(first.error)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return { at: `:${line}:${column}`, reason: `not valid JSON (${reason})` };
}

/**
 * Reads every .json file under a steps folder into a map keyed by its path relative to that folder.
 * A file that is not valid JSON throws an error naming the file, the line and the column.
 * This is the one place where Node reads steps/ (the server, the scripts, the benches and the tests use it).
 */
export function readDefinitionFiles(dir: string): DefinitionFiles {
  const out: DefinitionFiles = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.json')) {
        const rel = relative(dir, p).split(sep).join('/');
        const text = readFileSync(p, 'utf8');
        try {
          out[rel] = JSON.parse(text);
        } catch {
          const { at, reason } = syntaxError(text);
          throw new DefinitionFileError(`${join(dir, rel)}${at}: ${reason}`);
        }
      }
    }
  };
  walk(dir);
  readListFiles(dir, out);
  return out;
}

/**
 * The files flow.json's lists are kept in (`lists.plans.files`: the insurers' catalogues), keyed by their path
 * relative to the steps folder (`../forms/bmo/catalogue.json`), so the definitions hold every list's rows.
 */
function readListFiles(dir: string, out: DefinitionFiles): void {
  const lists = (out['flow.json'] as { lists?: Record<string, unknown> } | undefined)?.lists ?? {};
  for (const list of Object.values(lists)) {
    if (!isListFromFiles(list)) continue;
    const [before, after] = list.files.split('*');
    const candidates =
      after === undefined
        ? [before]
        : existsSync(join(dir, before))
          ? readdirSync(join(dir, before))
              .sort()
              .map((name) => `${before}${name}${after}`)
          : [];
    // Each list file's translations (`../forms/bmo/i18n/fr.json`) come with it, for localizeDefinitions.
    const translations = candidates.flatMap((rel) =>
      existsSync(join(dir, rel, '..', 'i18n'))
        ? readdirSync(join(dir, rel, '..', 'i18n'))
            .filter((n) => n.endsWith('.json'))
            .map((n) => `${rel.slice(0, rel.lastIndexOf('/'))}/i18n/${n}`)
        : [],
    );
    for (const rel of [...candidates, ...new Set(translations)]) {
      const p = join(dir, rel);
      if (!existsSync(p) || !statSync(p).isFile()) continue;
      const text = readFileSync(p, 'utf8');
      try {
        out[rel] = JSON.parse(text);
      } catch {
        const { at, reason } = syntaxError(text);
        throw new DefinitionFileError(`${join(dir, rel)}${at}: ${reason}`);
      }
    }
  }
}
