import { useEffect, useRef, useState } from 'react';
import { Link } from '../router/Link.tsx';
import { useSearchParams } from '../router/useSearchParams.ts';
import { verifyEmail } from '../api/verify.ts';
import { AlertIcon, CheckIcon } from '../components/icons.tsx';
import { Loading } from '../components/Spinner.tsx';
import { isSignedIn, markEmailVerified } from '../session.ts';
// Messages built in an effect read the app's instance: useT()'s function changes at every render.
import { i18n } from '../i18n/language.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/auth';

/**
 * "/verify-email?token=…", the link mailed at sign-up: verifies the account's email at once, signed in or not, and
 * says so; a link that is expired, used or not one of ours is said so, with where to ask for a new one.
 */
export default function VerifyEmailPage() {
  const t = useT();
  // What the page says of a link without a token (the server's words for a forged one).
  const noToken = t('auth.verify.noToken');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = /^[0-9a-f]{64}$/.test(token);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(
    valid ? null : { ok: false, text: noToken },
  );
  // The link works once: the request is sent once, even when React runs the effect twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!valid || sent.current) return;
    sent.current = true;
    verifyEmail(token).then(
      (text) => {
        markEmailVerified();
        setResult({ ok: true, text });
      },
      (e: unknown) => setResult({ ok: false, text: e instanceof Error ? e.message : i18n._('auth.verify.noToken') }),
    );
  }, [token, valid]);

  const next = isSignedIn()
    ? { to: '/dashboard', label: t('auth.verify.toClients') }
    : { to: '/', label: t('auth.verify.signIn') };
  return (
    <div className="page page-narrow">
      <div className="card">
        <div className="card-body form-stack">
          <h1 className="page-title">{t('auth.verify.title')}</h1>
          {!result ? <Loading label={t('auth.verify.verifying')} /> : null}
          {result ? (
            <div className={`alert ${result.ok ? 'alert-success' : 'alert-error'}`} role="status">
              {result.ok ? <CheckIcon /> : <AlertIcon />}
              <span>{result.text}</span>
            </div>
          ) : null}
          {result ? (
            <p>
              <Link to={next.to} className="btn btn-primary">
                {next.label}
              </Link>
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
