import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from '../router/Link.tsx';
import { askPasswordReset, fieldErrors } from '../api/password.ts';
import { focusAfterRender } from '../components/focusAfterRender.ts';
import { AlertIcon } from '../components/icons.tsx';
import { Trans } from '../i18n/Trans.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/auth';

/**
 * "/forgot-password", from the login page's "Forgot password" link: the email of the account, then "check your
 * email". The server says the same for any well-formed email, registered or not, and mails a link to an account.
 */
export default function ForgotPasswordPage() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const typed = email.trim();
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(typed)) {
      setError(t('auth.forgot.invalidEmail'));
      input.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      setSent(await askPasswordReset(typed));
      focusAfterRender(() => document.getElementById('forgot-sent-title'));
    } catch (e) {
      const byField = fieldErrors(e);
      if (byField.email) {
        setError(byField.email);
        input.current?.focus();
      } else setFailure(e instanceof Error ? e.message : t('auth.forgot.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (sent)
    return (
      <div className="auth-card">
        <h1 className="auth-title" id="forgot-sent-title" tabIndex={-1}>
          {t('auth.forgot.sentTitle')}
        </h1>
        <p className="auth-subtitle">{sent}</p>
        <p className="auth-note-text">
          <Trans
            id="auth.forgot.sentTo"
            values={{ email: email.trim() }}
            components={{
              0: <strong />,
              1: <button type="button" className="link-button" onClick={() => setSent(null)} />,
            }}
          />
        </p>
        <Link to="/" className="btn btn-primary btn-lg btn-block">
          {t('auth.forgot.backToSignIn')}
        </Link>
      </div>
    );

  return (
    <div className="auth-card">
      <h1 className="auth-title">{t('auth.forgot.title')}</h1>
      <p className="auth-subtitle">{t('auth.forgot.subtitle')}</p>
      <form className="form-stack" onSubmit={(e) => void onSubmit(e)} noValidate>
        {failure ? (
          <div className="alert alert-error" role="alert">
            <AlertIcon />
            <span>{failure}</span>
          </div>
        ) : null}
        <div className="field">
          <label className="field-label" htmlFor="forgot-email">
            {t('auth.forgot.email')}
          </label>
          <input
            ref={input}
            id="forgot-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {error ? (
            <p className="field-error" id={errorId}>
              {error}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          className="btn btn-primary btn-lg btn-block"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
        </button>
      </form>
      <p className="auth-footer">
        <Trans id="auth.forgot.remembered" components={{ 0: <Link to="/" /> }} />
      </p>
    </div>
  );
}
