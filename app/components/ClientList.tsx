import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from '../router/Link.tsx';
import { useNavigate } from '../router/useNavigate.ts';
import { ApiError, deleteClient, listClients, listSecondInsureds } from '../api/client.ts';
import type { Client, SecondInsured } from '../api/types.ts';
import { formatDate, formatPhone, fullName, orDash } from '../format.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { AlertIcon, ClipboardIcon, PlusIcon, UsersIcon } from './icons.tsx';
import { ListSearch } from './ListSearch.tsx';
import { Pagination } from './Pagination.tsx';
import { SortHeader, SortSelect, type SortChoice } from './SortHeader.tsx';
import { useListPage } from './useListPage.ts';
import { useListParams } from './useListParams.ts';
import { RowMenu } from './RowMenu.tsx';
import { Toast, useToast } from './Toast.tsx';
import { ScrollRegion } from './ScrollRegion.tsx';
import { Trans } from '../i18n/Trans.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/clients';

/** An email that may wrap before its "@" on narrow screens, never inside a word. */
function email(value: string | null | undefined) {
  const text = orDash(value);
  if (text === '-') return dim(text);
  const at = text.indexOf('@');
  return at > 0 ? (
    <>
      {text.slice(0, at)}
      <wbr />
      {text.slice(at)}
    </>
  ) : (
    text
  );
}

/** Shows the "-" of an empty value in a muted colour. */
function dim(text: string) {
  return text === '-' ? <span className="muted">-</span> : text;
}

/** "A", "A and B", "A, B and C". */
function joinNames(names: string[], t: ReturnType<typeof useT>): string {
  return names.length > 1
    ? t('clients.join', { list: names.slice(0, -1).join(', '), last: names[names.length - 1] })
    : (names[0] ?? '');
}

/** The server's ordering when the URL names none: the last changed first. */
const CLIENT_ORDERING = '-updated_at';
/** The server's page size (its default, so the app does not send it). */
const PAGE_SIZE = 25;

/** The orders of the sort menu (narrow screens, where the column headers are hidden); labels are message ids. */
const SORTS: SortChoice[] = [
  { ordering: '-updated_at', label: 'clients.sort.updatedDesc' },
  { ordering: 'updated_at', label: 'clients.sort.updatedAsc' },
  { ordering: 'last_name', label: 'clients.sort.nameAsc' },
  { ordering: '-last_name', label: 'clients.sort.nameDesc' },
  { ordering: '-created_at', label: 'clients.sort.createdDesc' },
  { ordering: 'created_at', label: 'clients.sort.createdAsc' },
  { ordering: 'email', label: 'clients.sort.email' },
  { ordering: 'phone', label: 'clients.sort.phone' },
];

/** The dashboard's client list: a page at a time, sorted and searched by the server; row menu, delete dialog, toast. */
/** The client list; `summary` is shown under its header (the dashboard's counts of what waits on the adviser). */
export function ClientList({ summary }: { summary?: ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  const list = useListParams(CLIENT_ORDERING);
  const { page, ordering, search, update } = list;
  const { data, loading, error, reload } = useListPage(
    // The defaults are left to the server: the first page asks exactly the spec's GET /api/clients/.
    (signal) =>
      listClients(
        { page, ordering: ordering === CLIENT_ORDERING ? undefined : ordering, search: search.trim() || undefined },
        signal,
      ),
    `${page}|${ordering}|${search}`,
    t('clients.list.loadFailed'),
    () => update({ page: 1 }, true),
  );
  const clients = data?.results ?? [];
  const [pendingDelete, setPendingDelete] = useState<Client | null>(null);
  const [deleting, setDeleting] = useState(false);
  // The second insureds the client's screening created that nothing else uses: the dialog offers to delete them too.
  const [secondInsureds, setSecondInsureds] = useState<SecondInsured[]>([]);
  const [deleteSecondInsureds, setDeleteSecondInsureds] = useState(false);
  const { toast, show, close } = useToast();
  const onSearch = useCallback((text: string) => update({ search: text.trim() }, true), [update]);
  const onSort = useCallback((next: string) => update({ ordering: next }), [update]);
  const sortProps = { ordering, onSort };

  useEffect(() => {
    setSecondInsureds([]);
    setDeleteSecondInsureds(false);
    if (!pendingDelete) return;
    const controller = new AbortController();
    // Without the list (an error), the dialog deletes the client alone, as it always could.
    listSecondInsureds(pendingDelete.id, controller.signal).then(setSecondInsureds, () => undefined);
    return () => controller.abort();
  }, [pendingDelete]);

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setDeleting(true);
    try {
      await deleteClient(pendingDelete.id, { secondInsureds: deleteSecondInsureds && secondInsureds.length > 0 });
      show(t('clients.list.deleted'), 'success');
      reload();
    } catch (cause) {
      // A broker the client is shared with may not delete it: the server says so (403), and so does the toast.
      show(cause instanceof ApiError && cause.status === 403 ? cause.message : t('clients.list.deleteFailed'), 'error');
    } finally {
      setDeleting(false);
      setPendingDelete(null);
    }
  };

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1 className="page-title">{t('clients.list.title')}</h1>
          <p className="page-subtitle">{t('clients.list.subtitle')}</p>
        </div>
        <div className="btn-group">
          <Link to="/applications/new" className="btn btn-secondary">
            <ClipboardIcon />
            {t('clients.list.apply')}
          </Link>
          <Link to="/client/profile" className="btn btn-primary">
            <PlusIcon />
            {t('clients.list.create')}
          </Link>
        </div>
      </div>
      {summary}

      {error && (
        <div className="alert alert-error list-error" role="alert" style={{ marginBottom: 'var(--space-4)' }}>
          <AlertIcon />
          <span>{error}</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={reload}>
            {t('clients.list.retry')}
          </button>
        </div>
      )}

      <section className="card" aria-labelledby="client-list-title">
        <div className="toolbar">
          <h2 id="client-list-title" className="sr-only">
            {t('clients.list.listTitle')}
          </h2>
          <ListSearch value={search} onSearch={onSearch} busy={loading} label={t('clients.list.search')} />
          <SortSelect id="client-sort" choices={SORTS.map((c) => ({ ...c, label: t(c.label) }))} {...sortProps} />
        </div>
        <ScrollRegion label={t('clients.list.table')}>
          <table className={`table table-cards${loading && data ? ' is-refreshing' : ''}`} aria-busy={loading}>
            <thead>
              <tr>
                <SortHeader field="last_name" {...sortProps}>
                  {t('clients.list.name')}
                </SortHeader>
                <SortHeader field="email" {...sortProps}>
                  {t('clients.list.email')}
                </SortHeader>
                <SortHeader field="phone" {...sortProps}>
                  {t('clients.list.phone')}
                </SortHeader>
                <SortHeader field="created_at" firstDescending {...sortProps}>
                  {t('clients.list.created')}
                </SortHeader>
                <SortHeader field="updated_at" firstDescending {...sortProps}>
                  {t('clients.list.updated')}
                </SortHeader>
                <th scope="col">{t('clients.list.screening')}</th>
                <th scope="col" className="cell-actions">
                  <span className="sr-only">{t('clients.list.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {loading && !data ? (
                <tr>
                  <td colSpan={7} className="table-empty">
                    <span className="loading" role="status" style={{ padding: 0 }}>
                      <span className="spinner" aria-hidden="true" />
                      {t('clients.list.loading')}
                    </span>
                  </td>
                </tr>
              ) : clients.length === 0 ? (
                <tr>
                  <td colSpan={7}>
                    <div className="empty-state">
                      <span className="empty-state-icon">{error ? <AlertIcon /> : <UsersIcon />}</span>
                      <h3>{error ? t('clients.list.errorTitle') : t('clients.list.emptyTitle')}</h3>
                      {error ? (
                        <p>{t('clients.list.errorText')}</p>
                      ) : search ? (
                        <p>{t('clients.list.noMatch', { search })}</p>
                      ) : (
                        <p>{t('clients.list.empty')}</p>
                      )}
                    </div>
                  </td>
                </tr>
              ) : (
                clients.map((client) => {
                  const name = fullName(client) || t('clients.list.unnamed', { id: client.id });
                  return (
                    <tr key={client.id}>
                      <td className="card-title-cell">
                        <Link to={`/client/profile/${client.id}`}>{name}</Link>
                      </td>
                      <td data-label={t('clients.list.email')}>{email(client.email)}</td>
                      <td className="cell-nowrap" data-label={t('clients.list.phone')}>
                        {dim(formatPhone(client.phone ?? client.phone_primary))}
                      </td>
                      <td className="cell-nowrap" data-label={t('clients.list.created')}>
                        {dim(formatDate(client.created_at))}
                      </td>
                      <td className="cell-nowrap" data-label={t('clients.list.updated')}>
                        {dim(formatDate(client.updated_at))}
                      </td>
                      <td className="card-action-cell">
                        <button
                          type="button"
                          className="btn btn-secondary btn-sm"
                          aria-label={t('clients.list.screeningFor', { name })}
                          onClick={() => navigate(`/client/${client.id}/screening/prompt`)}
                        >
                          {t('clients.list.screening')}
                        </button>
                      </td>
                      <td className="cell-actions">
                        <RowMenu
                          label={name}
                          editTo={`/client/profile/${client.id}`}
                          onDelete={client.access === 'broker' ? undefined : () => setPendingDelete(client)}
                        />
                      </td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </ScrollRegion>
        {data ? (
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            count={data.count}
            noun={[t('clients.list.noun'), t('clients.list.nounPlural')]}
            label={t('clients.list.pages')}
            onPage={(next) => update({ page: next })}
          />
        ) : null}
      </section>

      {pendingDelete && (
        <ConfirmDialog
          title={t('clients.delete.title')}
          confirmLabel={t('clients.delete.confirm')}
          danger
          busy={deleting}
          onConfirm={confirmDelete}
          onCancel={() => setPendingDelete(null)}
        >
          <p className="dialog-text">
            <Trans
              id="clients.delete.question"
              values={{ name: fullName(pendingDelete) || t('clients.delete.unnamed', { id: pendingDelete.id }) }}
              components={{ 0: <strong /> }}
            />
          </p>
          {secondInsureds.length > 0 && (
            <label className="checkbox dialog-choice">
              <input
                type="checkbox"
                name="delete_second_insureds"
                checked={deleteSecondInsureds}
                disabled={deleting}
                onChange={(event) => setDeleteSecondInsureds(event.target.checked)}
              />
              <span>
                <Trans
                  id="clients.delete.alsoSecond"
                  values={{
                    names: joinNames(
                      secondInsureds.map((s) => fullName(s) || t('clients.delete.unnamed', { id: s.id })),
                      t,
                    ),
                    count: secondInsureds.length,
                  }}
                  components={{ 0: <strong /> }}
                />
              </span>
            </label>
          )}
          <p className="dialog-text">{t('clients.delete.irreversible')}</p>
        </ConfirmDialog>
      )}

      <Toast toast={toast} onClose={close} />
    </div>
  );
}
