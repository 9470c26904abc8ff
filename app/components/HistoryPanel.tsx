import { useCallback, useEffect, useState } from 'react';
import { answerFields, labelOf } from '../../engine/index.ts';
import type { StepDefinition } from '../../engine/index.ts';
import { apiRequest } from '../api/client.ts';
import { formatDate, titleCase } from '../format.ts';
import { isScreeningStep, stepTitle } from '../screening.ts';
import { loadSteps, screeningRuntime } from '../screening/definitions.ts';
// The history's error is built in a callback: it reads the app's instance (useT()'s function changes every render).
import { i18n } from '../i18n/language.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/clients';

type Translate = ReturnType<typeof useT>;

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
function subject(entry: HistoryEntry, t: Translate): string {
  switch (entry.entity) {
    case 'client':
      return t('clients.history.clientProfile');
    case 'step':
      return entry.entity_id === '*' ? t('clients.history.startOver') : stepTitle(entry.entity_id);
    case 'application':
      return t('clients.history.application', { id: entry.entity_id });
    case 'generation':
      return t('clients.history.generated');
    default:
      return titleCase(entry.entity);
  }
}

/**
 * The definition an entry's fields belong to, when the page has it loaded: the client profile's form for a client,
 * the step for a step record. Without it, fields and values are shown as recorded, in words.
 */
function definitionOf(entry: HistoryEntry): StepDefinition | undefined {
  const { engine } = screeningRuntime();
  const id =
    entry.entity === 'client'
      ? engine.definitions.flow.forms?.find((f) => f.record === 'client')?.id
      : entry.entity === 'step'
        ? entry.entity_id
        : undefined;
  return id && engine.hasStep(id) ? engine.definitions.steps[id] : undefined;
}

/** A recorded value as the adviser reads it: blank as "—", option labels from the definition, yes/no, lists joined. */
function shown(t: Translate, value: unknown, def?: StepDefinition, path?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (def && path !== undefined && (typeof value === 'string' || typeof value === 'boolean'))
    return labelOf(def, path, value) || '—';
  if (typeof value === 'boolean') return value ? t('clients.history.yes') : t('clients.history.no');
  if (Array.isArray(value)) return value.length ? value.map((v) => shown(t, v, def, path)).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A recorded path with its row numbers as the definitions write them: "beneficiaries.0.name" -> "beneficiaries.*.name". */
function genericPath(path: string): string {
  return path.replace(/(^|\.)\d+(?=\.|$)/g, '$1*');
}

/**
 * A field path as the form titles it ("Insured Person 1 › Primary Beneficiary 2 › Full Name"), else in words:
 * "lifestyle_data_1.smoker" -> "Lifestyle Data 1 › Smoker".
 */
function fieldName(path: string, def?: StepDefinition): string {
  const rows = path.split('.').filter((part) => /^\d+$/.test(part));
  const field = def && answerFields(def).find((f) => f.path === genericPath(path));
  if (field) {
    let i = 0;
    return field.titles
      .filter(Boolean)
      .map((t) => (t.includes('{n}') ? t.replace('{n}', String(Number(rows[i++] ?? 0) + 1)) : t))
      .join(' › ');
  }
  return path
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? `#${Number(part) + 1}` : titleCase(part)))
    .join(' › ');
}

const timeFormat = new Intl.DateTimeFormat('en-CA', { hour: '2-digit', minute: '2-digit' });

/** How many changes of an entry show before "Show N more". */
const SHOWN_CHANGES = 12;

/** An entry's changes in the order its form asks them (recorded order where the definition is not loaded). */
function inFormOrder(changes: HistoryEntry['changes'], def?: StepDefinition): HistoryEntry['changes'] {
  if (!def) return changes;
  const order = new Map(answerFields(def).map((f, i) => [f.path, i]));
  const place = (field: string): number => order.get(genericPath(field)) ?? order.size;
  // Stable: rows of one list keep their order, fields unknown to the definition keep theirs, last.
  return changes
    .map((c, i) => ({ c, i }))
    .sort((a, b) => place(a.c.field) - place(b.c.field) || a.i - b.i)
    .map(({ c }) => c);
}

/**
 * The client's History panel: who changed which answers and when, newest first, from the audit trail
 * (SINs arrive masked). Older entries load on request.
 */
export function HistoryPanel({ clientId }: { clientId: string }) {
  const t = useT();
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [more, setMore] = useState(false);
  // Bumped when the definitions of the steps listed have loaded, so their titles replace the recorded names.
  const [, setLabelsReady] = useState(0);
  // Entries whose every change the adviser asked to see.
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());

  const load = useCallback(
    async (before?: number, signal?: AbortSignal) => {
      setState('loading');
      try {
        const query = `?limit=${PAGE}${before ? `&before=${before}` : ''}`;
        const body = await apiRequest<{ results: HistoryEntry[] }>(
          `/api/clients/${encodeURIComponent(clientId)}/history/${query}`,
          { signal, fallback: i18n._('clients.history.loadFailed') },
        );
        const results = body?.results ?? [];
        setEntries((current) => (before ? [...current, ...results] : results));
        // The steps named load in the background; until then (or if one fails) their fields read as recorded.
        const steps = [
          ...new Set(
            results.filter((e) => e.entity === 'step' && isScreeningStep(e.entity_id)).map((e) => e.entity_id),
          ),
        ];
        if (steps.length)
          void loadSteps(steps).then(
            () => setLabelsReady((n) => n + 1),
            () => undefined,
          );
        setMore(results.length === PAGE);
        setState('ready');
      } catch {
        if (!signal?.aborted) setState('error');
      }
    },
    [clientId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(undefined, controller.signal);
    return () => controller.abort();
  }, [load]);

  return (
    <section className="card" aria-labelledby="history-title">
      <div className="card-header">
        <h2 className="section-title" id="history-title" style={{ margin: 0 }}>
          {t('clients.history.title')}
        </h2>
      </div>
      {state === 'error' ? (
        <p className="alert alert-error" style={{ margin: 'var(--space-4) var(--space-6)' }}>
          {t('clients.history.loadFailed')}
        </p>
      ) : null}
      {entries.length === 0 && state === 'ready' ? (
        <p className="muted card-body">{t('clients.history.empty')}</p>
      ) : null}
      {entries.length ? (
        <ol className="history-list" aria-label={t('clients.history.listLabel')}>
          {entries.map((entry) => {
            const def = definitionOf(entry);
            return (
              <li key={entry.id} className="history-entry">
                <p className="history-head">
                  <strong>{subject(entry, t)}</strong>
                  <span className="muted">
                    {' '}
                    {t('clients.history.by', { user: entry.user?.username ?? t('clients.history.system') })}{' '}
                    <time dateTime={entry.at}>
                      {formatDate(entry.at)} {timeFormat.format(new Date(entry.at))}
                    </time>
                  </span>
                </p>
                <ul className="history-changes" id={`history-changes-${entry.id}`}>
                  {inFormOrder(entry.changes, def)
                    .slice(0, expanded.has(entry.id) ? undefined : SHOWN_CHANGES)
                    .map((change) => {
                      const path = genericPath(change.field);
                      return (
                        <li key={change.field}>
                          <span className="history-field">{fieldName(change.field, def)}</span>:{' '}
                          {shown(t, change.from, def, path)} → {shown(t, change.to, def, path)}
                        </li>
                      );
                    })}
                  {entry.changes.length > SHOWN_CHANGES && !expanded.has(entry.id) ? (
                    <li className="history-more">
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        aria-controls={`history-changes-${entry.id}`}
                        onClick={() => setExpanded((set) => new Set(set).add(entry.id))}
                      >
                        {t('clients.history.showMore', { count: entry.changes.length - SHOWN_CHANGES })}
                      </button>
                    </li>
                  ) : null}
                </ul>
              </li>
            );
          })}
        </ol>
      ) : null}
      {state === 'loading' ? (
        <p className="muted card-body" role="status">
          {t('clients.history.loading')}
        </p>
      ) : null}
      {more && state === 'ready' ? (
        <div className="card-footer">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => void load(entries[entries.length - 1]?.id)}
          >
            {t('clients.history.older')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
