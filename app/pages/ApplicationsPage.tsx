import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { flow } from 'virtual:steps';
import { finalStepOf } from '../../engine/index.ts';
import { listApplications } from '../api/client.ts';
import { STATUS_CHOICES } from '../lifecycle.ts';
import { ApplicationsTable } from '../components/ApplicationsTable.tsx';
import { ListSearch } from '../components/ListSearch.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { SortSelect, type SortChoice } from '../components/SortHeader.tsx';
import { useListPage } from '../components/useListPage.ts';
import { useListParams } from '../components/useListParams.ts';
import { loadSteps, screeningRuntime } from '../screening/definitions.ts';
import { AlertIcon, ClipboardIcon, FileIcon, PlusIcon, UsersIcon } from '../components/icons.tsx';
import { Loading } from '../components/Spinner.tsx';

/** The server's ordering when the URL names none: the newest first. */
const APPLICATION_ORDERING = '-created_at';
/** The server's page size (its default, so the app does not send it). */
const PAGE_SIZE = 25;
const FILTERS = ['status', 'insurer'] as const;

/** The statuses an application goes through (steps/lifecycle.json), for the filter. */
const STATUSES = STATUS_CHOICES;

/** The orders of the sort menu (narrow screens, where the column headers are hidden). */
const SORTS: SortChoice[] = [
  { ordering: '-created_at', label: 'Date, newest first' },
  { ordering: 'created_at', label: 'Date, oldest first' },
  { ordering: 'client_name', label: 'Client, A to Z' },
  { ordering: '-client_name', label: 'Client, Z to A' },
  { ordering: 'status', label: 'Status' },
  { ordering: '-face_amount', label: 'Face amount, highest first' },
  { ordering: 'face_amount', label: 'Face amount, lowest first' },
];

/** The insurers an application's PDFs can be generated for, with their names: the final step's choice of forms. */
function useInsurers(): { value: string; label: string }[] {
  const [insurers, setInsurers] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    let live = true;
    const { engine } = screeningRuntime();
    const finalStep = finalStepOf(flow);
    loadSteps([finalStep]).then(
      () => {
        const schema = engine.definitions.steps[finalStep]?.schema as
          { properties?: { populate_forms?: { items?: { enum?: unknown[] } } } } | undefined;
        const ids = (schema?.properties?.populate_forms?.items?.enum ?? []).filter(
          (v): v is string => typeof v === 'string',
        );
        if (live)
          setInsurers(ids.map((id) => ({ value: id, label: engine.labelOf(finalStep, 'populate_forms', id) || id })));
      },
      // Without the definitions the list still pages; the insurer filter is left out.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return insurers;
}

/** Every application of the adviser's clients, a page at a time, sorted, searched and filtered by the server. */
function AllApplications() {
  const { page, ordering, search, filters, update } = useListParams(APPLICATION_ORDERING, FILTERS);
  const { status, insurer } = filters;
  const insurers = useInsurers();
  const { data, loading, error, reload } = useListPage(
    (signal) =>
      listApplications(
        {
          page,
          ordering: ordering === APPLICATION_ORDERING ? undefined : ordering,
          search: search.trim() || undefined,
          status: status || undefined,
          insurer: insurer || undefined,
        },
        signal,
      ),
    `${page}|${ordering}|${search}|${status}|${insurer}`,
    'Failed to load applications',
    () => update({ page: 1 }, true),
  );
  const onSearch = useCallback((text: string) => update({ search: text.trim() }, true), [update]);
  const onSort = useCallback((next: string) => update({ ordering: next }), [update]);
  const filtered = Boolean(search || status || insurer);
  return (
    <section className="card" aria-labelledby="all-applications" style={{ marginTop: 'var(--space-6)' }}>
      <div className="toolbar">
        <h2 id="all-applications" className="section-title" style={{ margin: 0 }}>
          All applications
        </h2>
        <div className="list-tools">
          <ListSearch value={search} onSearch={onSearch} busy={loading} label="Search by client..." />
          <div className="list-filter">
            <label htmlFor="application-status" className="text-sm muted">
              Status
            </label>
            <select
              id="application-status"
              className="input input-compact"
              value={status}
              onChange={(e) => update({ status: e.target.value })}
            >
              <option value="">Any status</option>
              {STATUSES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          {insurers.length ? (
            <div className="list-filter">
              <label htmlFor="application-insurer" className="text-sm muted">
                Insurer
              </label>
              <select
                id="application-insurer"
                className="input input-compact"
                value={insurer}
                onChange={(e) => update({ insurer: e.target.value })}
              >
                <option value="">Any insurer</option>
                {insurers.map((i) => (
                  <option key={i.value} value={i.value}>
                    {i.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <SortSelect id="application-sort" choices={SORTS} ordering={ordering} onSort={onSort} />
        </div>
      </div>
      {error ? (
        <div className="card-body">
          <div className="alert alert-error list-error" role="alert">
            <AlertIcon />
            <span>{error}</span>
            <button type="button" className="btn btn-secondary btn-sm" onClick={reload}>
              Try again
            </button>
          </div>
        </div>
      ) : !data ? (
        <Loading label="Loading applications..." />
      ) : (
        <>
          <ApplicationsTable
            applications={data.results}
            showClient
            sort={{ ordering, onSort }}
            refreshing={loading}
            empty={filtered ? 'No applications match this search or filter' : undefined}
          />
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            count={data.count}
            noun={['application', 'applications']}
            label="Application list pages"
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
    </section>
  );
}

/** "/applications": start an application, and every application with its PDFs. */
export default function ApplicationsPage() {
  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Applications</h1>
          <p className="page-subtitle">Start a life-insurance application or pick up one in progress.</p>
        </div>
        <Link to="/applications/new" className="btn btn-primary">
          <PlusIcon />
          Apply for Insurance
        </Link>
      </div>
      <div className="tile-grid">
        <section className="card tile">
          <span className="empty-state-icon">
            <ClipboardIcon />
          </span>
          <h2>New application</h2>
          <p>Choose a client and start a new application. The screening opens at its first step.</p>
          <p>
            <Link to="/applications/new">Apply for Insurance</Link>
          </p>
        </section>
        <section className="card tile">
          <span className="empty-state-icon">
            <FileIcon />
          </span>
          <h2>Applications by client</h2>
          <p>Each client profile lists that client&apos;s applications with their status and face amount.</p>
          <p>
            <Link to="/dashboard">Open the client list</Link>
          </p>
        </section>
        <section className="card tile">
          <span className="empty-state-icon">
            <UsersIcon />
          </span>
          <h2>New client</h2>
          <p>Applying for someone who is not yet a client? Create their profile first.</p>
          <p>
            <Link to="/client/profile">Create New Client Profile</Link>
          </p>
        </section>
      </div>
      <AllApplications />
    </div>
  );
}
