import { realFiles } from './miniDefinitions.ts';

const files = realFiles() as Record<string, unknown>;

/**
 * A text of steps/ as the definitions hold it now, by file and JSON pointer: tests that assert a behaviour
 * (a refusal, a label) take the expected wording from here, so product staff rewording it break no test.
 * @param file - relative to steps/, e.g. "owner/schema.json"
 * @param pointer - e.g. "/properties/postal_code/errorMessage/pattern"
 * @throws Error when nothing is there: the test names a definition that moved
 */
export function definitionText(file: string, pointer: string): string {
  let node: unknown = files[file];
  for (const token of pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[token] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`steps/${file} has no text at ${pointer}`);
  return node;
}
