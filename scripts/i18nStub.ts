import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { catalogueEntries, missingTranslations, type TranslationEntry } from '../engine/index.ts';
import { readDefinitionFiles } from '../api/definitions/readDefinitionFiles.ts';

// The translator's stub: `npm run -s i18n:stub [--write] [--memory file.json]`.
// Prints, per catalogue, the entries steps/ and forms/ lack (a new text, or one whose English changed), with the
// French already written for the same English elsewhere (or the memory's, an {"English": "French"} map), else "".
// --write merges them into the catalogues (in the order of the definitions), so only the empty ones are left to write; steps:check and
// forms:check report those as empty until they are.
const write = process.argv.includes('--write');
const memoryAt = process.argv.indexOf('--memory');
const memory = new Map<string, string>(
  memoryAt > 0
    ? Object.entries(JSON.parse(readFileSync(process.argv[memoryAt + 1], 'utf8')) as Record<string, string>)
    : [],
);

const roots = {
  steps: readDefinitionFiles('steps'),
  forms: readDefinitionFiles('forms'),
  'api/texts': readDefinitionFiles('api/texts'),
};
// What is already translated teaches the rest: one English, one French, wherever it is used.
for (const files of Object.values(roots))
  for (const [file, json] of Object.entries(files))
    if (file.includes('i18n/') && !file.startsWith('../'))
      for (const [, e] of catalogueEntries(json)) if (e.fr && !memory.has(e.en)) memory.set(e.en, e.fr);

let count = 0;
for (const [root, files] of Object.entries(roots)) {
  for (const [catalogue, entries] of Object.entries(missingTranslations(files, 'fr'))) {
    if (catalogue.startsWith('../')) continue;
    const path = join(root, catalogue);
    for (const e of Object.values(entries)) e.fr = memory.get(e.en) ?? e.fr;
    count += Object.keys(entries).length;
    if (!write) {
      console.log(`${path}:\n${JSON.stringify(entries, null, 2)}\n`);
      continue;
    }
    const current = existsSync(path)
      ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, TranslationEntry | string>)
      : {};
    const depth = catalogue.split('/').length;
    const merged: Record<string, TranslationEntry | string> = {
      $schema: `${'../'.repeat(depth - 1)}${root === 'steps' ? '' : `${'../'.repeat(root.split('/').length)}steps/`}_meta/i18n.schema.json`,
    };
    const all = { ...current, ...entries };
    for (const key of Object.keys(all)
      .filter((k) => k !== '$schema')
      .sort())
      merged[key] = all[key];
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${JSON.stringify(merged, null, 2)}\n`);
  }
}
console.error(
  `${count} entr${count === 1 ? 'y' : 'ies'} missing or stale${write ? ', written to the catalogues' : ''}.`,
);
