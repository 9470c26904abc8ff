import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { lintTranslations, type DefinitionProblem } from '../engine/index.ts';
import { readDefinitionFiles } from '../api/definitions/readDefinitionFiles.ts';
import { checkForms } from '../api/pdf/checkFormsDir.ts';
import type { FormNote } from '../api/pdf/lintForms.ts';
import type { CheckOutput } from './stepsCheck.ts';

/** `forms/bmo/form.json /sections/2: reason`, as steps:check prints. */
const formatProblem = (p: DefinitionProblem): string => `${p.file} ${p.path || '/'}: ${p.message}`;

/** `  lifestyle.lifestyle_data_{n}.scuba_depth -> section 9 "Part F - Lifestyle"`: one line per answer. */
const formatNote = (n: FormNote): string =>
  `  ${n.answer} -> ${n.section ? `section ${n.section.index} "${n.section.title}"` : 'no section places this step yet; it stays under "Other answers"'}`;

/**
 * Product staff's linter for the insurer form mappings: `npm run forms:check [formsDir] [stepsDir]`.
 * Resolves to the exit code: 1 on any problem, printing
 * `forms/bmo/form.json /sections/2/fields/4: answer "…" is not a field of any step (…)`.
 * Answers a mapping does not place are notes, not problems: they print under "Other answers" in that insurer's PDF.
 * Exported so the tests run it in-process (one test still spawns the command).
 */
export async function formsCheck(args: string[], out: CheckOutput = console): Promise<number> {
  const formsDir = args[0] ?? 'forms';
  const stepsDir = args[1] ?? 'steps';
  try {
    const checked = await checkForms(formsDir, stepsDir);
    const { notes } = checked;
    // Each insurer's French (forms/<insurer>/i18n/fr.json) translates its form.json and catalogue.json.
    const root = formsDir.replace(/\/$/, '');
    const problems = [
      ...checked.problems,
      ...lintTranslations(readDefinitionFiles(formsDir), 'fr').map((p) => ({ ...p, file: `${root}/${p.file}` })),
    ];
    if (notes.length) {
      out.log(
        'Notes (not problems): answers a mapping does not place print under "Other answers" at the end of its PDF.',
      );
      out.log('To give one a place of its own, add it to the suggested section.');
      const files = [...new Set(notes.map((n) => n.file))];
      for (const file of files) {
        const own = notes.filter((n) => n.file === file);
        out.log(`\n${file}: ${own.length} answer${own.length === 1 ? '' : 's'} not placed`);
        for (const note of own) out.log(formatNote(note));
      }
      out.log('');
    }
    for (const p of problems) out.error(formatProblem(p));
    if (problems.length) {
      out.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'} in ${formsDir}/`);
      return 1;
    }
    out.log(
      `${formsDir}/ is valid: every mapping, answer path, format, block, template field and translation checks out.`,
    );
    return 0;
  } catch (e) {
    out.error((e as Error).message);
    return 1;
  }
}

// Run as the command (tsx scripts/formsCheck.ts), not when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href)
  process.exitCode = await formsCheck(process.argv.slice(2));
