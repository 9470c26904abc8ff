import { Link } from 'react-router';

/** Any unknown signed-in address. */
export default function NotFoundPage() {
  return (
    <div className="page page-narrow">
      <div className="card">
        <div className="empty-state">
          <h1 className="page-title">Page not found</h1>
          <p>The page you were looking for does not exist or has moved.</p>
          <Link to="/dashboard" className="btn btn-primary">
            Go to clients
          </Link>
        </div>
      </div>
    </div>
  );
}
