import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { formatProblem, lintDefinitions, lintTranslations } from '../engine/index.ts';
import { readDefinitionFiles } from '../api/definitions/readDefinitionFiles.ts';
import { TEXTS_DIR } from '../api/http/serverTexts.ts';
import { checkAppMessages, formatAppMessageProblem } from './appMessagesCheck.ts';

/** Where the checker prints: the console from the command line, a buffer in the tests. */
export interface CheckOutput {
  log: (line: string) => void;
  error: (line: string) => void;
}

/**
 * Product staff's linter: `npm run steps:check [dir]`. Returns the exit code: 1 on any problem.
 * Exported so the tests run it in-process (one test still spawns the command).
 */
export function stepsCheck(args: string[], out: CheckOutput = console): number {
  const dir = args[0] ?? 'steps';
  let problems;
  try {
    const files = readDefinitionFiles(dir);
    // The French catalogues (steps/<id>/i18n/fr.json, steps/i18n/fr.json) are part of the definitions: missing,
    // extra, stale and mismatched translations are problems like any other.
    problems = [
      ...lintDefinitions(files),
      ...lintTranslations(files, 'fr').map((p) => ({ ...p, file: `steps/${p.file}` })),
      // The server's own texts (error messages, the documents' fixed words) and their French, linted the same way.
      ...(dir === 'steps'
        ? lintTranslations(readDefinitionFiles(TEXTS_DIR), 'fr').map((p) => ({ ...p, file: `api/texts/${p.file}` }))
        : []),
    ];
  } catch (e) {
    out.error((e as Error).message);
    return 1;
  }
  if (dir !== 'steps')
    problems = problems.map((p) => ({ ...p, file: p.file.replace(/^steps\//, `${dir.replace(/\/$/, '')}/`) }));
  for (const p of problems) out.error(formatProblem(p));
  // The app's own texts (app/i18n) have the same rules as the definitions' catalogues; checked with the project's steps.
  const appProblems = dir === 'steps' ? checkAppMessages(process.cwd()) : [];
  for (const p of appProblems) out.error(formatAppMessageProblem(p));
  if (appProblems.length) {
    out.error(`\n${appProblems.length} problem${appProblems.length === 1 ? '' : 's'} in app/i18n/`);
    if (!problems.length) return 1;
  }
  if (problems.length) {
    out.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'} in ${dir}/`);
    return 1;
  }
  out.log(`${dir}/ is valid: every file, var, ui key, message, page, example and translation checks out.`);
  return 0;
}

// Run as the command (tsx scripts/stepsCheck.ts), not when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href)
  process.exitCode = stepsCheck(process.argv.slice(2));
