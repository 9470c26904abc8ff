import { useCallback, useState } from 'react';
import { saveFile } from '../api/saveFile.ts';
import { i18n } from '../i18n/language.ts';
import 'virtual:messages/en/common';

export interface FileDownloads {
  /** The URLs being downloaded now. */
  busy: ReadonlySet<string>;
  /** The last failure's text, until the next download starts or it is dismissed. */
  error: string | null;
  /** Saves (or, with openFile, opens) the file behind an API URL; failures land in `error`, never thrown. */
  download: (url: string, filename?: string | null) => Promise<void>;
  dismiss: () => void;
}

/**
 * Real downloads of token-protected API files, with a busy state per URL and one error text.
 * @param fetchTo - what to do with the file: save it (the default) or open it in a new tab (openFile).
 */
export function useFileDownloads(
  fetchTo: (url: string, filename?: string | null) => Promise<unknown> = saveFile,
): FileDownloads {
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const [error, setError] = useState<string | null>(null);

  const download = useCallback(
    async (url: string, filename?: string | null) => {
      setError(null);
      setBusy((current) => new Set(current).add(url));
      try {
        await fetchTo(url, filename);
      } catch (e) {
        setError(e instanceof Error && e.message ? e.message : i18n._('common.downloadFailed'));
      } finally {
        setBusy((current) => {
          const next = new Set(current);
          next.delete(url);
          return next;
        });
      }
    },
    [fetchTo],
  );
  const dismiss = useCallback(() => setError(null), []);

  return { busy, error, download, dismiss };
}
