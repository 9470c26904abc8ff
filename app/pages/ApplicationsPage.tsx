import { useCallback, useEffect, useState } from 'react';
import { Link } from '../router/Link.tsx';
import { flow } from 'virtual:steps';
import { finalStepOf } from '../../engine/index.ts';
import { listApplications } from '../api/client.ts';
import { STATUSES, statusLabelId } from '../lifecycle.ts';
import 'virtual:messages/en/lifecycle';
import { ApplicationsTable } from '../components/ApplicationsTable.tsx';
import { ListSearch } from '../components/ListSearch.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { SortSelect, type SortChoice } from '../components/SortHeader.tsx';
import { useListPage } from '../components/useListPage.ts';
import { useListParams } from '../components/useListParams.ts';
import { loadSteps, screeningRuntime } from '../screening/definitions.ts';
import { AlertIcon, ClipboardIcon, FileIcon, PlusIcon, UsersIcon } from '../components/icons.tsx';
import { Loading } from '../components/Spinner.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/applications';

/** The server's ordering when the URL names none: the newest first. */
const APPLICATION_ORDERING = '-created_at';
/** The server's page size (its default, so the app does not send it). */
const PAGE_SIZE = 25;
const FILTERS = ['status', 'insurer'] as const;

/** The orders of the sort menu (narrow screens, where the column headers are hidden); labels are message ids. */
const SORTS: SortChoice[] = [
  { ordering: '-created_at', label: 'applications.sort.dateDesc' },
  { ordering: 'created_at', label: 'applications.sort.dateAsc' },
  { ordering: 'client_name', label: 'applications.sort.clientAsc' },
  { ordering: '-client_name', label: 'applications.sort.clientDesc' },
  { ordering: 'status', label: 'applications.sort.status' },
  { ordering: '-face_amount', label: 'applications.sort.amountDesc' },
  { ordering: 'face_amount', label: 'applications.sort.amountAsc' },
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
  const t = useT();
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
    t('applications.list.loadFailed'),
    () => update({ page: 1 }, true),
  );
  const onSearch = useCallback((text: string) => update({ search: text.trim() }, true), [update]);
  const onSort = useCallback((next: string) => update({ ordering: next }), [update]);
  const filtered = Boolean(search || status || insurer);
  return (
    <section className="card" aria-labelledby="all-applications" style={{ marginTop: 'var(--space-6)' }}>
      <div className="toolbar">
        <h2 id="all-applications" className="section-title" style={{ margin: 0 }}>
          {t('applications.list.all')}
        </h2>
        <div className="list-tools">
          <ListSearch value={search} onSearch={onSearch} busy={loading} label={t('applications.list.search')} />
          <div className="list-filter">
            <label htmlFor="application-status" className="text-sm muted">
              {t('applications.list.status')}
            </label>
            <select
              id="application-status"
              className="input input-compact"
              value={status}
              onChange={(e) => update({ status: e.target.value })}
            >
              <option value="">{t('applications.list.anyStatus')}</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(statusLabelId(s))}
                </option>
              ))}
            </select>
          </div>
          {insurers.length ? (
            <div className="list-filter">
              <label htmlFor="application-insurer" className="text-sm muted">
                {t('applications.list.insurer')}
              </label>
              <select
                id="application-insurer"
                className="input input-compact"
                value={insurer}
                onChange={(e) => update({ insurer: e.target.value })}
              >
                <option value="">{t('applications.list.anyInsurer')}</option>
                {insurers.map((i) => (
                  <option key={i.value} value={i.value}>
                    {i.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <SortSelect
            id="application-sort"
            choices={SORTS.map((c) => ({ ...c, label: t(c.label) }))}
            ordering={ordering}
            onSort={onSort}
          />
        </div>
      </div>
      {error ? (
        <div className="card-body">
          <div className="alert alert-error list-error" role="alert">
            <AlertIcon />
            <span>{error}</span>
            <button type="button" className="btn btn-secondary btn-sm" onClick={reload}>
              {t('applications.list.retry')}
            </button>
          </div>
        </div>
      ) : !data ? (
        <Loading label={t('applications.list.loading')} />
      ) : (
        <>
          <ApplicationsTable
            applications={data.results}
            showClient
            sort={{ ordering, onSort }}
            refreshing={loading}
            empty={filtered ? t('applications.list.noMatch') : undefined}
          />
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            count={data.count}
            noun={[t('applications.list.noun'), t('applications.list.nounPlural')]}
            label={t('applications.list.pages')}
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
    </section>
  );
}

/** "/applications": start an application, and every application with its PDFs. */
export default function ApplicationsPage() {
  const t = useT();
  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1 className="page-title">{t('applications.page.title')}</h1>
          <p className="page-subtitle">{t('applications.page.subtitle')}</p>
        </div>
        <Link to="/applications/new" className="btn btn-primary">
          <PlusIcon />
          {t('applications.page.apply')}
        </Link>
      </div>
      <div className="tile-grid">
        <section className="card tile">
          <span className="empty-state-icon">
            <ClipboardIcon />
          </span>
          <h2>{t('applications.page.newTitle')}</h2>
          <p>{t('applications.page.newText')}</p>
          <p>
            <Link to="/applications/new">{t('applications.page.apply')}</Link>
          </p>
        </section>
        <section className="card tile">
          <span className="empty-state-icon">
            <FileIcon />
          </span>
          <h2>{t('applications.page.byClientTitle')}</h2>
          <p>{t('applications.page.byClientText')}</p>
          <p>
            <Link to="/dashboard">{t('applications.page.openClients')}</Link>
          </p>
        </section>
        <section className="card tile">
          <span className="empty-state-icon">
            <UsersIcon />
          </span>
          <h2>{t('applications.page.newClientTitle')}</h2>
          <p>{t('applications.page.newClientText')}</p>
          <p>
            <Link to="/client/profile">{t('applications.page.createClient')}</Link>
          </p>
        </section>
      </div>
      <AllApplications />
    </div>
  );
}
