import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '../api/client.ts';
import { formatDate, titleCase } from '../format.ts';

/** One change as GET /api/clients/{id}/history/ answers it. */
export interface HistoryEntry {
  id: number;
  at: string;
  user: { id: number; username: string } | null;
  entity: 'client' | 'step' | 'application' | 'generation' | string;
  entity_id: string;
  changes: { field: string; from?: unknown; to?: unknown }[];
}

const PAGE = 25;

/** What was changed, in words: "Client profile", "Purpose Of Insurance", "Application 4", "Generated PDFs". */
function subject(entry: HistoryEntry): string {
  switch (entry.entity) {
    case 'client':
      return 'Client profile';
    case 'step':
      return entry.entity_id === '*' ? 'Start Over (answers removed)' : titleCase(entry.entity_id.replace(/-/g, ' '));
    case 'application':
      return `Application ${entry.entity_id}`;
    case 'generation':
      return 'Generated PDFs';
    default:
      return titleCase(entry.entity);
  }
}

/** A recorded value as the adviser reads it: blank as "—", yes/no, lists joined. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map(shown).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A field path in words: "lifestyle_data_1.smoker" -> "Lifestyle Data 1 › Smoker". */
function fieldName(path: string): string {
  return path
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? `#${Number(part) + 1}` : titleCase(part)))
    .join(' › ');
}

const timeFormat = new Intl.DateTimeFormat('en-CA', { hour: '2-digit', minute: '2-digit' });

/**
 * The client's History panel: who changed which answers and when, newest first, from the audit trail
 * (SINs arrive masked). Older entries load on request.
 */
export function HistoryPanel({ clientId }: { clientId: string }) {
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [more, setMore] = useState(false);

  const load = useCallback(async (before?: number, signal?: AbortSignal) => {
    setState('loading');
    try {
      const query = `?limit=${PAGE}${before ? `&before=${before}` : ''}`;
      const body = await apiRequest<{ results: HistoryEntry[] }>(`/api/clients/${encodeURIComponent(clientId)}/history/${query}`, { signal, fallback: 'Failed to load the history' });
      const results = body?.results ?? [];
      setEntries((current) => (before ? [...current, ...results] : results));
      setMore(results.length === PAGE);
      setState('ready');
    } catch {
      if (!signal?.aborted) setState('error');
    }
  }, [clientId]);

  useEffect(() => {
    const controller = new AbortController();
    void load(undefined, controller.signal);
    return () => controller.abort();
  }, [load]);

  return (
    <section className="card" aria-labelledby="history-title">
      <div className="card-header">
        <h2 className="section-title" id="history-title" style={{ margin: 0 }}>
          History
        </h2>
      </div>
      {state === 'error' ? (
        <p className="alert alert-error" style={{ margin: 'var(--space-4) var(--space-6)' }}>
          Failed to load the history
        </p>
      ) : null}
      {entries.length === 0 && state === 'ready' ? <p className="muted card-body">No changes recorded yet.</p> : null}
      {entries.length ? (
        <ol className="history-list" aria-label="Changes, newest first">
          {entries.map((entry) => (
            <li key={entry.id} className="history-entry">
              <p className="history-head">
                <strong>{subject(entry)}</strong>
                <span className="muted">
                  {' '}
                  by {entry.user?.username ?? 'the system'} · <time dateTime={entry.at}>{formatDate(entry.at)} {timeFormat.format(new Date(entry.at))}</time>
                </span>
              </p>
              <ul className="history-changes">
                {entry.changes.slice(0, 12).map((change) => (
                  <li key={change.field}>
                    <span className="history-field">{fieldName(change.field)}</span>: {shown(change.from)} → {shown(change.to)}
                  </li>
                ))}
                {entry.changes.length > 12 ? <li className="muted">and {entry.changes.length - 12} more</li> : null}
              </ul>
            </li>
          ))}
        </ol>
      ) : null}
      {state === 'loading' ? <p className="muted card-body" role="status">Loading history…</p> : null}
      {more && state === 'ready' ? (
        <div className="card-footer">
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void load(entries[entries.length - 1]?.id)}>
            Show older changes
          </button>
        </div>
      ) : null}
    </section>
  );
}
