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

/**
 * The message of a step's rule about a field (rules.json `validation`), found by the field, never by position: a
 * test asserts the refusal with the wording product staff gave it (the spec's wording is pinned in
 * tests/steps/specTexts.json alone).
 * @param stepId - e.g. "purpose-of-insurance"
 * @param field - the rule's field, e.g. "purpose_of_insurance_other"
 * @param kind - "required" (the default) for the rule that asks for an answer, "other" for the one that checks it
 * @throws Error when the step has no such rule
 */
export function ruleMessage(stepId: string, field: string, kind: 'required' | 'other' = 'required'): string {
  const rules = files[`${stepId}/rules.json`] as {
    validation?: { field?: string; required?: boolean; message?: string }[];
  };
  const rule = (rules?.validation ?? []).find(
    (r) => r.field === field && Boolean(r.required) === (kind === 'required'),
  );
  if (typeof rule?.message !== 'string') throw new Error(`steps/${stepId}/rules.json has no ${kind} rule for ${field}`);
  return rule.message;
}
