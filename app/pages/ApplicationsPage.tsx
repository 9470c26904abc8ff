import { Link } from 'react-router';
import { ClipboardIcon, FileIcon, PlusIcon, UsersIcon } from '../components/icons.tsx';

/** "/applications": the applications area. Applications are listed per client, on each client profile. */
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
    </div>
  );
}
