import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { listApplications } from '../api/client.ts';
import type { LifeApplication } from '../api/types.ts';
import { ApplicationsTable } from '../components/ApplicationsTable.tsx';
import { AlertIcon, ClipboardIcon, FileIcon, PlusIcon, UsersIcon } from '../components/icons.tsx';
import { Loading } from '../components/Spinner.tsx';

/** Every application of the adviser's clients, with their status and generated PDFs. */
function AllApplications() {
  const [applications, setApplications] = useState<LifeApplication[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    listApplications()
      .then((list) => live && setApplications(list))
      .catch(
        (e: unknown) => live && setError(e instanceof Error && e.message ? e.message : 'Failed to load applications'),
      );
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="card" aria-labelledby="all-applications" style={{ marginTop: 'var(--space-6)' }}>
      <div className="card-body">
        <h2 id="all-applications" className="section-title">
          All applications
        </h2>
        {error ? (
          <div className="alert alert-error" role="alert">
            <AlertIcon />
            <span>{error}</span>
          </div>
        ) : applications === null ? (
          <Loading label="Loading applications..." />
        ) : (
          <ApplicationsTable applications={applications} showClient />
        )}
      </div>
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
