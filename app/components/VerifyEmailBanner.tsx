import { useState } from 'react';
import { ApiError } from '../api/client.ts';
import { resendVerification } from '../api/verify.ts';
import { isEmailUnverified, markEmailVerified } from '../session.ts';
import { AlertIcon } from './icons.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/common';

/**
 * Above every signed-in page while the account's email is not verified: what the link is for, and "Send a new link"
 * (the server allows one a minute; the button rests as long).
 */
export function VerifyEmailBanner() {
  const t = useT();
  const [shown, setShown] = useState(isEmailUnverified);
  const [message, setMessage] = useState<string | null>(null);
  const [resting, setResting] = useState(false);
  if (!shown) return null;

  const onResend = async () => {
    setResting(true);
    try {
      setMessage(await resendVerification());
    } catch (e) {
      // Verified meanwhile (the link opened in another browser): nothing left to say.
      if (e instanceof ApiError && e.status === 400) {
        markEmailVerified();
        setShown(false);
        return;
      }
      setMessage(e instanceof Error ? e.message : t('common.verifyBanner.failed'));
    }
    setTimeout(() => setResting(false), 60_000);
  };

  return (
    <div className="verify-banner alert alert-warning">
      <AlertIcon />
      <div>
        <p className="verify-banner-text">{t('common.verifyBanner.text')}</p>
        <div className="verify-banner-actions">
          <button type="button" className="btn btn-secondary btn-sm" disabled={resting} onClick={() => void onResend()}>
            {t('common.verifyBanner.resend')}
          </button>
          <span role="status" className="text-sm">
            {message}
          </span>
        </div>
      </div>
    </div>
  );
}
