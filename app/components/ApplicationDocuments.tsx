import type { ApplicationGeneration } from '../api/types.ts';
import { formatDate } from '../format.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/applications';

interface DownloadButtonProps {
  label: string;
  /** Kept in the accessible name while busy, so a screen reader still knows which file is coming. */
  subject: string;
  busy: boolean;
  onClick: () => void;
}

function DownloadButton({ label, subject, busy, onClick }: DownloadButtonProps) {
  const t = useT();
  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm"
      // aria-disabled rather than disabled: the button keeps keyboard focus while its file downloads.
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={() => {
        if (!busy) onClick();
      }}
    >
      {busy ? (
        <>
          {t('applications.documents.downloading')}
          <span className="sr-only"> {subject}</span>
        </>
      ) : (
        label
      )}
    </button>
  );
}

/** Newest first by creation time, whatever order they came in. */
function newestFirst(generations: ApplicationGeneration[]): ApplicationGeneration[] {
  return [...generations].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}

export interface ApplicationDocumentsProps {
  generations: ApplicationGeneration[] | undefined;
  busy: ReadonlySet<string>;
  onDownload: (url: string, filename?: string) => void;
}

/**
 * An application's documents: a download per insurer PDF of its newest generation, "Download all" for the combined
 * PDF, and the dates of earlier generations; "None yet" before the first generation.
 */
export function ApplicationDocuments({ generations, busy, onDownload }: ApplicationDocumentsProps) {
  const t = useT();
  const [latest, ...earlier] = newestFirst(generations ?? []);
  if (!latest || (!latest.files.length && !latest.combined_url))
    return <em className="not-set">{t('applications.documents.none')}</em>;
  const combined = latest.combined_url;
  return (
    <>
      <div className="documents">
        {latest.files.map((file) => (
          <DownloadButton
            key={file.url}
            label={t('applications.documents.download', { name: file.name })}
            subject={file.name}
            busy={busy.has(file.url)}
            onClick={() => onDownload(file.url, file.filename)}
          />
        ))}
        {combined ? (
          <DownloadButton
            label={t('applications.documents.downloadAll')}
            subject={t('applications.documents.all')}
            busy={busy.has(combined)}
            onClick={() => onDownload(combined)}
          />
        ) : null}
      </div>
      {earlier.length ? (
        <p className="documents-earlier muted text-sm">
          {t('applications.documents.earlier', { dates: earlier.map((g) => formatDate(g.created_at)).join(', ') })}
        </p>
      ) : null}
    </>
  );
}
