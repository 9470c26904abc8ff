import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { createServerEngine } from '../../api/definitions/createServerEngine.ts';
import { certificateTexts } from '../../api/signing/certificateTexts.ts';
import { signDocuments } from '../../api/signing/signDocuments.ts';
import { loadSealingIdentity } from '../../api/signing/sealingIdentity.ts';
import { sealPdf } from '../../api/signing/sealPdf.ts';
import { stampSignatures } from '../../api/signing/stampSignatures.ts';
import type { SignatureRecord } from '../../api/signing/types.ts';
import { verifySeal } from '../../api/signing/verifySeal.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'seal-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const warnings: string[] = [];
const identity = loadSealingIdentity({ dataDir, warn: (m) => warnings.push(m) });
const engine = createServerEngine();

/** The text of one page (1-based), as pdftotext reads it. */
function pageText(bytes: Uint8Array, page: number): string {
  const file = join(dataDir, `page-${page}-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const args = ['-f', String(page), '-l', String(page), '-raw', '-enc', 'UTF-8', file, '-'];
  return execFileSync('pdftotext', args, { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

async function twoPages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  doc.addPage([612, 792]);
  return doc.save();
}

const signature = (signer: string, name: string, method: 'drawn' | 'typed'): SignatureRecord => ({
  signer,
  name,
  roles: [signer === 'adviser' ? 'adviser' : 'insured'],
  signedAt: '2026-11-29T10:15:00.000Z',
  method,
  // A 1×1 PNG: the smallest drawing pdf-lib embeds.
  image:
    method === 'drawn'
      ? 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
      : null,
  ip: '192.0.2.10',
  userAgent: 'Mozilla/5.0 (test)',
  documents: [{ name: 'manulife.pdf', sha256: 'a'.repeat(64) }],
  consentVersion: '2026-11-29',
});

describe('sealing signed PDFs', () => {
  it('makes a self-signed pair in DATA_DIR at first use, with a warning, and reuses it', () => {
    expect(identity.selfSigned).toBe(true);
    expect(warnings[0]).toMatch(/SIGNING_CERT/);
    const again = loadSealingIdentity({ dataDir, warn: () => undefined });
    expect(again.certificatePem).toBe(identity.certificatePem);
  });

  it('refuses one of SIGNING_CERT/SIGNING_KEY without the other', () => {
    expect(() => loadSealingIdentity({ dataDir, cert: identity.certificatePem, warn: () => undefined })).toThrow(
      /both/,
    );
  });

  it("uses SIGNING_CERT/SIGNING_KEY given as PEM files, and refuses a key that is not the certificate's", async () => {
    const other = mkdtempSync(join(tmpdir(), 'seal-other-'));
    try {
      const foreign = loadSealingIdentity({ dataDir: other, warn: () => undefined });
      const certPath = join(dataDir, 'signing', 'seal-cert.pem');
      const keyPath = join(dataDir, 'signing', 'seal-key.pem');
      const configured = loadSealingIdentity({ dataDir: other, cert: certPath, key: keyPath, warn: () => undefined });
      expect(configured.selfSigned).toBe(false);
      expect(verifySeal(await sealPdf(await twoPages(), configured, 'Signed')).valid).toBe(true);
      const foreignKey = join(other, 'signing', 'seal-key.pem');
      expect(() =>
        loadSealingIdentity({ dataDir: other, cert: certPath, key: foreignKey, warn: () => undefined }),
      ).toThrow(/not the key/);
      expect(foreign.certificatePem).not.toBe(identity.certificatePem);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('stamps the signatures in their blocks, adds a certificate page, and the seal verifies', async () => {
    const stamped = await stampSignatures(
      await twoPages(),
      [
        { signer: 'insured_1', page: 1, x: 60, y: 100, width: 200, height: 40 },
        { signer: 'adviser', page: 1, x: 320, y: 100, width: 200, height: 40 },
      ],
      [signature('insured_1', 'Élise Tremblay', 'drawn'), signature('adviser', 'Anne Adviser', 'typed')],
      { title: 'Application 7 — Manulife', texts: certificateTexts(engine) },
    );
    expect((await PDFDocument.load(stamped)).getPageCount()).toBe(3);
    const sealed = await sealPdf(stamped, identity, 'Signed application');
    expect(verifySeal(sealed)).toMatchObject({ valid: true, problem: null });
  });

  it('signs each document on the page its block names (counted from 1), with the certificate page in the language asked', async () => {
    const pdf = await twoPages();
    const blocks = [
      { signer: 'insured_1', page: 2, x: 60, y: 100, width: 200, height: 40 },
      { signer: 'adviser', page: 2, x: 320, y: 100, width: 200, height: 40 },
    ];
    const signatures = [
      signature('insured_1', 'Élise Tremblay', 'typed'),
      signature('adviser', 'Anne Adviser', 'typed'),
    ];
    const input = {
      applicationId: 7,
      version: 1,
      signedAt: new Date('2026-11-29T10:20:00Z'),
      documents: [{ insurer: 'MANULIFE', name: 'manulife-application.pdf', bytes: pdf, signatureBlocks: blocks }],
      signatures,
      identity,
      engine,
    };
    const en = certificateTexts(engine);
    const fr = certificateTexts(engine, 'fr');
    expect(fr.title).not.toBe(en.title);
    const english = await signDocuments(input);
    const french = await signDocuments(input, 'fr');
    const [doc] = french.documents;
    expect(doc.name).toBe('manulife-application-signed.pdf');
    expect(verifySeal(Buffer.from(doc.bytes)).valid).toBe(true);
    expect(doc.sha256).toBe(createHash('sha256').update(doc.bytes).digest('hex'));
    expect(pageText(doc.bytes, 1)).not.toContain('Anne Adviser');
    expect(pageText(doc.bytes, 2)).toContain('Élise Tremblay');
    expect(pageText(doc.bytes, 2)).toContain('Anne Adviser');
    const certificate = pageText(doc.bytes, 3);
    expect(certificate).toContain(fr.title);
    expect(certificate).toContain(fr.roles.insured);
    expect(certificate).not.toContain(en.title);
    expect(certificate).toContain(signatures[0].documents[0].sha256);
    expect(pageText(english.documents[0].bytes, 3)).toContain(en.title);
    expect(french.certificate.documents[0]).toMatchObject({
      sha256: doc.sha256,
      signed_from: { name: 'manulife-application.pdf', sha256: createHash('sha256').update(pdf).digest('hex') },
    });
    expect(french.certificate.signatures.map((s) => s.name)).toEqual(['Élise Tremblay', 'Anne Adviser']);
  });

  it('a seal fails after one byte of the file changes', async () => {
    const sealed = await sealPdf(await twoPages(), identity, 'Signed application');
    expect(verifySeal(sealed).valid).toBe(true);
    const changed = Buffer.from(sealed);
    const at = changed.indexOf('/MediaBox');
    changed[at + 1] = 'm'.charCodeAt(0);
    expect(verifySeal(changed)).toMatchObject({ valid: false, problem: 'the file changed after it was sealed' });
  });

  it('is a PAdES baseline B-B seal that OpenSSL verifies on its own, and refuses after one byte changes', async () => {
    const sealed = await sealPdf(await twoPages(), identity, 'Signed application');
    expect(sealed.toString('latin1')).toMatch(/\/SubFilter\s*\/ETSI\.CAdES\.detached/);
    // The signed ranges and the CMS in /Contents, read as a validator does from /ByteRange.
    const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(sealed.toString('latin1'))!;
    const [first, firstLength, second, secondLength] = range.slice(1).map(Number);
    const covered = Buffer.concat([
      sealed.subarray(first, first + firstLength),
      sealed.subarray(second, second + secondLength),
    ]);
    const cms = Buffer.from(sealed.subarray(first + firstLength + 1, second - 1).toString('latin1'), 'hex');
    const sig = join(dataDir, 'seal.der');
    writeFileSync(sig, cms);
    const openssl = (content: Buffer) => {
      const file = join(dataDir, `content-${Math.random().toString(36).slice(2)}.bin`);
      writeFileSync(file, content);
      const args = ['cms', '-verify', '-binary', '-inform', 'DER', '-in', sig, '-content', file, '-noverify'];
      return execFileSync('openssl', [...args, '-out', '/dev/null'], { stdio: 'pipe' });
    };
    expect(() => openssl(covered)).not.toThrow();
    const printed = execFileSync('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', sig], {
      encoding: 'utf8',
    });
    // The certificate is bound to the signature (ESS signing-certificate-v2); the time is the dictionary's /M.
    expect(printed).toMatch(/signingCertificateV2/);
    expect(printed).not.toMatch(/signingTime/);
    const changed = Buffer.from(covered);
    changed[changed.indexOf('/MediaBox') + 1] = 'm'.charCodeAt(0);
    expect(() => openssl(changed)).toThrow();
  });

  it('an unsealed PDF is reported as such', async () => {
    expect(verifySeal(Buffer.from(await twoPages()))).toMatchObject({
      valid: false,
      problem: 'the PDF carries no seal',
    });
  });
});
