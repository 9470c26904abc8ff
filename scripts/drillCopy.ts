import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { applyDrill, readDrill } from './applyDrill.ts';

// `tsx scripts/drillCopy.ts DEST [DRILL.json]`: a copy of this project in DEST (node_modules linked, not copied)
// with one product-staff drill applied to its definitions (default: drill B, the new step), for `npm run test:all`
// on the edited copy (.ci/run). Prints DEST.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LEFT_OUT = new Set([
  'node_modules',
  '.git',
  'dist',
  'data',
  'storybook-static',
  'coverage',
  'test-results',
  '.tmp',
]);

const [destArg, drillArg = 'tests/authoring/drills/b-occupation-step.json'] = process.argv.slice(2);
if (!destArg) {
  console.error('usage: tsx scripts/drillCopy.ts DEST [DRILL.json]');
  process.exit(2);
}
const dest = resolve(destArg);
if (existsSync(dest) && readdirSync(dest).length) {
  console.error(`${dest} is not empty`);
  process.exit(2);
}
mkdirSync(dest, { recursive: true });
for (const entry of readdirSync(ROOT)) {
  if (!LEFT_OUT.has(entry)) cpSync(join(ROOT, entry), join(dest, entry), { recursive: true });
}
symlinkSync(join(ROOT, 'node_modules'), join(dest, 'node_modules'), 'dir');
const drillFile = resolve(drillArg);
const drill = readDrill(drillFile);
const written = applyDrill(drill, dest);
// Product staff run `npm run format` before they commit; the drill's files are formatted the same way, so the
// copy's lint judges the edit, not JSON.stringify's layout.
for (const file of written) {
  const path = join(dest, file);
  const options = (await resolveConfig(path)) ?? {};
  writeFileSync(path, await format(readFileSync(path, 'utf8'), { ...options, filepath: path }));
}
// The copy is the drill's outcome: its own drills test performs the other drills on top, not this one again.
const copied = join(dest, relative(ROOT, drillFile));
if (!relative(ROOT, drillFile).startsWith('..') && existsSync(copied)) rmSync(copied);
console.error(`${drill.title}: edited ${written.join(', ')} in ${relative(process.cwd(), dest) || '.'}`);
console.log(dest);
