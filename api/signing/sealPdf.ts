import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFDocument } from 'pdf-lib';
import { CertificateSigner } from './certificateSigner.ts';
import type { SealingIdentity } from './sealingIdentity.ts';

/**
 * Seals a PDF with the server's certificate: a detached CMS signature over the whole file but its own contents
 * (docs/decisions/security-electronic-signatures.md says what of PAdES this is). Any later byte change breaks it.
 */
export async function sealPdf(bytes: Uint8Array, identity: SealingIdentity, reason: string): Promise<Buffer> {
  return sealDocument(await PDFDocument.load(bytes), identity, reason);
}

/**
 * Seals a document already loaded (and perhaps changed: stamped) in pdf-lib: saving it once here spares a save and
 * a load of the whole file per seal.
 */
export async function sealDocument(pdfDoc: PDFDocument, identity: SealingIdentity, reason: string): Promise<Buffer> {
  pdflibAddPlaceholder({
    pdfDoc,
    reason,
    contactInfo: '',
    name: 'Application sealing certificate',
    location: 'Canada',
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    signatureLength: 8192,
  });
  const prepared = Buffer.from(await pdfDoc.save({ useObjectStreams: false }));
  return new SignPdf().sign(prepared, new CertificateSigner(identity));
}
