import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/signing';

export interface PdfPageProps {
  pdf: PDFDocumentProxy;
  /** 1-based. */
  number: number;
  count: number;
  /** The page's size in PDF points, for its box before it is drawn. */
  size: { width: number; height: number };
  /** The width it is drawn at, in CSS pixels (the list's). */
  width: number;
  name: string;
}

/** A canvas over this many pixels costs a phone too much memory (iOS refuses large canvases). */
const MAX_PIXELS = 3_000_000;
/**
 * On a phone a page fitted to the width has small text: it is drawn with twice the screen's pixels, so the text stays
 * sharp when the signer zooms in with two fingers (the browser's own zoom, which the app leaves on).
 */
const NARROW = 640;
const ZOOM_READY = 2;

/**
 * One page, drawn on a canvas the width of the list, sharp at the screen's pixel ratio, when it comes near the
 * screen; a page far from it gives its pixels back (a form of twenty pages would hold hundreds of MB on a phone).
 */
export function PdfPage({ pdf, number, count, size, width, name }: PdfPageProps) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [state, setState] = useState<'waiting' | 'drawn' | 'failed'>('waiting');

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // Half a screen ahead and behind: the next page is usually drawn before it shows, and few are held at once.
    const observer = new IntersectionObserver(([entry]) => setNear(entry.isIntersecting), { rootMargin: '50% 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    if (!near || width <= 0) {
      el.width = 0;
      el.height = 0;
      setState('waiting');
      return;
    }
    let cancelled = false;
    let task: ReturnType<Awaited<ReturnType<PDFDocumentProxy['getPage']>>['render']> | undefined;
    void pdf
      .getPage(number)
      .then((page) => {
        if (cancelled) return;
        const fit = width / page.getViewport({ scale: 1 }).width;
        const wanted = (window.devicePixelRatio || 1) * (width < NARROW ? ZOOM_READY : 1);
        const ratio = Math.min(wanted, Math.sqrt(MAX_PIXELS / (width * width * (size.height / size.width))));
        const viewport = page.getViewport({ scale: fit * ratio });
        el.width = Math.floor(viewport.width);
        el.height = Math.floor(viewport.height);
        // pdf.js' default draws the annotations' appearances too: the filled fields and check marks of a form.
        task = page.render({ canvas: el, viewport });
        return task.promise.then(() => {
          if (!cancelled) setState('drawn');
        });
      })
      .catch(() => {
        // A drawing cancelled (the page left the screen, the width changed) is no failure.
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, number, near, width, size]);

  const label = t('signing.pageOfDocument', { page: number, count, name });
  return (
    <li className="pdf-page">
      <div
        ref={box}
        className="pdf-page-sheet"
        data-state={state}
        aria-busy={state === 'waiting' || undefined}
        style={{ aspectRatio: `${size.width} / ${size.height}` }}
      >
        <canvas ref={canvas} role="img" aria-label={label} />
        {state === 'failed' && <p className="pdf-page-failed">{t('signing.pageFailed')}</p>}
      </div>
      <span className="pdf-page-number" aria-hidden="true">
        {t('signing.pageOf', { page: number, count })}
      </span>
    </li>
  );
}
