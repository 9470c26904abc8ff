/**
 * Signing benchmark (issue 27): signDocuments, as the last signature runs it, over the five insurers' PDFs of the
 * complete two-insured application: every signature stamped in the blocks the generation recorded, the certificate
 * page added and each PDF sealed with the server certificate. The PDFs are generated once, as POST
 * /pdf/generate_pdf/ does. Prints the first run (cold) and the median and p95 of the next
 * ones (warm). Target < 1 s warm for the five. Figures only, no assertions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryFileStore } from '../api/files/fileStore.ts';
import { createServerEngine } from '../api/definitions/createServerEngine.ts';
import { createPdfService, loadGenerationSetup } from '../api/pdf/createPdfService.ts';
import { loadSealingIdentity } from '../api/signing/sealingIdentity.ts';
import { signDocuments } from '../api/signing/signDocuments.ts';
import type { SignatureRecord } from '../api/signing/types.ts';
import { verifySeal } from '../api/signing/verifySeal.ts';
import { print, stats } from './stats.ts';
import { withPlanPerInsurer } from './withPlanPerInsurer.ts';

const INSURERS = ['BMO', 'MANULIFE', 'SUNLIFE', 'BENEVA', 'CANADA_LIFE'];
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

const engine = createServerEngine();
const setup = loadGenerationSetup(engine);
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
const documents = await Promise.all(
  generated.manifest.files.map(async (f) => ({
    insurer: f.insurer,
    name: f.filename,
    bytes: (await store.get(f.key))!.bytes,
    signatureBlocks: f.signatureBlocks,
  })),
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
const signatures = [
  signature('insured_1', 'Élise Tremblay'),
  signature('insured_2', 'Marc Tremblay'),
  signature('adviser', 'Anne Adviser'),
];

const signAll = async () =>
  (
    await signDocuments({
      applicationId: 1,
      version: 1,
      signedAt: new Date(),
      documents,
      signatures,
      identity,
      engine,
    })
  ).documents.map((d) => Buffer.from(d.bytes));

let t = performance.now();
const first = await signAll();
console.log(
  `signing: signDocuments over five PDFs (stamp, certificate page, seal), first in this process (cold): ${(performance.now() - t).toFixed(1)} ms ` +
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
print('signing: signDocuments over five PDFs, warm', stats(warm), 'ms', 'target < 1000 ms');
print('signing: verify five seals', stats(verify), 'ms', 'no target');
rmSync(dataDir, { recursive: true, force: true });
