import { lazy, Suspense, type ComponentType, useCallback, useEffect, useState } from 'react';
import { downloadFile } from '../api/client.ts';
import type { PdfPagesProps } from './PdfPages.tsx';
// Messages built outside render read the app's instance (useT()'s function changes every render).
import { i18n } from '../i18n/language.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/signing';

/** The reader's chunk did not load (a new build replaced it, the network dropped): the viewer offers the file. */
function ReaderUnavailable({ onFailed }: PdfPagesProps) {
  useEffect(onFailed, [onFailed]);
  return null;
}

// Its own chunk, with pdf.js behind it: the signer's form shows while the reader loads.
const PdfPages = lazy(async (): Promise<{ default: ComponentType<PdfPagesProps> }> => {
  try {
    return { default: (await import('./PdfPages.tsx')).PdfPages };
  } catch {
    return { default: ReaderUnavailable };
  }
});

/**
 * One document to read, fetched with the session's token (an iframe cannot send it), drawn in the page page by page
 * (a phone's browser draws no PDF inside a page). The links open or save the file itself: its real text, for a
 * screen reader, and the way in when the pages cannot be drawn.
 */
export function DocumentViewer({ name, url }: { name: string; url: string }) {
  const t = useT();
  const [file, setFile] = useState<{ blob: Blob; href: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const failed = useCallback(() => setUnreadable(true), []);
  useEffect(() => {
    let href: string | null = null;
    downloadFile(url).then(
      ({ blob }) => {
        href = URL.createObjectURL(blob);
        setFile({ blob, href });
      },
      (e: unknown) => setError(e instanceof Error ? e.message : i18n._('signing.downloadFailed')),
    );
    return () => {
      if (href) URL.revokeObjectURL(href);
    };
  }, [url]);
  if (error)
    return (
      <li className="signing-document">
        <p className="field-error" role="alert">
          {name}: {error}
        </p>
      </li>
    );
  return (
    <li className="signing-document">
      <div className="signing-document-head">
        <span className="signing-document-name">{name}</span>
        {file && (
          <span className="signing-document-links">
            <a href={file.href} target="_blank" rel="noreferrer">
              {t('signing.open', { name })}
            </a>
            <a href={file.href} download={name}>
              {t('signing.download', { name })}
            </a>
          </span>
        )}
      </div>
      {unreadable ? (
        <div className="alert alert-error" role="alert">
          <span>{t('signing.cannotShow', { name })}</span>
        </div>
      ) : file ? (
        <Suspense fallback={<PagesLoading name={name} />}>
          <PdfPages blob={file.blob} name={name} onFailed={failed} />
        </Suspense>
      ) : (
        <PagesLoading name={name} />
      )}
    </li>
  );
}

/** While the file or the reader loads (the pages' own skeletons come with the reader). */
function PagesLoading({ name }: { name: string }) {
  const t = useT();
  return (
    <span className="muted text-sm" role="status">
      {t('signing.loadingDocument', { name })}
    </span>
  );
}
