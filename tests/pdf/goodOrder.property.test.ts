/**
 * Issue 10, a property: for every answer the definitions leave optional, an application without that answer
 * never prints, in any insurer's document or in the payload, a value that the adviser did not give.
 *
 * Each case takes the complete two-insured application, leaves one optional answer unset (the screening stays
 * complete), and compares what reaches the insurers with and without it: whatever changed must have become empty,
 * never another value. A yes/no answer is also compared with its opposite, so a default that happens to equal the
 * removed answer ("No" printed for an unanswered question) is caught too. Every optional answer of the complete
 * application is tried (about 140 cases, under 2 s).
 *
 * Two blanks are answers by the spec's own design, and are left out:
 * - the beneficiary step's "Quebec policy" checkbox: unticked is the adviser's "not a Quebec policy";
 * - a beneficiary's "Date of Birth (if minor)": left blank, it says the beneficiary is not a minor.
 */
import { prepareGeneration } from '../../api/pdf/buildPayload.ts';
import { fieldValue } from '../../api/pdf/fieldValue.ts';
import { printedSections } from '../../api/pdf/renderPdf.ts';
import type { AnswerSource } from '../../api/pdf/answerPaths.ts';
import type { ApplicationData } from '../../engine/index.ts';
import { INSURERS, engine, forms, fullApplication } from './support.ts';

type Leaf = { path: (string | number)[]; value: unknown };

function leavesOf(value: unknown, path: (string | number)[] = []): Leaf[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leavesOf(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leavesOf(v, [...path, k]));
  return value === null || value === undefined || value === '' ? [] : [{ path, value }];
}

function setAt(data: ApplicationData, path: (string | number)[], value: unknown): ApplicationData {
  const copy = structuredClone(data);
  let cur = copy as unknown as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) cur = cur[key] as Record<string | number, unknown>;
  if (value === undefined && Array.isArray(cur)) cur.splice(Number(path.at(-1)), 1);
  else if (value === undefined) delete cur[path.at(-1)!];
  else cur[path.at(-1)!] = value;
  return copy;
}

/**
 * True when a printed value holds nothing that the given one lacks: a field joining several answers (an address)
 * prints the others when one is left out.
 */
function partOf(without: string, given: string): boolean {
  const words = new Set(given.split(/[\s,]+/));
  return without.split(/[\s,]+/).every((w) => w === '' || words.has(w));
}

const unset = (v: unknown): boolean =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Every value printed on every insurer's document, keyed by insurer, section and label. */
function printed(source: AnswerSource): Map<string, string> {
  const out = new Map<string, string>();
  for (const insurer of INSURERS) {
    const mapping = forms.get(insurer)!.mapping;
    for (const section of printedSections(mapping, source)) {
      for (const field of mapping.sections[section.index].fields ?? []) {
        if (field.columns) continue;
        out.set(`${insurer} | ${section.title} | ${field.label}`, fieldValue(field, source, section.n));
      }
    }
  }
  return out;
}

/** The payload's leaves by path. */
function payloadLeaves(source: AnswerSource): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const walk = (v: unknown, path: string): void => {
    if (v && typeof v === 'object' && !Array.isArray(v))
      for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
    else out.set(path, v);
  };
  walk(source.payload, '');
  return out;
}

function sourceOf(data: ApplicationData): AnswerSource | undefined {
  if (engine.incompleteSteps(data).length) return undefined;
  return prepareGeneration(engine, data, { populateForms: INSURERS, clientId: 2087 });
}

/** What differs between `given` (the answer given) and `without` (left unset) that is not empty in `without`. */
function invented(given: AnswerSource, without: AnswerSource): string[] {
  const problems: string[] = [];
  const a = printed(given);
  const b = printed(without);
  for (const [key, value] of b) {
    if (value !== '' && !partOf(value, a.get(key) ?? ''))
      problems.push(`printed ${key}: "${value}" (given: "${a.get(key) ?? ''}")`);
  }
  const pa = payloadLeaves(given);
  const pb = payloadLeaves(without);
  for (const [key, value] of pb) {
    const before = pa.get(key);
    // A list without the answer keeps the others.
    const kept =
      Array.isArray(value) &&
      Array.isArray(before) &&
      value.every((v) => unset(v) || before.some((b) => JSON.stringify(b) === JSON.stringify(v)));
    const shorter = typeof value === 'string' && typeof before === 'string' && partOf(value, before);
    // An id may fall back to the same id read elsewhere (insured 1 is the client), as a number or a string.
    const sameId = (typeof value === 'number' || typeof value === 'string') && String(value) === String(before);
    if (!unset(value) && !kept && !shorter && !sameId && JSON.stringify(value) !== JSON.stringify(before))
      problems.push(`payload ${key}: ${JSON.stringify(value)} (given: ${JSON.stringify(before)})`);
  }
  return problems;
}

const full = fullApplication();
delete full.$context;
const stepIds = engine.definitions.order.filter((id) => id in full);
// The optional answers: those whose absence leaves the screening complete (computed values are recomputed, so
// leaving one out changes nothing and is harmless to include).
const BLANK_IS_AN_ANSWER = [
  /^beneficiary\.is_quebec_policy$/,
  /^beneficiary\.insured_\d\.(primary|contingent)_beneficiaries\.\d+\.date_of_birth$/,
];
const optional = stepIds
  .flatMap((id) => leavesOf(full[id], [id]))
  .filter((leaf) => !BLANK_IS_AN_ANSWER.some((re) => re.test(leaf.path.join('.'))))
  .filter((leaf) => sourceOf(setAt(full, leaf.path, undefined)) !== undefined);

describe('good order: nothing unanswered reaches an insurer', () => {
  it('has optional answers to try', () => {
    expect(optional.length).toBeGreaterThan(20);
  });

  it('an optional answer left unset prints nothing in its place, and no other value appears', () => {
    const complete = sourceOf(full)!;
    const problems: string[] = [];
    for (const leaf of optional) {
      const without = sourceOf(setAt(full, leaf.path, undefined))!;
      const found = invented(complete, without);
      if (typeof leaf.value === 'boolean') {
        const flipped = sourceOf(setAt(full, leaf.path, !leaf.value));
        if (flipped) found.push(...invented(flipped, without));
      }
      problems.push(...found.map((p) => `without ${leaf.path.join('.')}: ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it('a required answer left unset stops generation, naming its step', () => {
    const optionalPaths = new Set(optional.map((leaf) => leaf.path.join('.')));
    const required = stepIds
      .flatMap((id) => leavesOf(full[id], [id]))
      .filter((leaf) => !optionalPaths.has(leaf.path.join('.')));
    expect(required.length).toBeGreaterThan(20);
    for (const leaf of required.slice(0, 40)) {
      const data = setAt(full, leaf.path, undefined);
      const incomplete = engine.incompleteSteps(data).map((s) => s.id);
      expect(incomplete, leaf.path.join('.')).toContain(String(leaf.path[0]));
    }
  });
});
