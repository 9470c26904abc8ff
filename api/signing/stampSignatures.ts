import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { embedFonts, printable } from '../pdf/embedFonts.ts';
import type { PlannedSigner } from '../../engine/index.ts';
import type { CertificateTexts } from './certificateTexts.ts';
import type { SignatureBlock, SignatureRecord } from './types.ts';

const INK = rgb(0.05, 0.1, 0.35);
const TEXT = rgb(0.12, 0.16, 0.2);
const MUTED = rgb(0.36, 0.4, 0.45);

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/;

/** Text shrunk until it fits the width (a long name in a short block), never below 6 pt. */
function fitted(font: PDFFont, text: string, width: number, size: number): number {
  let s = size;
  while (s > 6 && font.widthOfTextAtSize(text, s) > width) s -= 0.5;
  return s;
}

async function stampOne(
  doc: PDFDocument,
  page: PDFPage,
  block: SignatureBlock,
  signature: SignatureRecord,
  fonts: { regular: PDFFont; italic: PDFFont },
) {
  const caption = printable(`${signature.name} · ${signature.signedAt.replace('T', ' ').slice(0, 16)} UTC`);
  const captionSize = fitted(fonts.regular, caption, block.width, 6);
  const markHeight = Math.max(block.height - captionSize - 2, 8);
  const png = signature.method === 'drawn' ? PNG_DATA_URL.exec(signature.image ?? '') : null;
  if (png) {
    const image = await doc.embedPng(Buffer.from(png[1], 'base64'));
    const scale = Math.min(block.width / image.width, markHeight / image.height);
    page.drawImage(image, {
      x: block.x,
      y: block.y + captionSize + 2,
      width: image.width * scale,
      height: image.height * scale,
    });
  } else {
    const name = printable(signature.name);
    const size = fitted(fonts.italic, name, block.width, Math.min(markHeight, 16));
    page.drawText(name, { x: block.x, y: block.y + captionSize + 4, size, font: fonts.italic, color: INK });
  }
  page.drawText(caption, { x: block.x, y: block.y, size: captionSize, font: fonts.regular, color: MUTED });
}

/** The certificate page's subtitle (the application and insurer), its texts in the document's language, and the
 * signing plan's signers (whom each signs for, and a signing officer's title), when known. */
export interface CertificateInput {
  title: string;
  texts: CertificateTexts;
  signers?: PlannedSigner[];
}

/**
 * Draws each signature into its signer's blocks (the drawing, or the typed name in italics, over a caption with the
 * name and time) and appends a certificate page: who signed, as what, when, how, from which device, and the SHA-256
 * of the documents each signed. Blocks of signers who have not signed stay empty.
 * @param pdf - the rendered application, as generated
 * @param blocks - where each signer signs (from api/pdf's renderApplication)
 * @param signatures - the signatures collected, in signing order
 * @param certificate - the certificate page's subtitle (the application and insurer), its texts in the
 *   document's language (certificateTexts) and the plan's signers (whom each signs for)
 * @returns the stamped PDF, not yet sealed
 */
export async function stampSignatures(
  pdf: Uint8Array,
  blocks: SignatureBlock[],
  signatures: SignatureRecord[],
  certificate: CertificateInput,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  await stampDocument(doc, blocks, signatures, certificate);
  return doc.save();
}

/** stampSignatures on a document already loaded, left unsaved (sealDocument saves it once, sealed). */
export async function stampDocument(
  doc: PDFDocument,
  blocks: SignatureBlock[],
  signatures: SignatureRecord[],
  certificate: CertificateInput,
): Promise<void> {
  const fonts = await embedFonts(doc);
  const pages = doc.getPages();
  for (const block of blocks) {
    const signature = signatures.find((s) => s.signer === block.signer);
    const page = pages[block.page - 1];
    if (signature && page) await stampOne(doc, page, block, signature, fonts);
  }
  certificatePage(doc, signatures, certificate, fonts);
}

/** When, as the certificate prints it: the ISO time to the second, in UTC (the same in both languages). */
const utc = (iso: string): string => `${iso.replace('T', ' ').slice(0, 19)} UTC`;

function certificatePage(
  doc: PDFDocument,
  signatures: SignatureRecord[],
  { title, texts: t, signers = [] }: CertificateInput,
  fonts: { regular: PDFFont; bold: PDFFont },
) {
  let page = doc.addPage([612, 792]);
  let y = 740;
  const line = (text: string, font: PDFFont = fonts.regular, size = 9, color = TEXT) => {
    if (y < 60) {
      page = doc.addPage([612, 792]);
      y = 740;
    }
    const shown = printable(text);
    page.drawText(shown, { x: 54, y, size: fitted(font, shown, 504, size), font, color });
    y -= size + 5;
  };
  line(t.title, fonts.bold, 16);
  line(title, fonts.regular, 10, MUTED);
  y -= 8;
  for (const s of signatures) {
    line(`${s.name} — ${s.roles.map((r) => t.roles[r] ?? r).join(', ')}`, fonts.bold, 11);
    // Whom a signing officer (or a guardian) signs for, and the officer's title, as the plan gave them.
    const planned = signers.find((p) => p.id === s.signer);
    if (planned?.for) line(`${t.signsFor}: ${planned.for}${planned.title ? ` (${planned.title})` : ''}`);
    line(`${t.signedAt} ${utc(s.signedAt)}, ${s.method === 'drawn' ? t.drawn : t.typed}`);
    line(`${t.consent} ${s.consentVersion}`);
    line(`${t.device}: ${s.ip} — ${s.userAgent}`, fonts.regular, 8, MUTED);
    line(`${t.documents}:`, fonts.regular, 8, MUTED);
    for (const d of s.documents) line(`${d.name}  ${d.sha256}`, fonts.regular, 7.5, MUTED);
    y -= 8;
  }
  if (signatures.length === 0) line(t.empty);
  line(t.seal, fonts.regular, 8, MUTED);
}
