import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// `npm run bench [name...]`: runs each benchmark in its own process (engine, pdf, api, ui) and prints figures.
// They are measurements, not tests: nothing here fails on a slow figure.
const all = ['engine', 'pdf', 'signing', 'formsSimilarity', 'api', 'apiLists', 'ui'];
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : all;
for (const name of wanted) {
  const file = `bench/${name}.ts`;
  if (!existsSync(file)) {
    console.log(`\n## ${name}: ${file} is missing`);
    continue;
  }
  console.log(`\n## ${name}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  if (r.status !== 0) console.log(`(${name} exited with ${r.status})`);
}
