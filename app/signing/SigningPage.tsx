import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { apiRequest } from '../api/client.ts';
import { openFile } from '../api/openFile.ts';
import { Loading } from '../components/Spinner.tsx';
import { useFileDownloads } from '../components/useFileDownloads.ts';
import { formatDateTime } from '../format.ts';
import { SignerStep } from './SignerStep.tsx';
import type { SigningState } from './types.ts';

/** "/applications/:applicationId/sign": the signers in order, each in turn, then the signed PDFs. */
export default function SigningPage() {
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
          fallback: 'Failed to load the signing',
          signal,
        });
        setState(next);
      } catch (e) {
        if (!signal?.aborted) setError(e instanceof Error ? e.message : 'Failed to load the signing');
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
      Back to the application
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
  if (!state) return <Loading label="Loading the signing..." />;
  const current = state.signers.find((s) => s.id === state.next);
  // While the signers sign again, the latest voiding says why (every signature it voided has the same reason).
  const voided = state.next !== null ? state.voided.at(-1) : undefined;
  return (
    <div className="page signing-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Signing</h1>
          <p className="page-subtitle">
            Each signer reads the documents, accepts the consent and signs, in this order.
          </p>
        </div>
        {back}
      </div>
      {voided && (
        <div className="alert alert-warning" role="status">
          <span>
            The earlier signatures were voided on {formatDateTime(voided.at)}: {voided.reason}
          </span>
        </div>
      )}
      <ol className="signing-signers" aria-label="Signers">
        {state.signers.map((s) => (
          <li key={s.id} aria-current={s.id === state.next ? 'step' : undefined}>
            <strong>{s.label}</strong>
            {s.name ? ` (${s.name})` : ''}:{' '}
            {s.signed ? `signed ${formatDateTime(s.signed.at)}` : s.id === state.next ? 'signing now' : 'waiting'}
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
              Everyone has signed
            </h2>
            <p>The signed and sealed documents:</p>
            <ul className="plain-list" aria-label="Signed documents">
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
              {state.signed.length === 0 && <li className="muted">The signed documents are being prepared.</li>}
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
