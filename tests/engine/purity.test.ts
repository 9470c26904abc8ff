import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// engine/ is shared by the browser and the server: it may import only these packages and its own files.
const ALLOWED = new Set([
  'ajv',
  'ajv-formats',
  'ajv-errors',
  'json-logic-js',
  'xstate',
  'fast-deep-equal',
  'fast-json-stable-stringify',
  'json-schema-traverse',
]);

describe('engine/ is pure TypeScript', () => {
  const files = readdirSync('engine').filter((f) => f.endsWith('.ts'));
  it.each(files)('%s imports nothing from React, the DOM, Node, renderer/, app/ or api/', (file) => {
    const source = readFileSync(join('engine', file), 'utf8');
    const imports = [...source.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]);
    for (const spec of imports) {
      if (spec.startsWith('./')) continue;
      expect(ALLOWED.has(spec), `${file} imports "${spec}"`).toBe(true);
    }
    expect(source).not.toMatch(/\b(window|document|localStorage|process|require)\s*[.(]/);
  });
});
