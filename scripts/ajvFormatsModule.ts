/**
 * ajv-formats' full formats as an ES module with one export per format, for the step modules' precompiled checks
 * (scripts/stepModulesPlugin.ts): the package has them as one CommonJS object, which the bundler cannot split, so
 * every step page carried all twenty-odd validators (about 2.3 KB brotli) to check a date. The module is made from
 * ajv-formats' own file at build time: the same validators, each export built only when a check names it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseAst } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Property extends Node {
  key: Node & { name?: string; value?: unknown };
  value: Node;
}
interface Statement extends Node {
  expression?: Node & {
    left?: Node & { object?: { name?: string }; property?: { name?: string } };
    right?: Node & { properties?: Property[] };
  };
}

/** ajv-formats' formats file, where the step modules' checks would import it from. */
export const AJV_FORMATS_FILE = createRequire(import.meta.url).resolve('ajv-formats/dist/formats.js');

/**
 * @param source - the text of ajv-formats/dist/formats.js
 * @returns an ES module exporting each of its `fullFormats` by name (`import * as formats`, then `formats.date`)
 */
export function ajvFormatsModule(source = readFileSync(AJV_FORMATS_FILE, 'utf8')): string {
  const program = parseAst(source) as unknown as { body: Statement[] };
  const isExport = (s: Statement): boolean =>
    s.expression?.type === 'AssignmentExpression' && s.expression.left?.object?.name === 'exports';
  const full = program.body.find((s) => isExport(s) && s.expression?.left?.property?.name === 'fullFormats');
  const properties = full?.expression?.right?.properties;
  if (!properties) throw new Error('ajv-formats/dist/formats.js no longer assigns exports.fullFormats an object');
  // The file without its CommonJS exports (and the defineProperty that marks it an ES module).
  let kept = '';
  let from = 0;
  for (const s of program.body) {
    const text = source.slice(s.start, s.end);
    if (isExport(s) || /^(["']use strict["']|Object\.defineProperty\(exports)/.test(text)) {
      kept += source.slice(from, s.start);
      from = s.end;
    }
  }
  // Its source map describes the CommonJS file, not this one.
  kept += source.slice(from).replace(/^\/\/# sourceMappingURL=.*$/m, '');
  const names: string[] = [];
  const formats = properties.map((p, i) => {
    const name = p.key.type === 'Identifier' ? p.key.name : String(p.key.value);
    names.push(`f${i} as ${JSON.stringify(name)}`);
    // Each built only if used: the bundler drops a pure call whose result no one reads.
    return `const f${i} = /* @__PURE__ */ (() => (${source.slice(p.value.start, p.value.end)}))();`;
  });
  return [kept, ...formats, `export { ${names.join(', ')} };`].join('\n');
}
