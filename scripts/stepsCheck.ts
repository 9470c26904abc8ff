import { formatProblem, lintDefinitions, lintTranslations } from '../engine/index.ts';
import { readDefinitionFiles } from '../api/definitions/readDefinitionFiles.ts';
import { TEXTS_DIR } from '../api/http/serverTexts.ts';
import { checkAppMessages, formatAppMessageProblem } from './appMessagesCheck.ts';

// Product staff's linter: `npm run steps:check [dir]`. Exits 1 on any problem.
const dir = process.argv[2] ?? 'steps';
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
  console.error((e as Error).message);
  process.exit(1);
}
if (dir !== 'steps')
  problems = problems.map((p) => ({ ...p, file: p.file.replace(/^steps\//, `${dir.replace(/\/$/, '')}/`) }));
for (const p of problems) console.error(formatProblem(p));
// The app's own texts (app/i18n) have the same rules as the definitions' catalogues; checked with the project's steps.
const appProblems = dir === 'steps' ? checkAppMessages(process.cwd()) : [];
for (const p of appProblems) console.error(formatAppMessageProblem(p));
if (appProblems.length) {
  console.error(`\n${appProblems.length} problem${appProblems.length === 1 ? '' : 's'} in app/i18n/`);
  if (!problems.length) process.exit(1);
}
if (problems.length) {
  console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'} in ${dir}/`);
  process.exit(1);
}
console.log(`${dir}/ is valid: every file, var, ui key, message, page, example and translation checks out.`);
