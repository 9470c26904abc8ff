/** A small real PDF for the signing stories: two letter pages of text, as the reader draws an insurer's form. */
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

let made: Promise<Blob> | undefined;

/** The same two-page PDF each time (built once): "<title>", then a few lines of an application's answers. */
export function stubPdf(): Promise<Blob> {
  made ??= (async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    for (const [index, heading] of ['Application for Individual Life Insurance', 'Declarations'].entries()) {
      const page = pdf.addPage([612, 792]);
      page.drawRectangle({ x: 48, y: 700, width: 516, height: 3, color: rgb(0, 0.45, 0.75) });
      page.drawText(heading, { x: 48, y: 716, size: 20, font: bold, color: rgb(0.1, 0.1, 0.2) });
      const lines = [
        'Proposed insured: Daniel Tremblay, born 1979-09-03',
        'Third-party payor: Claire Tremblay',
        'Product: whole life, face amount $750,000',
        'I declare that the answers above are true and complete.',
      ];
      lines.forEach((line, i) => page.drawText(line, { x: 48, y: 660 - i * 24, size: 12, font }));
      page.drawText(`Page ${index + 1} of 2`, { x: 500, y: 40, size: 9, font });
    }
    // A copy on a plain ArrayBuffer, which a Blob takes.
    return new Blob([new Uint8Array(await pdf.save())], { type: 'application/pdf' });
  })();
  return made;
}
