import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { createApplication, listClients } from '../api/client.ts';
import type { Client } from '../api/types.ts';
import { AlertIcon, ArrowLeftIcon } from '../components/icons.tsx';
import { Loading } from '../components/Spinner.tsx';
import { formatDate, fullName } from '../format.ts';

/** "/applications/new": pick a client, create an application and open its basic screening. */
export default function NewApplicationPage() {
  const navigate = useNavigate();
  const [clients, setClients] = useState<Client[] | null>(null);
  const [clientId, setClientId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    listClients(controller.signal).then(
      (list) => setClients(list.results),
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        setClients([]);
        setError(cause instanceof Error ? cause.message : 'Error fetching client list');
      },
    );
    return () => controller.abort();
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const { id } = await createApplication(clientId || null);
      navigate(
        `/client/${encodeURIComponent(clientId)}/screening/basic?application_id=${encodeURIComponent(String(id))}`,
      );
    } catch (cause) {
      setError(cause instanceof Error && cause.message ? cause.message : 'Failed to create new application');
      setBusy(false);
    }
  };

  return (
    <div className="page page-narrow">
      <p style={{ marginBottom: 'var(--space-3)' }}>
        <Link
          to="/applications"
          className="text-sm"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 'var(--space-1)' }}
        >
          <ArrowLeftIcon /> Back to applications
        </Link>
      </p>
      <div className="page-header">
        <div>
          <h1 className="page-title">Apply for Insurance</h1>
          <p className="page-subtitle">Choose the client this life-insurance application is for.</p>
        </div>
      </div>
      {clients === null ? (
        <Loading label="Loading clients..." />
      ) : (
        <form className="card" onSubmit={onSubmit}>
          <div className="card-body form-stack">
            {error && (
              <div className="alert alert-error" role="alert">
                <AlertIcon />
                <span>{error}</span>
              </div>
            )}
            <div className="field">
              <label className="field-label" htmlFor="new-application-client">
                Client
              </label>
              <select
                id="new-application-client"
                value={clientId}
                onChange={(event) => setClientId(event.target.value)}
                required
              >
                <option value="">Select a client...</option>
                {clients.map((client) => (
                  <option key={client.id} value={String(client.id)}>
                    {`${fullName(client) || `Client ${client.id}`}${client.date_of_birth ? ` (${formatDate(client.date_of_birth)})` : ''}`}
                  </option>
                ))}
              </select>
              <p className="field-hint">
                Not listed? <Link to="/client/profile">Create New Client Profile</Link>
              </p>
            </div>
          </div>
          <div className="card-footer">
            <Link to="/applications" className="btn btn-secondary">
              Cancel
            </Link>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={busy || !clientId}
              aria-busy={busy || undefined}
            >
              Start Application
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
