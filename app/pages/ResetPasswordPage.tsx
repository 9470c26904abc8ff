import { useRef, useState, type FormEvent } from 'react';
import { Link } from '../router/Link.tsx';
import { useNavigate } from '../router/useNavigate.ts';
import { useSearchParams } from '../router/useSearchParams.ts';
import { fieldErrors, resetPassword } from '../api/password.ts';
import { focusAfterRender } from '../components/focusAfterRender.ts';
import { AlertIcon } from '../components/icons.tsx';
import { MISMATCH, PASSWORD_RULE, PasswordField } from '../components/PasswordField.tsx';
import { saveSession } from '../session.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/auth';

/**
 * "/reset-password?token=…", the mailed link: a new password (the sign-up's rule) and its confirmation. The server
 * ends every session of the account and signs in anew: the page keeps that session and opens the clients. A link
 * that is expired, used or not one of ours is said so, with the way to ask for a new one.
 */
export default function ResetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A link without a token: the page says what the server says of a forged one.
  const [linkProblem, setLinkProblem] = useState<string | null>(() =>
    /^[0-9a-f]{64}$/.test(token) ? null : t('auth.reset.noToken'),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const focusFirstError = () =>
    focusAfterRender(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]'));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (next !== confirm) {
      setErrors({ confirm_password: t(MISMATCH) });
      focusFirstError();
      return;
    }
    setBusy(true);
    try {
      saveSession(await resetPassword(token, next));
      navigate('/dashboard', { replace: true });
    } catch (e) {
      const byField = fieldErrors(e);
      setBusy(false);
      if (byField.token) {
        setLinkProblem(byField.token);
        focusAfterRender(() => document.getElementById('reset-link-title'));
        return;
      }
      setErrors(byField);
      if (Object.keys(byField).length) focusFirstError();
      else setFailure(e instanceof Error ? e.message : t('auth.reset.failed'));
    }
  };

  if (linkProblem)
    return (
      <div className="auth-card">
        <h1 className="auth-title" id="reset-link-title" tabIndex={-1}>
          {t('auth.reset.linkTitle')}
        </h1>
        <div className="alert alert-error" role="alert" style={{ margin: 'var(--space-4) 0 var(--space-6)' }}>
          <AlertIcon />
          <span>{linkProblem}</span>
        </div>
        <Link to="/forgot-password" className="btn btn-primary btn-lg btn-block">
          {t('auth.reset.askNew')}
        </Link>
        <p className="auth-footer">
          <Link to="/">{t('auth.reset.backToSignIn')}</Link>
        </p>
      </div>
    );

  return (
    <div className="auth-card">
      <h1 className="auth-title" id="reset-title">
        {t('auth.reset.title')}
      </h1>
      <p className="auth-subtitle">{t('auth.reset.subtitle')}</p>
      <form
        ref={form}
        className="form-stack"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        aria-labelledby="reset-title"
      >
        {failure ? (
          <div className="alert alert-error" role="alert">
            <AlertIcon />
            <span>{failure}</span>
          </div>
        ) : null}
        <PasswordField
          id="new_password"
          label={t('auth.reset.newPassword')}
          autoComplete="new-password"
          value={next}
          onChange={setNext}
          hint={t(PASSWORD_RULE)}
          error={errors.new_password}
        />
        <PasswordField
          id="confirm_password"
          label={t('auth.reset.confirm')}
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          error={errors.confirm_password}
        />
        <button
          type="submit"
          className="btn btn-primary btn-lg btn-block"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </button>
      </form>
      <p className="auth-footer">
        <Link to="/">{t('auth.reset.backToSignIn')}</Link>
      </p>
    </div>
  );
}
