import { useState } from 'react';
import { ApiError } from '../api/client.ts';
import { resendVerification } from '../api/verify.ts';
import { isEmailUnverified, markEmailVerified } from '../session.ts';
import { AlertIcon } from './icons.tsx';

/**
 * Above every signed-in page while the account's email is not verified: what the link is for, and "Send a new link"
 * (the server allows one a minute; the button rests as long).
 */
export function VerifyEmailBanner() {
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
      setMessage(e instanceof Error ? e.message : 'Failed to send a new link. Please try again.');
    }
    setTimeout(() => setResting(false), 60_000);
  };

  return (
    <div className="verify-banner alert alert-warning">
      <AlertIcon />
      <div>
        <p className="verify-banner-text">
          Please confirm your email address: open the link we sent you when you signed up. Until then, your account
          cannot be made a broker.
        </p>
        <div className="verify-banner-actions">
          <button type="button" className="btn btn-secondary btn-sm" disabled={resting} onClick={() => void onResend()}>
            Send a new link
          </button>
          <span role="status" className="text-sm">
            {message}
          </span>
        </div>
      </div>
    </div>
  );
}
