import { Link } from 'react-router';
import { LockIcon } from '../components/icons.tsx';

/** "/forgot-password": reached from the login page's "Forgot password" link. */
export default function ForgotPasswordPage() {
  return (
    <div className="page page-narrow">
      <section className="card prompt-card" aria-labelledby="forgot-title">
        <div className="card-body">
          <span className="empty-state-icon">
            <LockIcon />
          </span>
          <h1 className="page-title" id="forgot-title">
            Forgot password
          </h1>
          <p className="muted">
            Password resets are handled by your agency administrator. Contact them with the email address of your
            account and they will send you a new password.
          </p>
          <div className="btn-group">
            <Link to="/" className="btn btn-primary">
              Back to sign in
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
