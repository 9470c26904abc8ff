import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import ts from 'typescript';

/**
 * Issue 25 part 5: changing a definition by JSON breaks no test but tests/steps/specTexts.json. So no test or story
 * may hold, as a literal, a text of steps/; it asks specText(key) (tests/support/specText.ts) or reads the
 * definitions. The rule, applied to every string literal, template without substitution, JSX text and regular
 * expression of tests/ and *.stories.tsx, and every string value of the JSON files of tests/:
 * - a "text of steps/" is any string value of steps/**\/*.json outside _meta/ and examples/ (titles, labels,
 *   messages, options, descriptions) of 3 or more words, or of 2 or more words ending in . ? ! or :;
 * - a literal breaks the rule when, trimmed (a regular expression: its source without escapes and anchors), it
 *   equals such a text; tests/steps/specTexts.json alone may hold them.
 * A drill's `add` and `replace` operations on steps/ are the definitions it writes (a new step's texts and their
 * French, which may reuse a catalogue's wording), not texts a test asserts: they are not scanned; its `test`
 * operations and `expect` block are.
 */
const ROOT = process.cwd();
const ALLOWED = new Set(['tests/steps/specTexts.json']);

/** Every file under a folder, relative to the project, with "/" separators. */
const filesUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f.split(sep).join('/')}`);

const stringsOf = (node: unknown): string[] =>
  typeof node === 'string'
    ? [node]
    : node !== null && typeof node === 'object'
      ? Object.values(node).flatMap(stringsOf)
      : [];

/** A text worth pinning: 3+ words, or 2+ words ending in a sentence's or a label's punctuation. */
export const isText = (s: string): boolean => {
  const words = s.trim().split(/\s+/).filter(Boolean).length;
  return words >= 3 || (words >= 2 && /[.?!:]$/.test(s.trim()));
};

const stepTexts = new Set(
  filesUnder('steps')
    .filter((f) => f.endsWith('.json') && !/^steps\/_meta\/|\/examples\//.test(f))
    .flatMap((f) => stringsOf(JSON.parse(readFileSync(join(ROOT, f), 'utf8'))))
    .map((s) => s.trim())
    .filter(isText),
);

/** The literals of a TypeScript file with their lines. */
function literalsOfSource(file: string, text: string): { line: number; value: string }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? 4 : 3);
  const found: { line: number; value: string }[] = [];
  const visit = (node: ts.Node): void => {
    let value: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isJsxText(node)) value = node.text;
    else if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const body = node
        .getText(source)
        .replace(/\/[a-z]*$/, '')
        .slice(1);
      value = body.replace(/^\^|\$$/g, '').replace(/\\(.)/g, '$1');
    }
    if (value !== undefined) {
      found.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, value });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

interface DrillEdit {
  file: string;
  patch: { op: string }[];
}

/** A drill without what it writes into steps/ (see above); any other JSON as it is. */
function assertedPart(file: string, json: unknown): unknown {
  if (!file.startsWith('tests/authoring/drills/')) return json;
  const drill = json as { edits?: DrillEdit[] };
  return {
    ...drill,
    edits: (drill.edits ?? []).map((edit) => ({
      ...edit,
      patch: edit.file.startsWith('steps/') ? edit.patch.filter((op) => op.op === 'test') : edit.patch,
    })),
  };
}

/** The string values of a JSON file, each at the first line holding it. */
function literalsOfJson(file: string, text: string): { line: number; value: string }[] {
  const lines = text.split('\n');
  return stringsOf(assertedPart(file, JSON.parse(text))).map((value) => {
    const quoted = JSON.stringify(value);
    return { line: lines.findIndex((l) => l.includes(quoted)) + 1, value };
  });
}

const scanned = [
  ...filesUnder('tests').filter((f) => /\.(tsx?|json)$/.test(f)),
  ...filesUnder('.storybook').filter((f) => f.endsWith('.stories.tsx')),
  ...['app', 'renderer'].flatMap(filesUnder).filter((f) => f.endsWith('.stories.tsx')),
].filter((f) => !ALLOWED.has(f) && !f.includes('/node_modules/'));

describe('tests follow the data (issue 25 part 5)', () => {
  it('finds the texts of steps/ to look for', () => {
    expect(stepTexts.size).toBeGreaterThan(100);
    expect(scanned.length).toBeGreaterThan(50);
  });

  it('no test or story holds a text of steps/ as a literal: it asks specText(key) or the definitions', () => {
    const offences = scanned.flatMap((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      const literals = file.endsWith('.json') ? literalsOfJson(file, text) : literalsOfSource(file, text);
      return literals
        .filter(({ value }) => stepTexts.has(value.trim()))
        .map(({ line, value }) => `${file}:${line} ${JSON.stringify(value.trim())}`);
    });
    expect(offences).toEqual([]);
  });
});
