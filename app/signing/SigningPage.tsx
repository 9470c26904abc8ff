import { useCallback, useEffect, useState } from 'react';
import { Link } from '../router/Link.tsx';
import { useParams } from '../router/useParams.ts';
import { apiRequest } from '../api/client.ts';
import { openFile } from '../api/openFile.ts';
import { Loading } from '../components/Spinner.tsx';
import { useFileDownloads } from '../components/useFileDownloads.ts';
import { formatDateTime } from '../format.ts';
import { SignerStep } from './SignerStep.tsx';
import type { SigningState } from './types.ts';
// Messages built in a callback read the app's instance (useT()'s function changes every render).
import { i18n } from '../i18n/language.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/signing';

/** "/applications/:applicationId/sign": the signers in order, each in turn, then the signed PDFs. */
export default function SigningPage() {
  const t = useT();
  const { applicationId = '' } = useParams();
  const [state, setState] = useState<SigningState | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Opened in a new tab, as the generation's downloads are: the adviser reads the signed PDF there.
  const files = useFileDownloads(openFile);
  const base = `/api/applications/${applicationId}`;

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const next = await apiRequest<SigningState>(`${base}/signing/`, {
          fallback: i18n._('signing.loadFailed'),
          signal,
        });
        setState(next);
      } catch (e) {
        if (!signal?.aborted) setError(e instanceof Error ? e.message : i18n._('signing.loadFailed'));
      }
    },
    [base],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const back = (
    <Link to={`/applications/${applicationId}`} className="btn btn-secondary btn-sm">
      {t('signing.back')}
    </Link>
  );
  if (error)
    return (
      <div className="page">
        <div className="alert alert-error" role="alert">
          <span>{error}</span>
        </div>
        {back}
      </div>
    );
  if (!state) return <Loading label={t('signing.loading')} />;
  const current = state.signers.find((s) => s.id === state.next);
  // While the signers sign again, the latest voiding says why (every signature it voided has the same reason).
  const voided = state.next !== null ? state.voided.at(-1) : undefined;
  return (
    <div className="page signing-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">{t('signing.title')}</h1>
          <p className="page-subtitle">{t('signing.subtitle')}</p>
        </div>
        {back}
      </div>
      {voided && (
        <div className="alert alert-warning" role="status">
          <span>{t('signing.voided', { date: formatDateTime(voided.at), reason: voided.reason })}</span>
        </div>
      )}
      <ol className="signing-signers" aria-label={t('signing.signers')}>
        {state.signers.map((s) => (
          <li key={s.id} aria-current={s.id === state.next ? 'step' : undefined}>
            <strong>{s.label}</strong>
            {s.name ? ` (${s.name})` : ''}:{' '}
            {s.signed
              ? t('signing.signedAt', { date: formatDateTime(s.signed.at) })
              : s.id === state.next
                ? t('signing.now')
                : t('signing.waiting')}
          </li>
        ))}
      </ol>
      {current ? (
        <SignerStep
          key={current.id}
          applicationId={applicationId}
          signer={current}
          state={state}
          onSigned={() => void load()}
        />
      ) : (
        <section className="card" aria-labelledby="signing-done">
          <div className="card-body">
            <h2 id="signing-done" className="section-title">
              {t('signing.done')}
            </h2>
            <p>{t('signing.documents')}</p>
            <ul className="plain-list" aria-label={t('signing.signedDocuments')}>
              {state.signed.map((d) => (
                <li key={d.url}>
                  <button
                    type="button"
                    className="link-button"
                    aria-busy={files.busy.has(d.url)}
                    disabled={files.busy.has(d.url)}
                    onClick={() => void files.download(d.url, d.name)}
                  >
                    {d.name}
                  </button>{' '}
                  <span className="muted">({d.insurer})</span>
                </li>
              ))}
              {state.signed.length === 0 && <li className="muted">{t('signing.preparing')}</li>}
            </ul>
            {files.error && (
              <div className="alert alert-error" role="alert">
                <span>{files.error}</span>
              </div>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
