import { useCallback, useEffect, useRef, useState } from 'react';
import { CheckIcon, AlertIcon, CloseIcon } from './icons.tsx';
import { TOAST_MS } from './toastMs.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/common';

export interface ToastMessage {
  id: number;
  text: string;
  kind: 'success' | 'error';
}

/**
 * A single toast that closes itself after TOAST_MS.
 * @returns - the current toast, show(text, kind) and close().
 */
export function useToast() {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const counter = useRef(0);

  const close = useCallback(() => {
    clearTimeout(timer.current);
    setToast(null);
  }, []);

  const show = useCallback((text: string, kind: ToastMessage['kind'] = 'success') => {
    clearTimeout(timer.current);
    counter.current += 1;
    setToast({ id: counter.current, text, kind });
    timer.current = setTimeout(() => setToast(null), TOAST_MS);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { toast, show, close };
}

/** The toast region: always in the page so screen readers hear new messages. */
export function Toast({ toast, onClose }: { toast: ToastMessage | null; onClose: () => void }) {
  const t = useT();
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast && (
        <div key={toast.id} className={`toast toast-${toast.kind}`} data-testid="toast">
          {toast.kind === 'success' ? (
            <CheckIcon style={{ color: 'var(--color-success)' }} />
          ) : (
            <AlertIcon style={{ color: 'var(--color-danger)' }} />
          )}
          <span className="toast-message">{toast.text}</span>
          <button
            type="button"
            className="btn btn-ghost btn-icon"
            aria-label={t('common.toast.dismiss')}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
      )}
    </div>
  );
}
