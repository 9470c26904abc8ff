import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level, so the same answers always hash the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The SHA-256 (hex) of an application's answers, whatever order their keys were saved in: a signature stands while
 * the answers hash as they did when it was made (api/signing/createSignatureStore.ts).
 */
export function answersHash(answers: unknown): string {
  return createHash('sha256').update(canonical(answers)).digest('hex');
}
