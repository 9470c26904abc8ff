import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, login, register } from '../api/client.ts';
import { saveSession } from '../session.ts';
import { AlertIcon } from '../components/icons.tsx';

const AUTO_LOGIN_FAILED = 'Registration successful but auto-login failed. Please try logging in manually.';

/** "/signup": create an account, sign in with it, then go to the dashboard. */
export default function SignupPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState(false);
  const errorId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (password !== confirm) {
      setMismatch(true);
      setError('Passwords do not match');
      return;
    }
    setMismatch(false);
    setBusy(true);
    try {
      await register({ email: email.trim(), password });
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : 'Registration failed');
      setBusy(false);
      return;
    }
    try {
      saveSession(await login(email.trim(), password));
      navigate('/dashboard', { replace: true });
    } catch {
      setError(AUTO_LOGIN_FAILED);
      setBusy(false);
    }
  };

  return (
    <div className="auth-card">
      <h1 className="auth-title">Create an account</h1>
      <p className="auth-subtitle">Start running life-insurance screenings in minutes.</p>
      <form className="form-stack" onSubmit={onSubmit}>
        {error && (
          <div className="alert alert-error" role="alert" id={errorId}>
            <AlertIcon />
            <span>{error}</span>
          </div>
        )}
        <div className="field">
          <label className="field-label" htmlFor="signup-email">
            Email address
          </label>
          <input
            id="signup-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="signup-password">
            Password
          </label>
          <input
            id="signup-password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            aria-describedby="signup-password-hint"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <p className="field-hint" id="signup-password-hint">
            At least 12 characters. Avoid common passwords and your email address.
          </p>
        </div>
        <div className="field">
          <label className="field-label" htmlFor="signup-confirm">
            Confirm Password
          </label>
          <input
            id="signup-confirm"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            aria-invalid={mismatch || undefined}
            aria-describedby={mismatch && error ? errorId : undefined}
          />
        </div>
        <div className="field">
          <label className="checkbox">
            <input
              type="checkbox"
              name="terms"
              required
              checked={agreed}
              onChange={(event) => setAgreed(event.target.checked)}
              aria-describedby="signup-terms-links"
            />
            I agree to the Terms of Service and Privacy Policy
          </label>
          <p className="field-hint" id="signup-terms-links">
            Read the{' '}
            <Link to="/terms" target="_blank">
              Terms of Service
            </Link>{' '}
            and the{' '}
            <Link to="/privacy" target="_blank">
              Privacy Policy
            </Link>
            .
          </p>
        </div>
        <button
          type="submit"
          className="btn btn-primary btn-lg btn-block"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? 'Creating Account...' : 'Create Account'}
        </button>
      </form>
      <p className="auth-footer">
        Already have an account? <Link to="/">Sign in</Link>
      </p>
    </div>
  );
}
