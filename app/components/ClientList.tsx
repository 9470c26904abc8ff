import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
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
function joinNames(names: string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? '');
}

/** The server's ordering when the URL names none: the last changed first. */
const CLIENT_ORDERING = '-updated_at';
/** The server's page size (its default, so the app does not send it). */
const PAGE_SIZE = 25;

/** The orders of the sort menu (narrow screens, where the column headers are hidden). */
const SORTS: SortChoice[] = [
  { ordering: '-updated_at', label: 'Last updated, newest first' },
  { ordering: 'updated_at', label: 'Last updated, oldest first' },
  { ordering: 'last_name', label: 'Name, A to Z' },
  { ordering: '-last_name', label: 'Name, Z to A' },
  { ordering: '-created_at', label: 'Created, newest first' },
  { ordering: 'created_at', label: 'Created, oldest first' },
  { ordering: 'email', label: 'Email, A to Z' },
  { ordering: 'phone', label: 'Phone' },
];

/** The dashboard's client list: a page at a time, sorted and searched by the server; row menu, delete dialog, toast. */
/** The client list; `summary` is shown under its header (the dashboard's counts of what waits on the adviser). */
export function ClientList({ summary }: { summary?: ReactNode }) {
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
    'Error fetching client list',
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
      show('Client deleted successfully', 'success');
      reload();
    } catch (cause) {
      // A broker the client is shared with may not delete it: the server says so (403), and so does the toast.
      show(cause instanceof ApiError && cause.status === 403 ? cause.message : 'Error deleting client', 'error');
    } finally {
      setDeleting(false);
      setPendingDelete(null);
    }
  };

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Clients</h1>
          <p className="page-subtitle">Manage your clients and start their insurance screening.</p>
        </div>
        <div className="btn-group">
          <Link to="/applications/new" className="btn btn-secondary">
            <ClipboardIcon />
            Apply for Insurance
          </Link>
          <Link to="/client/profile" className="btn btn-primary">
            <PlusIcon />
            Create New Client Profile
          </Link>
        </div>
      </div>
      {summary}

      {error && (
        <div className="alert alert-error list-error" role="alert" style={{ marginBottom: 'var(--space-4)' }}>
          <AlertIcon />
          <span>{error}</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={reload}>
            Try again
          </button>
        </div>
      )}

      <section className="card" aria-labelledby="client-list-title">
        <div className="toolbar">
          <h2 id="client-list-title" className="sr-only">
            Client list
          </h2>
          <ListSearch value={search} onSearch={onSearch} busy={loading} label="Search clients..." />
          <SortSelect id="client-sort" choices={SORTS} {...sortProps} />
        </div>
        <ScrollRegion label="Clients table">
          <table className={`table table-cards${loading && data ? ' is-refreshing' : ''}`} aria-busy={loading}>
            <thead>
              <tr>
                <SortHeader field="last_name" {...sortProps}>
                  Client Name
                </SortHeader>
                <SortHeader field="email" {...sortProps}>
                  Email
                </SortHeader>
                <SortHeader field="phone" {...sortProps}>
                  Phone
                </SortHeader>
                <SortHeader field="created_at" firstDescending {...sortProps}>
                  Created
                </SortHeader>
                <SortHeader field="updated_at" firstDescending {...sortProps}>
                  Last Updated
                </SortHeader>
                <th scope="col">Insurance Screening</th>
                <th scope="col" className="cell-actions">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {loading && !data ? (
                <tr>
                  <td colSpan={7} className="table-empty">
                    <span className="loading" role="status" style={{ padding: 0 }}>
                      <span className="spinner" aria-hidden="true" />
                      Loading clients...
                    </span>
                  </td>
                </tr>
              ) : clients.length === 0 ? (
                <tr>
                  <td colSpan={7}>
                    <div className="empty-state">
                      <span className="empty-state-icon">{error ? <AlertIcon /> : <UsersIcon />}</span>
                      <h3>{error ? 'The client list could not be loaded' : 'No clients found'}</h3>
                      {error ? (
                        <p>Check your connection, then try again.</p>
                      ) : search ? (
                        <p>Nothing matches &ldquo;{search}&rdquo;. Try a different name, email or phone number.</p>
                      ) : (
                        <p>Create a client profile to get started.</p>
                      )}
                    </div>
                  </td>
                </tr>
              ) : (
                clients.map((client) => {
                  const name = fullName(client) || `Client ${client.id}`;
                  return (
                    <tr key={client.id}>
                      <td className="card-title-cell">
                        <Link to={`/client/profile/${client.id}`}>{name}</Link>
                      </td>
                      <td data-label="Email">{email(client.email)}</td>
                      <td className="cell-nowrap" data-label="Phone">
                        {dim(formatPhone(client.phone ?? client.phone_primary))}
                      </td>
                      <td className="cell-nowrap" data-label="Created">
                        {dim(formatDate(client.created_at))}
                      </td>
                      <td className="cell-nowrap" data-label="Last Updated">
                        {dim(formatDate(client.updated_at))}
                      </td>
                      <td className="card-action-cell">
                        <button
                          type="button"
                          className="btn btn-secondary btn-sm"
                          aria-label={`Insurance Screening for ${name}`}
                          onClick={() => navigate(`/client/${client.id}/screening/prompt`)}
                        >
                          Insurance Screening
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
            noun={['client', 'clients']}
            label="Client list pages"
            onPage={(next) => update({ page: next })}
          />
        ) : null}
      </section>

      {pendingDelete && (
        <ConfirmDialog
          title="Delete Client"
          confirmLabel="Delete"
          danger
          busy={deleting}
          onConfirm={confirmDelete}
          onCancel={() => setPendingDelete(null)}
        >
          <p className="dialog-text">
            Are you sure you want to delete <strong>{fullName(pendingDelete) || `client ${pendingDelete.id}`}</strong>?
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
                Also delete <strong>{joinNames(secondInsureds.map((s) => fullName(s) || `client ${s.id}`))}</strong>,
                the second insured{secondInsureds.length > 1 ? 's' : ''} created with this client&apos;s application (no
                other application uses {secondInsureds.length > 1 ? 'them' : 'this record'})
              </span>
            </label>
          )}
          <p className="dialog-text">This action cannot be undone.</p>
        </ConfirmDialog>
      )}

      <Toast toast={toast} onClose={close} />
    </div>
  );
}
