import type { CheckOutput } from '../../scripts/stepsCheck.ts';

/** What a checker printed and its exit code, as the command would give them. */
export interface CheckerRun {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a checker of scripts/ (steps:check, forms:check) in-process with the command's arguments: no node/tsx
 * process to start and no second compile of the engine. Each line ends with a newline, as on the console.
 */
export async function runChecker(
  check: (args: string[], out: CheckOutput) => number | Promise<number>,
  args: string[],
): Promise<CheckerRun> {
  let stdout = '';
  let stderr = '';
  const status = await check(args, {
    log: (line) => (stdout += `${line}\n`),
    error: (line) => (stderr += `${line}\n`),
  });
  return { status, stdout, stderr };
}
