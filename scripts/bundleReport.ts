/**
 * What weighs in the app's JavaScript: builds the app with rollup-plugin-visualizer into .tmp/bundle-report/ (the build
 * itself goes there too, dist/app is left alone) and prints, per chunk, its size and its heaviest modules. The treemap
 * is .tmp/bundle-report/treemap.html. Sizes per module are before minification: use them to compare, not to add up.
 *
 * Then, per page opened directly (the login page, the dashboard, the owner step), the JavaScript it loads before it
 * can draw: the entry with its static imports, the page's chunk with its own (and the step's definition), each file
 * brotli-compressed at quality 11 as scripts/precompressPlugin.ts sends it, summed without the HTTP headers (the
 * bench's "over the wire" adds about 0.45 KB a file). Issue 28's budget for the English pages is measured this way.
 *
 * Usage: npm run bundle:report [-- <number of modules per chunk, default 12>]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { join, resolve } from 'node:path';
import { visualizer } from 'rollup-plugin-visualizer';
import { build, mergeConfig, type UserConfig } from 'vite';
import appConfig from '../vite.config.ts';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, '.tmp/bundle-report');
const TOP = Number(process.argv[2] ?? 12);

interface Stats {
  nodeParts: Record<string, { renderedLength: number; gzipLength: number; brotliLength: number }>;
  nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }>;
}

const report = (template: 'raw-data' | 'treemap', filename: string) =>
  visualizer({ filename: join(OUT, filename), template, gzipSize: true, brotliSize: true });

await build(
  mergeConfig(appConfig as UserConfig, {
    configFile: false,
    logLevel: 'warn',
    plugins: [report('raw-data', 'stats.json'), report('treemap', 'treemap.html')],
    build: { outDir: join(OUT, 'app') },
  }),
);

const stats = JSON.parse(readFileSync(join(OUT, 'stats.json'), 'utf8')) as Stats;
const chunks = new Map<string, { id: string; size: number; brotli: number }[]>();
for (const meta of Object.values(stats.nodeMetas)) {
  for (const [chunk, part] of Object.entries(meta.moduleParts)) {
    const p = stats.nodeParts[part];
    const list = chunks.get(chunk) ?? [];
    list.push({ id: meta.id.replace(/^.*node_modules\//, ''), size: p.renderedLength, brotli: p.brotliLength });
    chunks.set(chunk, list);
  }
}
const sized = [...chunks].map(([chunk, mods]) => ({ chunk, mods, size: mods.reduce((n, m) => n + m.size, 0) }));
for (const { chunk, mods, size } of sized.sort((a, b) => b.size - a.size)) {
  if (!chunk.endsWith('.js')) continue;
  console.log(`\n${chunk}: ${(size / 1024).toFixed(1)} KB of modules before minification`);
  for (const m of [...mods].sort((a, b) => b.size - a.size).slice(0, TOP))
    console.log(
      `  ${(m.size / 1024).toFixed(1).padStart(7)} KB  ${(m.brotli / 1024).toFixed(1).padStart(6)} KB br  ${m.id}`,
    );
}
console.log(`\nTreemap: ${join(OUT, 'treemap.html')}`);

const assets = join(OUT, 'app/assets');
const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
const brotli = (file: string) =>
  brotliCompressSync(readFileSync(join(assets, file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const importsOf = (file: string) =>
  [...readFileSync(join(assets, file), 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]);
const entry = [...readFileSync(join(OUT, 'app/index.html'), 'utf8').matchAll(/assets\/([^"]+\.js)/g)].map((m) => m[1]);
const entryCode = entry.map((file) => readFileSync(join(assets, file), 'utf8')).join('\n');
/** The chunk of a page or step; for a step the English one, which the entry's loaders name (the French has the same name). */
const chunkOf = (name: string) =>
  files.find((f) => f.startsWith(`${name}-`) && entryCode.includes(`./${f}`)) ??
  files.find((f) => f.startsWith(`${name}-`));
console.log('\nJavaScript a page opened directly loads (brotli, without headers):');
for (const [page, chunks] of [
  ['login page', ['LoginPage']],
  ['dashboard', ['DashboardPage']],
  ['owner step', ['ScreeningPage', 'owner']],
] as const) {
  const seen = new Set<string>();
  const visit = (file: string | undefined): void => {
    if (!file || seen.has(file)) return;
    seen.add(file);
    for (const next of importsOf(file)) visit(next);
  };
  for (const file of [...entry, ...chunks.map(chunkOf)]) visit(file);
  const total = [...seen].reduce((n, file) => n + brotli(file), 0);
  // A page's module in a group's file (the step's page is in the wizard's, scripts/chunkGroups.ts) has no file named
  // after it: the step's definition reaches that file.
  const grouped = chunks.filter((name) => !chunkOf(name));
  const note = grouped.length ? `; ${grouped.join(', ')} in a group's file` : '';
  console.log(`  ${page}: ${(total / 1024).toFixed(2)} KB in ${seen.size} files (${total} B${note})`);
}
