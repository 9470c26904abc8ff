import { useEffect, useState } from 'react';
import { getClient } from '../api/client.ts';
import type { ApplicationGeneration } from '../api/types.ts';
import { ApplicationDocuments } from '../components/ApplicationDocuments.tsx';
import { useFileDownloads } from '../components/useFileDownloads.ts';
import { ArrowLeftIcon } from '../components/icons.tsx';
import { LockedNotice } from './LockedNotice.tsx';
import { Notice } from './WizardChrome.tsx';
import type { AnswersLock } from './answersLock.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/wizard';

export interface LockedGenerationProps {
  clientId: string;
  lock: AnswersLock;
  backLabel: string;
  onBack: () => void;
}

/**
 * The Generation page while an insurer holds the application: nothing to generate (the server refuses it too: the
 * documents the insurer was sent stay the application's), so the lock's notice and the documents already generated,
 * to open or download (docs/decisions/app-generation-locked-application.md).
 */
export function LockedGeneration({ clientId, lock, backLabel, onBack }: LockedGenerationProps) {
  const t = useT();
  const downloads = useFileDownloads();
  const [generations, setGenerations] = useState<ApplicationGeneration[] | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getClient(clientId, { includeApplications: true, signal: controller.signal }).then(
      (client) => setGenerations(client.life_applications?.find((a) => a.id === lock.applicationId)?.generations ?? []),
      (cause: unknown) => {
        if (!controller.signal.aborted) setError(cause instanceof Error ? cause.message : String(cause));
      },
    );
    return () => controller.abort();
  }, [clientId, lock.applicationId]);

  return (
    <>
      <LockedNotice lock={lock} />
      <section className="locked-documents" aria-labelledby="locked-documents-title">
        <h2 className="form-section-title" id="locked-documents-title">
          {t('wizard.generation.lockedDocuments')}
        </h2>
        <p className="muted text-sm">{t('wizard.generation.lockedHint')}</p>
        <Notice
          notice={error || downloads.error ? { kind: 'error', text: error ?? downloads.error ?? '', id: 0 } : null}
          onClose={() => {
            setError(null);
            downloads.dismiss();
          }}
        />
        {error ? null : generations === undefined ? (
          <p className="muted text-sm" role="status">
            {t('wizard.generation.lockedLoading')}
          </p>
        ) : (
          <ApplicationDocuments
            generations={generations}
            busy={downloads.busy}
            onDownload={(url, filename) => void downloads.download(url, filename)}
          />
        )}
      </section>
      <div className="actions-bar wizard-actions">
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          <ArrowLeftIcon width={16} height={16} aria-hidden="true" />
          {backLabel}
        </button>
      </div>
    </>
  );
}
