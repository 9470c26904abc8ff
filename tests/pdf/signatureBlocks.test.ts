/**
 * Issue 25 part 2: renderApplication answers where each signer signs each insurer's application, so signatures can
 * be stamped there: the signers of summary.json's `signers` (ids as signing.json names them), in order.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { generationNames, prepareGeneration } from '../../api/pdf/buildPayload.ts';
import { renderApplication, wordsOf, type RenderedApplication } from '../../api/pdf/renderPdf.ts';
import { INSURERS, engine, forms, fullApplication, labels } from './support.ts';

const generatedAt = new Date('2026-06-01T14:05:00Z');

/** The text of one page (1-based), as pdftotext reads it. */
function pageText(bytes: Uint8Array, page: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-page-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), bytes);
    const args = ['-f', String(page), '-l', String(page), '-raw', '-enc', 'UTF-8', join(dir, 'doc.pdf'), '-'];
    return execFileSync('pdftotext', args, { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(INSURERS)('the signature blocks of the %s application', (insurer) => {
  const adviser = { full_name: 'Priya Raman' };
  const source = prepareGeneration(engine, fullApplication(), { populateForms: INSURERS, clientId: 2087, adviser });
  const t = wordsOf(forms.get(insurer)!.mapping);
  let rendered: RenderedApplication;
  let pages: { width: number; height: number }[];
  beforeAll(async () => {
    rendered = await renderApplication({ form: forms.get(insurer)!, source, labels, generatedAt, adviser });
    pages = (await PDFDocument.load(rendered.bytes)).getPages().map((p) => p.getSize());
  });

  it('names each signer of the two-insured application once, in order: both insureds, then the adviser', () => {
    expect(rendered.signatureBlocks.map((b) => b.signer)).toEqual(source.names.signers.map((s) => s.id));
    expect(rendered.signatureBlocks.map((b) => b.signer)).toEqual(['insured_1', 'insured_2', 'adviser']);
  });

  it("places each block inside its page, on the page that prints that signer's line", () => {
    for (const [i, block] of rendered.signatureBlocks.entries()) {
      expect(Object.keys(block).sort()).toEqual(['height', 'page', 'signer', 'width', 'x', 'y']);
      const size = pages[block.page - 1];
      expect(size).toBeDefined();
      expect(block.x).toBeGreaterThanOrEqual(0);
      expect(block.y).toBeGreaterThan(0);
      expect(block.x + block.width).toBeLessThanOrEqual(size.width);
      expect(block.y + block.height).toBeLessThanOrEqual(size.height);
      const signer = source.names.signers[i];
      expect(pageText(rendered.bytes, block.page)).toContain(`${t(signer.label)}: ${signer.name}`);
    }
  });

  it('never overlaps two blocks', () => {
    const [a, b, c] = rendered.signatureBlocks;
    const apart = (p: typeof a, q: typeof a): boolean =>
      p.page !== q.page ||
      p.x + p.width <= q.x ||
      q.x + q.width <= p.x ||
      p.y + p.height <= q.y ||
      q.y + q.height <= p.y;
    expect(apart(a, b) && apart(a, c) && apart(b, c)).toBe(true);
  });
});

describe("the summary document's signers: who signs, by the owner type", () => {
  const source = prepareGeneration(engine, fullApplication(), { populateForms: ['BMO'] });
  const signersFor = (type: 'corporation' | 'other_individual', second: { full_name: string } | null): unknown => {
    const owner_information = {
      ...source.payload.owner_information,
      type,
      owner_info: {
        ...source.payload.owner_information.owner_info,
        signing_officers: [
          { name: 'Jeanne Roy', title: 'President' },
          { name: 'Omar Haddad', title: 'Treasurer' },
        ],
      },
      owner_info_1: { full_name: 'Acme Ltd' },
      owner_info_2: second,
    };
    const payload = { ...source.payload, owner_information };
    return generationNames(engine, source.data, payload).signers.map((s) => [s.id, s.name]);
  };
  const insureds = [
    ['insured_1', source.names.primary_insured],
    ['insured_2', source.names.secondary_insured],
  ];

  it('adds each signing officer of a corporation, each other individual owner, and the adviser last', () => {
    expect(signersFor('corporation', null)).toEqual([
      ...insureds,
      ['signing_officer_1', 'Jeanne Roy, President (Acme Ltd)'],
      ['signing_officer_2', 'Omar Haddad, Treasurer (Acme Ltd)'],
      ['adviser', null],
    ]);
    expect(signersFor('other_individual', { full_name: 'Bo B. Second' })).toEqual([
      ...insureds,
      ['owner_1', 'Acme Ltd'],
      ['owner_2', 'Bo B. Second'],
      ['adviser', null],
    ]);
  });
});
