import { useId, useState, type FormEvent } from 'react';
import { Link } from '../router/Link.tsx';
import { useNavigate } from '../router/useNavigate.ts';
import { ApiError, login, register } from '../api/client.ts';
import { saveSession } from '../session.ts';
import { AlertIcon } from '../components/icons.tsx';
import { MISMATCH, PASSWORD_RULE } from '../components/PasswordField.tsx';
import { Trans } from '../i18n/Trans.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/auth';

/** "/signup": create an account, sign in with it, then go to the dashboard. */
export default function SignupPage() {
  const t = useT();
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
      setError(t(MISMATCH));
      return;
    }
    setMismatch(false);
    setBusy(true);
    try {
      await register({ email: email.trim(), password });
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : t('auth.signup.failed'));
      setBusy(false);
      return;
    }
    try {
      saveSession(await login(email.trim(), password));
      navigate('/dashboard', { replace: true });
    } catch {
      setError(t('auth.signup.autoLoginFailed'));
      setBusy(false);
    }
  };

  return (
    <div className="auth-card">
      <h1 className="auth-title">{t('auth.signup.title')}</h1>
      <p className="auth-subtitle">{t('auth.signup.subtitle')}</p>
      <form className="form-stack" onSubmit={onSubmit}>
        {error && (
          <div className="alert alert-error" role="alert" id={errorId}>
            <AlertIcon />
            <span>{error}</span>
          </div>
        )}
        <div className="field">
          <label className="field-label" htmlFor="signup-email">
            {t('auth.signup.email')}
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
            {t('auth.signup.password')}
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
            {t(PASSWORD_RULE)}
          </p>
        </div>
        <div className="field">
          <label className="field-label" htmlFor="signup-confirm">
            {t('auth.signup.confirm')}
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
            {t('auth.signup.agree')}
          </label>
          <p className="field-hint" id="signup-terms-links">
            <Trans
              id="auth.signup.readTerms"
              components={{ 0: <Link to="/terms" target="_blank" />, 1: <Link to="/privacy" target="_blank" /> }}
            />
          </p>
        </div>
        <button
          type="submit"
          className="btn btn-primary btn-lg btn-block"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? t('auth.signup.submitting') : t('auth.signup.submit')}
        </button>
      </form>
      <p className="auth-footer">
        <Trans id="auth.signup.haveAccount" components={{ 0: <Link to="/" /> }} />
      </p>
    </div>
  );
}
