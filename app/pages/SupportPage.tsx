import { Link } from 'react-router';
import { ClipboardIcon, LifebuoyIcon, UsersIcon } from '../components/icons.tsx';

/** "/reports", labelled "Support" in the nav. */
export default function SupportPage() {
  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Support</h1>
          <p className="page-subtitle">Answers to common questions about clients and screenings.</p>
        </div>
      </div>
      <div className="tile-grid">
        <section className="card tile">
          <span className="empty-state-icon">
            <UsersIcon />
          </span>
          <h2>Adding a client</h2>
          <p>
            Use <Link to="/client/profile">Create New Client Profile</Link> on the home page. Name, phone, date of birth
            and gender are required; you can assign one or more brokers.
          </p>
        </section>
        <section className="card tile">
          <span className="empty-state-icon">
            <ClipboardIcon />
          </span>
          <h2>Running a screening</h2>
          <p>
            Choose Insurance Screening next to a client. Progress is saved as you go, so you can stop at any step and
            continue where you left off.
          </p>
        </section>
        <section className="card tile">
          <span className="empty-state-icon">
            <LifebuoyIcon />
          </span>
          <h2>Still need help?</h2>
          <p>Contact your agency administrator for account access, password resets and broker assignments.</p>
        </section>
      </div>
    </div>
  );
}
