/**
 * What weighs in the app's JavaScript: builds the app with rollup-plugin-visualizer into .tmp/bundle-report/ (the build
 * itself goes there too, dist/app is left alone) and prints, per chunk, its size and its heaviest modules. The treemap
 * is .tmp/bundle-report/treemap.html. Sizes per module are before minification: use them to compare, not to add up.
 *
 * Usage: npm run bundle:report [-- <number of modules per chunk, default 12>]
 */
import { readFileSync } from 'node:fs';
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
