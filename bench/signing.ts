/**
 * Signing benchmark (issue 27 part 2): stamping two signatures into each of the five insurers' PDFs of the complete
 * two-insured application, adding the certificate page and sealing each with the server certificate. The PDFs are
 * generated once, as POST /pdf/generate_pdf/ does. Prints the first run (cold) and the median and p95 of the next
 * ones (warm). Target < 1 s warm for the five. Figures only, no assertions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryFileStore } from '../api/files/fileStore.ts';
import { createPdfService, loadGenerationSetup } from '../api/pdf/createPdfService.ts';
import { loadSealingIdentity } from '../api/signing/sealingIdentity.ts';
import { sealPdf } from '../api/signing/sealPdf.ts';
import { stampSignatures } from '../api/signing/stampSignatures.ts';
import type { SignatureRecord } from '../api/signing/types.ts';
import { verifySeal } from '../api/signing/verifySeal.ts';
import { print, stats } from './stats.ts';
import { withPlanPerInsurer } from './withPlanPerInsurer.ts';

const INSURERS = ['BMO', 'MANULIFE', 'SUNLIFE', 'BENEVA', 'CANADA_LIFE'];
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

const setup = loadGenerationSetup();
const { $context: _context, ...example } =
  setup.engine.definitions.steps['screening-review'].examples['full-application'].data;
void _context;
const answers = withPlanPerInsurer(example, setup.engine.definitions.flow.lists?.plans ?? [], INSURERS);
const store = createMemoryFileStore();
const service = createPdfService({
  ...setup,
  store,
  loadAnswers: async () => structuredClone(answers),
  requireAccess: async () => {},
});
const generated = await service.generate({ id: 1 }, 2087, INSURERS);
const pdfs = await Promise.all(
  generated.manifest.files.slice(0, INSURERS.length).map(async (f) => (await store.get(f.key))!.bytes),
);

const dataDir = mkdtempSync(join(tmpdir(), 'bench-signing-'));
const identity = loadSealingIdentity({ dataDir, warn: () => undefined });
const signature = (signer: string, name: string): SignatureRecord => ({
  signer,
  name,
  roles: [signer],
  signedAt: new Date().toISOString(),
  method: 'typed',
  image: null,
  ip: '192.0.2.10',
  userAgent: 'bench',
  documents: INSURERS.map((id) => ({ name: `${id}.pdf`, sha256: '0'.repeat(64) })),
  consentVersion: '2026-11-29',
});
const signatures = [signature('insured_1', 'Élise Tremblay'), signature('adviser', 'Anne Adviser')];
const blocks = [
  { signer: 'insured_1', page: 0, x: 60, y: 60, width: 200, height: 36 },
  { signer: 'adviser', page: 0, x: 330, y: 60, width: 200, height: 36 },
];

const signAll = () =>
  Promise.all(
    pdfs.map(async (pdf, i) =>
      sealPdf(await stampSignatures(pdf, blocks, signatures, INSURERS[i]), identity, 'Signed'),
    ),
  );

let t = performance.now();
const first = await signAll();
console.log(
  `signing: stamp, certificate page and seal five PDFs, first in this process (cold): ${(performance.now() - t).toFixed(1)} ms ` +
    `(${first.map((b) => `${(b.length / 1024).toFixed(0)} kB`).join(', ')}; seals ${first.map((b) => verifySeal(b).problem ?? 'verifies').join(', ')})`,
);
const warm: number[] = [];
const verify: number[] = [];
for (let i = 0; i < RUNS; i++) {
  t = performance.now();
  const sealed = await signAll();
  warm.push(performance.now() - t);
  t = performance.now();
  for (const b of sealed) verifySeal(b);
  verify.push(performance.now() - t);
}
print('signing: stamp, certificate page and seal five PDFs, warm', stats(warm), 'ms', 'target < 1000 ms');
print('signing: verify five seals', stats(verify), 'ms', 'no target');
rmSync(dataDir, { recursive: true, force: true });
