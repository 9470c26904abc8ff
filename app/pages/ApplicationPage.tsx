import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from '../router/Link.tsx';
import { useParams } from '../router/useParams.ts';
import { apiRequest } from '../api/client.ts';
import type { ApplicationDetail, InsurerStatus } from '../api/types.ts';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { Loading } from '../components/Spinner.tsx';
import { AlertIcon } from '../components/icons.tsx';
import { useFileDownloads } from '../components/useFileDownloads.ts';
import { formatCad, formatDate, formatDateTime } from '../format.ts';
import { lifecycle } from '../lifecycle.ts';
// Messages built in a callback read the app's instance (useT()'s function changes every render).
import { i18n } from '../i18n/language.ts';
import { Trans } from '../i18n/Trans.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/applications';

/** The words of each detail an event may require (steps/lifecycle.json `requires`), as message ids. */
const DETAIL_LABELS: Record<string, string> = {
  policy_number: 'applications.detail.policyNumber',
  issue_date: 'applications.detail.issueDate',
  face_amount_issued: 'applications.detail.faceAmountIssuedInput',
  reason: 'applications.detail.reason',
};

type NextEvent = InsurerStatus['next'][number];

/** The form of one adviser event: its required details and notes; sends it, then shows the answer. */
function EventForm({
  insurer,
  event,
  onSend,
  onCancel,
}: {
  insurer: InsurerStatus;
  event: NextEvent;
  onSend(body: Record<string, unknown>): Promise<void>;
  onCancel(): void;
}) {
  const t = useT();
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const base = `${insurer.insurer}-${event.event}`.toLowerCase();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const body: Record<string, unknown> = { event: event.event };
    for (const [k, v] of Object.entries(values))
      if (v.trim()) body[k] = k === 'face_amount_issued' ? Number(v.replace(/[$,\s]/g, '')) : v.trim();
    try {
      await onSend(body);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="lifecycle-form" onSubmit={(e) => void submit(e)} aria-label={`${event.label}: ${insurer.name}`}>
      {[...event.requires, 'notes'].map((field) => (
        <div className="field" key={field}>
          <label htmlFor={`${base}-${field}`} className="field-label">
            {field === 'notes'
              ? t('applications.detail.notesOptional')
              : DETAIL_LABELS[field]
                ? t(DETAIL_LABELS[field])
                : field}
          </label>
          {field === 'notes' || field === 'reason' ? (
            <textarea
              id={`${base}-${field}`}
              className="input"
              rows={2}
              required={field !== 'notes'}
              value={values[field] ?? ''}
              onChange={(e) => setValues({ ...values, [field]: e.target.value })}
            />
          ) : (
            <input
              id={`${base}-${field}`}
              className="input"
              type={field === 'issue_date' ? 'date' : 'text'}
              inputMode={field === 'face_amount_issued' ? 'decimal' : undefined}
              required
              value={values[field] ?? ''}
              onChange={(e) => setValues({ ...values, [field]: e.target.value })}
            />
          )}
        </div>
      ))}
      <div className="btn-group">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {event.label}
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onCancel}>
          {t('applications.detail.cancel')}
        </button>
      </div>
    </form>
  );
}

/** One insurer's card: its badge, what it answered, what may be done next, and its packages. */
function InsurerCard({
  applicationId,
  insurer,
  onChanged,
}: {
  applicationId: number;
  insurer: InsurerStatus;
  onChanged(next: ApplicationDetail): void;
}) {
  const t = useT();
  const [open, setOpen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const files = useFileDownloads();
  const base = `/api/applications/${applicationId}/insurers/${insurer.insurer}`;
  const submission = insurer.next.find((n) => n.sent_by === 'submission');
  const adviser = insurer.next.filter((n) => n.sent_by === 'adviser');
  // What the server will record next to move this insurer on (not a return to the first status).
  const waiting = insurer.next.filter(
    (n) => n.sent_by === 'server' && n.target !== insurer.status && n.target !== lifecycle.initial,
  );
  const send = async (path: string, body: Record<string, unknown>) => {
    setError(null);
    setBusy(true);
    try {
      onChanged(
        await apiRequest<ApplicationDetail>(path, {
          method: 'POST',
          body,
          fallback: t('applications.detail.requestFailed'),
        }),
      );
      setOpen(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : t('applications.detail.requestFailed'));
    } finally {
      setBusy(false);
    }
  };
  const headingId = `insurer-${insurer.insurer.toLowerCase()}`;
  return (
    <section className="card insurer-card" aria-labelledby={headingId}>
      <div className="card-body">
        <div className="toolbar">
          <h2 id={headingId} className="section-title" style={{ margin: 0 }}>
            {insurer.name}
          </h2>
          <StatusBadge status={insurer.status} />
        </div>
        <dl className="detail-list">
          <div>
            <dt>{t('applications.detail.since')}</dt>
            <dd>{formatDateTime(insurer.updated_at)}</dd>
          </div>
          <div>
            <dt>{t('applications.detail.sentBy')}</dt>
            <dd>{insurer.channel === 'https' ? t('applications.detail.https') : t('applications.detail.portal')}</dd>
          </div>
          {insurer.policy_number ? (
            <div>
              <dt>{t('applications.detail.policyNumber')}</dt>
              <dd>{insurer.policy_number}</dd>
            </div>
          ) : null}
          {insurer.issue_date ? (
            <div>
              <dt>{t('applications.detail.issueDate')}</dt>
              <dd>{formatDate(insurer.issue_date)}</dd>
            </div>
          ) : null}
          {insurer.face_amount_issued !== null ? (
            <div>
              <dt>{t('applications.detail.faceAmountIssued')}</dt>
              <dd>{formatCad(insurer.face_amount_issued)}</dd>
            </div>
          ) : null}
          {insurer.reason ? (
            <div>
              <dt>{t('applications.detail.reason')}</dt>
              <dd>{insurer.reason}</dd>
            </div>
          ) : null}
          {insurer.notes ? (
            <div>
              <dt>{t('applications.detail.notes')}</dt>
              <dd>{insurer.notes}</dd>
            </div>
          ) : null}
        </dl>
        {error ? (
          <div className="alert alert-error" role="alert">
            <AlertIcon />
            <span>{error}</span>
          </div>
        ) : null}
        {waiting.length ? (
          <ul className="text-sm muted lifecycle-waiting">
            {waiting.map((w) => (
              <li key={w.event}>
                {w.label}: {w.allowed ? t('applications.detail.serverRecords') : w.reason}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="btn-group">
          {submission ? (
            <button
              type="button"
              className="btn btn-primary"
              disabled={!submission.allowed || busy}
              onClick={() => void send(`${base}/submit/`, {})}
            >
              {t('applications.detail.submitTo', { insurer: insurer.name })}
            </button>
          ) : null}
          {adviser.map((n) => (
            <button
              key={n.event}
              type="button"
              className="btn btn-secondary"
              aria-expanded={open === n.event}
              onClick={() => setOpen(open === n.event ? null : n.event)}
            >
              {n.label}
            </button>
          ))}
        </div>
        {submission && !submission.allowed && submission.reason ? (
          <p className="text-sm muted">{submission.reason}</p>
        ) : null}
        {adviser
          .filter((n) => n.event === open)
          .map((n) => (
            <EventForm
              key={n.event}
              insurer={insurer}
              event={n}
              onSend={(body) => send(`${base}/events/`, body)}
              onCancel={() => setOpen(null)}
            />
          ))}
        {insurer.submissions.length ? (
          <div>
            <h3 className="text-sm">{t('applications.detail.packages')}</h3>
            <ul className="plain-list">
              {insurer.submissions.map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    className="link-button"
                    disabled={files.busy.has(s.url)}
                    onClick={() => void files.download(s.url, s.filename)}
                  >
                    {t('applications.detail.download', { file: s.filename })}
                  </button>{' '}
                  <span className="text-sm muted">{formatDateTime(s.created_at)}</span>
                </li>
              ))}
            </ul>
            {files.error ? (
              <div className="alert alert-error" role="alert">
                <AlertIcon />
                <span>{files.error}</span>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** "/applications/:id": an application's status at each insurer, what the adviser may do next, and its history. */
export default function ApplicationPage() {
  const t = useT();
  const { applicationId } = useParams();
  const [application, setApplication] = useState<ApplicationDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(
    (signal?: AbortSignal) =>
      apiRequest<ApplicationDetail>(`/api/applications/${applicationId}/`, {
        fallback: i18n._('applications.detail.loadFailed'),
        signal,
      }).then(setApplication, (e: unknown) => {
        if (!signal?.aborted) setError(e instanceof Error ? e.message : i18n._('applications.detail.loadFailed'));
      }),
    [applicationId],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);
  if (error)
    return (
      <div className="page">
        <div className="alert alert-error" role="alert">
          <AlertIcon />
          <span>{error}</span>
        </div>
      </div>
    );
  if (!application) return <Loading label={t('applications.detail.loading')} />;
  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1 className="page-title">
            <Trans
              id="applications.detail.title"
              values={{ client: application.client_name }}
              components={{ 0: <Link to={`/client/profile/${application.client_id}`} /> }}
            />
          </h1>
          <p className="page-subtitle">
            {[application.product_type_label, application.application_type_label].filter(Boolean).join(', ') ||
              t('applications.detail.inProgress')}
            {application.face_amount ? `, ${formatCad(application.face_amount)}` : ''}.{' '}
            {t('applications.detail.started', { date: formatDate(application.created_at) })}
          </p>
        </div>
        <div className="btn-group">
          {application.status === 'READY_TO_SIGN' && (
            <Link className="btn btn-primary" to={`/applications/${application.id}/sign`}>
              {t('applications.detail.sign')}
            </Link>
          )}
          <StatusBadge status={application.status} />
        </div>
      </div>
      {application.insurers.length === 0 ? (
        <section className="card">
          <div className="card-body">
            <p>{t('applications.detail.noDocuments')}</p>
            <Link className="btn btn-primary" to={`/client/${application.client_id}/screening/prompt`}>
              {t('applications.detail.openScreening')}
            </Link>
          </div>
        </section>
      ) : (
        <div className="insurer-grid">
          {application.insurers.map((insurer) => (
            <InsurerCard
              key={insurer.insurer}
              applicationId={application.id}
              insurer={insurer}
              onChanged={setApplication}
            />
          ))}
        </div>
      )}
      <section className="card" aria-labelledby="application-history" style={{ marginTop: 'var(--space-6)' }}>
        <div className="card-body">
          <h2 id="application-history" className="section-title">
            {t('applications.detail.history')}
          </h2>
          {application.history.length === 0 ? (
            <p className="muted">{t('applications.detail.noHistory')}</p>
          ) : (
            <ol className="lifecycle-history">
              {[...application.history].reverse().map((h) => (
                <li key={h.id}>
                  <span className="text-sm muted">{formatDateTime(h.at)}</span>{' '}
                  <strong>{application.insurers.find((i) => i.insurer === h.insurer)?.name ?? h.insurer}</strong>:{' '}
                  <Trans
                    id="applications.detail.fromTo"
                    components={{ 0: <StatusBadge status={h.from} />, 1: <StatusBadge status={h.to} /> }}
                  />
                  {h.username ? (
                    <span className="text-sm">{t('applications.detail.by', { user: h.username })}</span>
                  ) : null}
                  {h.reason ? <div className="text-sm">{h.reason}</div> : null}
                  {typeof h.details.notes === 'string' ? <div className="text-sm muted">{h.details.notes}</div> : null}
                </li>
              ))}
            </ol>
          )}
        </div>
      </section>
    </div>
  );
}
