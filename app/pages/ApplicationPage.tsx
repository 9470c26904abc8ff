import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { apiRequest } from '../api/client.ts';
import type { ApplicationDetail, InsurerStatus } from '../api/types.ts';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { Loading } from '../components/Spinner.tsx';
import { AlertIcon } from '../components/icons.tsx';
import { useFileDownloads } from '../components/useFileDownloads.ts';
import { formatCad, formatDate, formatDateTime } from '../format.ts';
import { lifecycle } from '../lifecycle.ts';

/** The words of each detail an event may require (steps/lifecycle.json `requires`). */
const DETAIL_LABELS: Record<string, string> = {
  policy_number: 'Policy number',
  issue_date: 'Issue date',
  face_amount_issued: 'Face amount issued ($)',
  reason: 'Reason',
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
            {field === 'notes' ? 'Notes (optional)' : (DETAIL_LABELS[field] ?? field)}
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
          Cancel
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
      onChanged(await apiRequest<ApplicationDetail>(path, { method: 'POST', body, fallback: 'The request failed' }));
      setOpen(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The request failed');
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
            <dt>Since</dt>
            <dd>{formatDateTime(insurer.updated_at)}</dd>
          </div>
          <div>
            <dt>Sent by</dt>
            <dd>
              {insurer.channel === 'https' ? 'Secure transfer to the insurer' : 'Package to upload to the portal'}
            </dd>
          </div>
          {insurer.policy_number ? (
            <div>
              <dt>Policy number</dt>
              <dd>{insurer.policy_number}</dd>
            </div>
          ) : null}
          {insurer.issue_date ? (
            <div>
              <dt>Issue date</dt>
              <dd>{formatDate(insurer.issue_date)}</dd>
            </div>
          ) : null}
          {insurer.face_amount_issued !== null ? (
            <div>
              <dt>Face amount issued</dt>
              <dd>{formatCad(insurer.face_amount_issued)}</dd>
            </div>
          ) : null}
          {insurer.reason ? (
            <div>
              <dt>Reason</dt>
              <dd>{insurer.reason}</dd>
            </div>
          ) : null}
          {insurer.notes ? (
            <div>
              <dt>Notes</dt>
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
                {w.label}: {w.allowed ? 'the server records it' : w.reason}
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
              Submit to {insurer.name}
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
            <h3 className="text-sm">Submission packages</h3>
            <ul className="plain-list">
              {insurer.submissions.map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    className="link-button"
                    disabled={files.busy.has(s.url)}
                    onClick={() => void files.download(s.url, s.filename)}
                  >
                    Download {s.filename}
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
  const { applicationId } = useParams();
  const [application, setApplication] = useState<ApplicationDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(
    (signal?: AbortSignal) =>
      apiRequest<ApplicationDetail>(`/api/applications/${applicationId}/`, {
        fallback: 'Failed to load the application',
        signal,
      }).then(setApplication, (e: unknown) => {
        if (!signal?.aborted) setError(e instanceof Error ? e.message : 'Failed to load the application');
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
  if (!application) return <Loading label="Loading the application..." />;
  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1 className="page-title">
            Application for <Link to={`/client/profile/${application.client_id}`}>{application.client_name}</Link>
          </h1>
          <p className="page-subtitle">
            {[application.product_type_label, application.application_type_label].filter(Boolean).join(', ') ||
              'Screening in progress'}
            {application.face_amount ? `, ${formatCad(application.face_amount)}` : ''}. Started{' '}
            {formatDate(application.created_at)}.
          </p>
        </div>
        <div className="btn-group">
          {application.status === 'READY_TO_SIGN' && (
            <Link className="btn btn-primary" to={`/applications/${application.id}/sign`}>
              Sign
            </Link>
          )}
          <StatusBadge status={application.status} />
        </div>
      </div>
      {application.insurers.length === 0 ? (
        <section className="card">
          <div className="card-body">
            <p>
              No documents yet. Complete the screening and generate the insurers&apos; applications: each insurer then
              gets its own status here.
            </p>
            <Link className="btn btn-primary" to={`/client/${application.client_id}/screening/prompt`}>
              Open the screening
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
            History
          </h2>
          {application.history.length === 0 ? (
            <p className="muted">Nothing has happened to this application yet.</p>
          ) : (
            <ol className="lifecycle-history">
              {[...application.history].reverse().map((h) => (
                <li key={h.id}>
                  <span className="text-sm muted">{formatDateTime(h.at)}</span>{' '}
                  <strong>{application.insurers.find((i) => i.insurer === h.insurer)?.name ?? h.insurer}</strong>:{' '}
                  <StatusBadge status={h.from} /> to <StatusBadge status={h.to} />
                  {h.username ? <span className="text-sm"> by {h.username}</span> : null}
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
