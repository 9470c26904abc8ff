import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * docs/decisions/README.md, the index of the decision records by topic (the file name's prefix), made from the
 * records themselves so it cannot drift: `npm run decisions` writes it, `npm run decisions -- --check` (part of
 * lint) fails when it is out of date.
 */
const DIR = 'docs/decisions';
const TOPICS: Record<string, string> = {
  flow: 'Flow',
  steps: 'Steps and their definitions',
  server: 'Server',
  security: 'Security',
  data: 'Data',
  pdf: 'PDFs',
  app: 'App',
  performance: 'Performance',
  testing: 'Testing',
  accounts: 'Accounts',
  i18n: 'Languages',
};

interface DecisionRecord {
  file: string;
  topic: string;
  title: string;
  status: string;
  date: string;
  issue: string;
}

/** A record's "Status: accepted" (or "- Status: accepted") line's value, or "" when it has none. */
const field = (text: string, name: string): string =>
  new RegExp(`^(?:- )?${name}:\\s*(.+)$`, 'm').exec(text)?.[1].trim() ?? '';

function readRecords(): DecisionRecord[] {
  return readdirSync(DIR)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .sort()
    .map((file) => {
      const text = readFileSync(join(DIR, file), 'utf8');
      return {
        file,
        topic: file.split('-')[0],
        title: /^# (.+)$/m.exec(text)?.[1].trim() ?? file,
        status: field(text, 'Status'),
        date: field(text, 'Date'),
        issue: field(text, 'Issue'),
      };
    });
}

function render(records: DecisionRecord[]): string {
  const lines = [
    '# Decisions',
    '',
    'One short record per decision (context, decision, status, date), named `<topic>-<slug>.md`. This index is made by',
    '`npm run decisions` from the records; lint fails when it is out of date.',
  ];
  const topics = [...Object.keys(TOPICS), ...new Set(records.map((r) => r.topic).filter((t) => !(t in TOPICS)))];
  for (const topic of topics) {
    const own = records.filter((r) => r.topic === topic);
    if (!own.length) continue;
    lines.push('', `## ${TOPICS[topic] ?? topic}`, '');
    for (const r of own)
      lines.push(
        `- [${r.title}](${r.file}) (${[r.status, r.date, r.issue && `issue ${r.issue}`].filter(Boolean).join(', ')})`,
      );
  }
  return `${lines.join('\n')}\n`;
}

const index = render(readRecords());
const target = join(DIR, 'README.md');
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // a missing index is out of date
  }
  if (current !== index) {
    console.error(`${target} is out of date: run npm run decisions`);
    process.exit(1);
  }
} else writeFileSync(target, index);
