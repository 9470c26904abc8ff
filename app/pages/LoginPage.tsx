import { useId, useState, type FormEvent } from 'react';
import { Link } from '../router/Link.tsx';
import { useLocation } from '../router/useLocation.ts';
import { useNavigate } from '../router/useNavigate.ts';
import { ApiError, login } from '../api/client.ts';
import { returnPath, saveSession, type LoginState } from '../session.ts';
import { AlertIcon } from '../components/icons.tsx';
import { Trans } from '../i18n/Trans.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/auth';

/**
 * "/": sign in. Whatever the failure, the screen says "Invalid username or password" (spec 1, section 8), but for a
 * disabled account, which is told so.
 */
export default function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      saveSession(await login(username.trim(), password));
      navigate(returnPath(location.state), { replace: true });
    } catch (e) {
      // A disabled account is told so (the server says it only to who gave the right password).
      setError(e instanceof ApiError && e.status === 403 ? e.message : t('auth.login.invalid'));
      setBusy(false);
    }
  };

  const describedBy = error ? errorId : undefined;

  return (
    <div className="auth-card">
      <h1 className="auth-title">{t('auth.login.title')}</h1>
      <p className="auth-subtitle">{t('auth.login.subtitle')}</p>
      <form className="form-stack" onSubmit={onSubmit} aria-describedby={describedBy}>
        {error && (
          <div className="alert alert-error" role="alert" id={errorId}>
            <AlertIcon />
            <span>{error}</span>
          </div>
        )}
        {!error && (location.state as LoginState | null)?.ended ? (
          <div className="alert alert-info" role="status">
            <span>{t('auth.login.sessionEnded')}</span>
          </div>
        ) : null}
        <div className="field">
          <label className="field-label" htmlFor="login-username">
            {t('auth.login.username')}
          </label>
          <input
            id="login-username"
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="login-password">
            {t('auth.login.password')}
          </label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
        <div className="auth-row">
          <label className="checkbox">
            <input
              type="checkbox"
              name="remember"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
            />
            {t('auth.login.remember')}
          </label>
          <Link to="/forgot-password">{t('auth.login.forgot')}</Link>
        </div>
        <button
          type="submit"
          className="btn btn-primary btn-lg btn-block"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? t('auth.login.submitting') : t('auth.login.submit')}
        </button>
      </form>
      <p className="auth-footer">
        <Trans id="auth.login.noAccount" components={{ 0: <Link to="/signup" /> }} />
      </p>
    </div>
  );
}
