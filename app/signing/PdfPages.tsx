import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { PdfPage } from './PdfPage.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/signing';
// With the reader's chunk: the English pages' bundles do not grow (not even the entry's map of chunk styles).
import './pdfPages.css';

type PdfJs = typeof import('./pdfjs.ts');

interface Opened {
  pdf: PDFDocumentProxy;
  sizes: { width: number; height: number }[];
}

export interface PdfPagesProps {
  /** The PDF, as downloaded with the session's token. */
  blob: Blob;
  name: string;
  /** pdf.js could not be loaded or could not read the file: the viewer says so and offers the file itself. */
  onFailed: () => void;
}

/**
 * The pages of one PDF, one under the other, each fitted to the list's width. pdf.js is loaded here, on first use:
 * only the signing page pays for it.
 */
export function PdfPages({ blob, name, onFailed }: PdfPagesProps) {
  const t = useT();
  const list = useRef<HTMLDivElement>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [width, setWidth] = useState(0);
  const failed = useRef(onFailed);
  failed.current = onFailed;

  useEffect(() => {
    let cancelled = false;
    let task: ReturnType<PdfJs['openPdf']> | undefined;
    (async () => {
      const pdfjs = await import('./pdfjs.ts');
      const data = new Uint8Array(await blob.arrayBuffer());
      if (cancelled) return;
      task = pdfjs.openPdf(data);
      const pdf = await task.promise;
      const sizes = await Promise.all(
        Array.from({ length: pdf.numPages }, async (_, i) => {
          const { width: w, height: h } = (await pdf.getPage(i + 1)).getViewport({ scale: 1 });
          return { width: w, height: h };
        }),
      );
      if (!cancelled) setOpened({ pdf, sizes });
    })().catch(() => {
      if (!cancelled) failed.current();
    });
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [blob]);

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    setWidth(Math.floor(el.clientWidth));
    // The pages follow the list's width: a phone turned sideways, a window resized (where the browser can say so).
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={list} className="pdf-pages">
      {opened ? (
        <ol aria-label={t('signing.pages', { name })}>
          {opened.sizes.map((size, i) => (
            <PdfPage
              key={i}
              pdf={opened.pdf}
              number={i + 1}
              count={opened.sizes.length}
              size={size}
              width={width}
              name={name}
            />
          ))}
        </ol>
      ) : (
        <div className="pdf-page-sheet pdf-page-letter" data-state="waiting" role="status">
          <span className="sr-only">{t('signing.loadingDocument', { name })}</span>
        </div>
      )}
    </div>
  );
}
