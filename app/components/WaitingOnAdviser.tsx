import { useEffect, useState } from 'react';
import { Link } from '../router/Link.tsx';
import { listApplications } from '../api/client.ts';
import { lifecycle, statusLabelId } from '../lifecycle.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/dashboard';

/**
 * The statuses that wait on the adviser: everything the server moves on by itself is done, the next event is theirs
 * (sign, or submit). Read from steps/lifecycle.json: the statuses whose events include signing or submission.
 */
const WAITING = Object.entries(lifecycle.statuses)
  .filter(([, s]) =>
    Object.keys(s.on ?? {}).some((e) => e === 'SIGNATURES_COMPLETE' || lifecycle.events[e]?.sentBy === 'submission'),
  )
  .map(([status]) => status);

/** What each waiting status asks of the adviser (message ids). */
const ASK: Record<string, string> = {
  READY_TO_SIGN: 'dashboard.waiting.readyToSign',
  SIGNED: 'dashboard.waiting.signed',
};

/**
 * The dashboard's counts of the applications that wait on the adviser, each linking to the filtered list. The card is
 * drawn at once with its counts pending, so their arrival does not push the client list down (a layout shift on a
 * phone); only a failure takes it away.
 */
export function WaitingOnAdviser() {
  const t = useT();
  const [counts, setCounts] = useState<Record<string, number> | 'failed' | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    Promise.all(
      WAITING.map((status) =>
        listApplications({ status, page_size: 1 }, controller.signal).then((p) => [status, p.count] as const),
      ),
    ).then(
      (pairs) => setCounts(Object.fromEntries(pairs)),
      // The counts are a summary: without them the dashboard still lists the clients.
      () => {
        if (!controller.signal.aborted) setCounts('failed');
      },
    );
    return () => controller.abort();
  }, []);
  if (counts === 'failed') return null;
  return (
    <section
      className="card waiting-card"
      aria-labelledby="waiting-on-you"
      aria-busy={counts ? undefined : true}
      style={{ marginBottom: 'var(--space-6)' }}
    >
      <div className="card-body">
        <h2 id="waiting-on-you" className="section-title" style={{ marginTop: 0 }}>
          {t('dashboard.waiting.title')}
        </h2>
        <ul className="waiting-list">
          {WAITING.map((status) => (
            <li key={status}>
              <Link to={`/applications?status=${status}`}>
                {counts ? (
                  <span className="waiting-count">{counts[status] ?? 0}</span>
                ) : (
                  <span className="waiting-count" aria-hidden="true">
                    –
                  </span>
                )}{' '}
                {t(ASK[status] ?? statusLabelId(status))}
              </Link>{' '}
              <StatusBadge status={status} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
