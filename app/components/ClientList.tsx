import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, deleteClient, listClients, listSecondInsureds } from '../api/client.ts';
import type { Client, SecondInsured } from '../api/types.ts';
import { formatDate, formatPhone, fullName, orDash } from '../format.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ClipboardIcon, PlusIcon, SearchIcon, UsersIcon } from './icons.tsx';
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

function matches(client: Client, query: string): boolean {
  if (!query) return true;
  const haystack = [fullName(client), client.email, client.phone ?? client.phone_primary]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  const digits = query.replace(/\D/g, '');
  const phoneDigits = String(client.phone ?? client.phone_primary ?? '').replace(/\D/g, '');
  return haystack.includes(query.toLowerCase()) || (digits.length >= 3 && phoneDigits.includes(digits));
}

/** The dashboard's client list: search, table, row menu, delete dialog and toast. */
export function ClientList() {
  const navigate = useNavigate();
  const [clients, setClients] = useState<Client[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [pendingDelete, setPendingDelete] = useState<Client | null>(null);
  const [deleting, setDeleting] = useState(false);
  // The second insureds the client's screening created that nothing else uses: the dialog offers to delete them too.
  const [secondInsureds, setSecondInsureds] = useState<SecondInsured[]>([]);
  const [deleteSecondInsureds, setDeleteSecondInsureds] = useState(false);
  const { toast, show, close } = useToast();

  const load = useCallback(async (signal?: AbortSignal) => {
    setLoading(true);
    try {
      const list = await listClients(signal);
      setClients(list.results);
      setError(null);
    } catch (cause) {
      if (signal?.aborted) return;
      setError(cause instanceof Error ? cause.message : 'Error fetching client list');
    } finally {
      if (!signal?.aborted) setLoading(false);
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  useEffect(() => {
    setSecondInsureds([]);
    setDeleteSecondInsureds(false);
    if (!pendingDelete) return;
    const controller = new AbortController();
    // Without the list (an error), the dialog deletes the client alone, as it always could.
    listSecondInsureds(pendingDelete.id, controller.signal).then(setSecondInsureds, () => undefined);
    return () => controller.abort();
  }, [pendingDelete]);

  const visible = useMemo(() => clients.filter((client) => matches(client, query.trim())), [clients, query]);

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setDeleting(true);
    try {
      await deleteClient(pendingDelete.id, { secondInsureds: deleteSecondInsureds && secondInsureds.length > 0 });
      show('Client deleted successfully', 'success');
      void load();
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

      {error && (
        <div className="alert alert-error" role="alert" style={{ marginBottom: 'var(--space-4)' }}>
          {error}
        </div>
      )}

      <section className="card" aria-labelledby="client-list-title">
        <div className="toolbar">
          <h2 id="client-list-title" className="sr-only">
            Client list
          </h2>
          <div className="search">
            <SearchIcon />
            <input
              type="search"
              className="input"
              placeholder="Search clients..."
              aria-label="Search clients..."
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
          {!loading && !error && (
            <span className="muted text-sm" aria-live="polite">
              {visible.length === clients.length
                ? `${clients.length} ${clients.length === 1 ? 'client' : 'clients'}`
                : `${visible.length} of ${clients.length} clients`}
            </span>
          )}
        </div>
        <ScrollRegion label="Clients table">
          <table className="table table-cards">
            <thead>
              <tr>
                <th scope="col">Client Name</th>
                <th scope="col">Email</th>
                <th scope="col">Phone</th>
                <th scope="col">Created</th>
                <th scope="col">Last Updated</th>
                <th scope="col">Insurance Screening</th>
                <th scope="col" className="cell-actions">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {loading && clients.length === 0 ? (
                <tr>
                  <td colSpan={7} className="table-empty">
                    <span className="loading" role="status" style={{ padding: 0 }}>
                      <span className="spinner" aria-hidden="true" />
                      Loading clients...
                    </span>
                  </td>
                </tr>
              ) : visible.length === 0 ? (
                <tr>
                  <td colSpan={7}>
                    <div className="empty-state">
                      <span className="empty-state-icon">
                        <UsersIcon />
                      </span>
                      <h3>No clients found</h3>
                      {query ? (
                        <p>Try a different name, email or phone number.</p>
                      ) : (
                        <p>Create a client profile to get started.</p>
                      )}
                    </div>
                  </td>
                </tr>
              ) : (
                visible.map((client) => {
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
