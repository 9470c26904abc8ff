/**
 * How alike the insurers' applications read (issue 26): each insurer's PDF of the complete application as text
 * lines (pdftotext, its layout), and for each pair the share of identical lines (the lines both print, counted with
 * repeats, over the lines of the two: 2·common / (a + b)). Prints the pairs, most alike first. Figures only.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadGenerationSetup } from '../api/pdf/createPdfService.ts';
import { prepareGeneration } from '../api/pdf/buildPayload.ts';
import { renderApplication } from '../api/pdf/renderPdf.ts';

const setup = loadGenerationSetup();
const insurers = [...setup.forms.keys()];
const { $context: _context, ...answers } =
  setup.engine.definitions.steps['screening-review'].examples['full-application'].data;
void _context;
const source = prepareGeneration(setup.engine, structuredClone(answers), { populateForms: insurers, clientId: 2087 });
const dir = mkdtempSync(join(tmpdir(), 'forms-similarity-'));
const lines = new Map<string, string[]>();
try {
  for (const insurer of insurers) {
    const bytes = (
      await renderApplication({
        form: setup.forms.get(insurer)!,
        source,
        labels: setup.labels,
        generatedAt: new Date('2026-11-28T05:00:00Z'),
      })
    ).bytes;
    const file = join(dir, `${insurer}.pdf`);
    writeFileSync(file, bytes);
    execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, `${file}.txt`]);
    const text = readFileSync(`${file}.txt`, 'utf8');
    lines.set(
      insurer,
      text
        .split('\n')
        .map((l) => l.trim().replace(/\s+/g, ' '))
        .filter(Boolean),
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const common = (a: string[], b: string[]): number => {
  const counts = new Map<string, number>();
  for (const l of a) counts.set(l, (counts.get(l) ?? 0) + 1);
  let n = 0;
  for (const l of b) {
    const left = counts.get(l) ?? 0;
    if (left > 0) {
      n++;
      counts.set(l, left - 1);
    }
  }
  return n;
};

const pairs: { pair: string; share: number }[] = [];
for (let i = 0; i < insurers.length; i++)
  for (let j = i + 1; j < insurers.length; j++) {
    const a = lines.get(insurers[i])!;
    const b = lines.get(insurers[j])!;
    pairs.push({ pair: `${insurers[i]} / ${insurers[j]}`, share: (2 * common(a, b)) / (a.length + b.length) });
  }
pairs.sort((x, y) => y.share - x.share);
for (const { pair, share } of pairs) console.log(`forms: identical text lines, ${pair}: ${(share * 100).toFixed(0)}%`);
