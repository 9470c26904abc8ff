/**
 * pdf.js, loaded only when a document to sign is shown (PdfPages imports this module dynamically): the library is
 * its own chunk and its worker a separate hashed asset, so no other page grows and the worker is cached for good.
 */
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * Opens a PDF's bytes in pdf.js' worker (the bytes move there: pass a copy you do not need).
 * @param data - the PDF
 * @returns - pdf.js' loading task (its promise is the document; destroy() stops it and frees the worker's copy)
 */
export function openPdf(data: Uint8Array) {
  return getDocument({
    data,
    // The page's policy allows no eval; pdf.js then draws glyphs without compiling them.
    isEvalSupported: false,
    // No WebAssembly (the policy forbids it too): the JavaScript decoders cover what the forms hold.
    useWasm: false,
  });
}
