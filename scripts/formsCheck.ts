import type { DefinitionProblem } from '../engine/types.ts';
import { checkFormsDir } from '../api/pdf/checkFormsDir.ts';

/** `forms/bmo.json /sections/2: reason`, as steps:check prints. */
const formatProblem = (p: DefinitionProblem): string => `${p.file} ${p.path || '/'}: ${p.message}`;

// Product staff's linter for the insurer form mappings: `npm run forms:check [formsDir] [stepsDir]`.
// Exits 1 on any problem, printing `forms/bmo.json /sections/2/fields/4: answer "…" is not a field of any step (…)`.
const formsDir = process.argv[2] ?? 'forms';
const stepsDir = process.argv[3] ?? 'steps';
try {
  const problems = await checkFormsDir(formsDir, stepsDir);
  for (const p of problems) console.error(formatProblem(p));
  if (problems.length) {
    console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'} in ${formsDir}/`);
    process.exit(1);
  }
  console.log(`${formsDir}/ is valid: every mapping, answer path, format, block and template field checks out.`);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
