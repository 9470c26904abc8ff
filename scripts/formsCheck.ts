import { lintTranslations, type DefinitionProblem } from '../engine/index.ts';
import { readDefinitionFiles } from '../api/definitions/readDefinitionFiles.ts';
import { checkForms } from '../api/pdf/checkFormsDir.ts';
import type { FormNote } from '../api/pdf/lintForms.ts';

/** `forms/bmo/form.json /sections/2: reason`, as steps:check prints. */
const formatProblem = (p: DefinitionProblem): string => `${p.file} ${p.path || '/'}: ${p.message}`;

/** `  lifestyle.lifestyle_data_{n}.scuba_depth -> section 9 "Part F - Lifestyle"`: one line per answer. */
const formatNote = (n: FormNote): string =>
  `  ${n.answer} -> ${n.section ? `section ${n.section.index} "${n.section.title}"` : 'no section places this step yet; it stays under "Other answers"'}`;

// Product staff's linter for the insurer form mappings: `npm run forms:check [formsDir] [stepsDir]`.
// Exits 1 on any problem, printing `forms/bmo/form.json /sections/2/fields/4: answer "…" is not a field of any step (…)`.
// Answers a mapping does not place are notes, not problems: they print under "Other answers" in that insurer's PDF.
const formsDir = process.argv[2] ?? 'forms';
const stepsDir = process.argv[3] ?? 'steps';
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
    console.log(
      'Notes (not problems): answers a mapping does not place print under "Other answers" at the end of its PDF.',
    );
    console.log('To give one a place of its own, add it to the suggested section.');
    const files = [...new Set(notes.map((n) => n.file))];
    for (const file of files) {
      const own = notes.filter((n) => n.file === file);
      console.log(`\n${file}: ${own.length} answer${own.length === 1 ? '' : 's'} not placed`);
      for (const note of own) console.log(formatNote(note));
    }
    console.log('');
  }
  for (const p of problems) console.error(formatProblem(p));
  if (problems.length) {
    console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'} in ${formsDir}/`);
    process.exit(1);
  }
  console.log(
    `${formsDir}/ is valid: every mapping, answer path, format, block, template field and translation checks out.`,
  );
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
