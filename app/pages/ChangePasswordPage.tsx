import { useRef, useState, type FormEvent } from 'react';
import { Link } from '../router/Link.tsx';
import { changePassword, fieldErrors } from '../api/password.ts';
import { AlertIcon, ArrowLeftIcon } from '../components/icons.tsx';
import { focusAfterRender } from '../components/focusAfterRender.ts';
import { MISMATCH, PASSWORD_RULE, PasswordField } from '../components/PasswordField.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/account';

/**
 * "/account/password": change my password. The current one is asked for; the new one follows the sign-up's rule
 * (the server's messages show under the field at fault). Every other session of the account ends, and a mail tells
 * the account.
 */
export default function ChangePasswordPage() {
  const t = useT();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const focusFirstError = () =>
    focusAfterRender(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]'));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setDone(false);
    const local: Record<string, string> = {};
    if (!current) local.current_password = t('account.password.currentMissing');
    if (next !== confirm) local.confirm_password = t(MISMATCH);
    if (Object.keys(local).length) {
      setErrors(local);
      focusFirstError();
      return;
    }
    setBusy(true);
    try {
      await changePassword(current, next);
      setErrors({});
      setCurrent('');
      setNext('');
      setConfirm('');
      setDone(true);
      focusAfterRender(() => document.getElementById('password-changed'));
    } catch (e) {
      const byField = fieldErrors(e);
      setErrors(byField);
      // A refusal that names a field is shown under it; anything else (the throttle, the network) above the form.
      if (Object.keys(byField).length) focusFirstError();
      else setFailure(e instanceof Error ? e.message : t('account.password.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page page-narrow">
      <p style={{ marginBottom: 'var(--space-3)' }}>
        <Link
          to="/account/profile"
          className="text-sm"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 'var(--space-1)' }}
        >
          <ArrowLeftIcon /> {t('account.backToProfile')}
        </Link>
      </p>
      <div className="page-header">
        <div>
          <h1 className="page-title" id="change-title">
            {t('account.password.title')}
          </h1>
          <p className="page-subtitle">{t('account.password.subtitle')}</p>
        </div>
      </div>
      <form ref={form} className="card" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="change-title">
        <div className="card-body form-stack">
          {failure ? (
            <div className="alert alert-error" role="alert">
              <AlertIcon />
              <span>{failure}</span>
            </div>
          ) : null}
          {done ? (
            <div className="alert alert-success" role="status" id="password-changed" tabIndex={-1}>
              <span>{t('account.password.done')}</span>
            </div>
          ) : null}
          <PasswordField
            id="current_password"
            label={t('account.password.current')}
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
            error={errors.current_password}
          />
          <PasswordField
            id="new_password"
            label={t('account.password.new')}
            autoComplete="new-password"
            value={next}
            onChange={setNext}
            hint={t(PASSWORD_RULE)}
            error={errors.new_password}
          />
          <PasswordField
            id="confirm_password"
            label={t('account.password.confirm')}
            autoComplete="new-password"
            value={confirm}
            onChange={setConfirm}
            error={errors.confirm_password}
          />
        </div>
        <div className="card-footer">
          <Link to="/account/profile" className="btn btn-secondary">
            {t('account.password.cancel')}
          </Link>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('account.password.submitting') : t('account.password.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
