/** The wizard's frame: the list of steps, the progress display, the actions bar and notices. */
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '../router/Link.tsx';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { AlertIcon, ArrowLeftIcon, ArrowRightIcon, CheckIcon } from '../components/icons.tsx';
import { TOAST_MS } from '../components/toastMs.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/wizard';

export interface StepEntry {
  id: string;
  title: string;
}

/** Where a step stands: answered and in good order, answered with something missing or invalid, or not answered. */
export type StepStatus = 'complete' | 'incomplete' | 'unanswered';

/**
 * The applicable steps in order, the current one marked. A step is shown done only when its saved answers are
 * complete, wherever it is in the list (an Edit from the review keeps the later steps done); an answered step
 * with something missing is flagged, never checked. Steps whose status is `undefined` (the review) are done once passed.
 */
export function StepList({
  steps,
  current,
  status,
  hrefOf,
}: {
  steps: StepEntry[];
  current: string;
  status: (stepId: string) => StepStatus | undefined;
  /** Where a step opens: a step that is reached (answered, or before the current one) is a link there. */
  hrefOf?: (stepId: string) => string;
}) {
  const index = steps.findIndex((s) => s.id === current);
  const t = useT();
  return (
    <nav className="wizard-steps" aria-label={t('wizard.steps')}>
      <ol>
        {steps.map((s, i) => {
          const known = status(s.id);
          const state =
            i === index
              ? 'current'
              : known === 'complete' || (known === undefined && i < index)
                ? 'done'
                : known === 'incomplete'
                  ? 'incomplete'
                  : 'upcoming';
          const content = (
            <>
              <span className="wizard-step-marker" aria-hidden="true">
                {state === 'done' ? (
                  <CheckIcon width={14} height={14} />
                ) : state === 'incomplete' ? (
                  <AlertIcon width={14} height={14} />
                ) : (
                  i + 1
                )}
              </span>
              <span className="wizard-step-title">{s.title}</span>
              {state === 'done' ? <span className="sr-only"> (completed)</span> : null}
              {state === 'incomplete' ? <span className="sr-only"> (incomplete)</span> : null}
            </>
          );
          const reached = i !== index && (known === 'complete' || known === 'incomplete' || i < index);
          return (
            <li
              key={s.id}
              className={`wizard-step is-${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              {reached && hrefOf ? (
                <Link className="wizard-step-link" to={hrefOf(s.id)}>
                  {content}
                </Link>
              ) : (
                content
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** "Step n of N" with a bar. */
export function ProgressDisplay({
  n,
  total,
  label,
  caption,
}: {
  n: number;
  total: number;
  label: string;
  caption?: string;
}) {
  const percent = total > 0 ? Math.round((Math.min(n, total) / total) * 100) : 0;
  return (
    <div className="wizard-progress">
      <div className="wizard-progress-text">
        <span className="wizard-progress-label">{label}</span>
        {caption ? <span className="muted text-sm">{caption}</span> : null}
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={Math.min(n, total)}
      >
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

export interface ActionsBarProps {
  backLabel: string;
  onBack?: () => void;
  saveLabel?: string;
  busySaveLabel: string;
  onSave?: () => void;
  nextLabel: string;
  busyNextLabel: string;
  onNext: () => void;
  busy: 'save' | 'next' | null;
  nextDisabled?: boolean;
  /** The id of the text that says why Next is disabled. */
  nextDescribedBy?: string;
}

/** Back on the left; Save ("Saving..." while busy) and Next ("Processing..." while busy) on the right. */
export function ActionsBar(props: ActionsBarProps) {
  const {
    backLabel,
    onBack,
    saveLabel,
    busySaveLabel,
    onSave,
    nextLabel,
    busyNextLabel,
    onNext,
    busy,
    nextDisabled,
    nextDescribedBy,
  } = props;
  // While a save runs the buttons say so with aria-disabled and ignore presses, but stay focusable: a disabled
  // button would drop the keyboard's focus to the page's top when pressed.
  const waiting = busy !== null;
  const unlessBusy = (action?: () => void) => () => {
    if (!waiting) action?.();
  };
  return (
    <div className="actions-bar wizard-actions">
      {onBack ? (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={unlessBusy(onBack)}
          aria-disabled={waiting || undefined}
        >
          <ArrowLeftIcon width={16} height={16} aria-hidden="true" />
          {backLabel}
        </button>
      ) : (
        <span />
      )}
      <div className="actions-bar-end">
        {onSave && saveLabel ? (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={unlessBusy(onSave)}
            aria-disabled={waiting || undefined}
            aria-busy={busy === 'save'}
          >
            {busy === 'save' ? busySaveLabel : saveLabel}
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-primary"
          onClick={unlessBusy(onNext)}
          disabled={nextDisabled}
          aria-disabled={waiting || undefined}
          aria-busy={busy === 'next'}
          aria-describedby={nextDescribedBy}
        >
          {busy === 'next' ? busyNextLabel : nextLabel}
          {busy === 'next' ? null : <ArrowRightIcon width={16} height={16} aria-hidden="true" />}
        </button>
      </div>
    </div>
  );
}

export interface NoticeState {
  kind: 'success' | 'error' | 'info';
  text: string;
  /** Extra lines under the text (a failed save's reasons). */
  details?: string[];
  /** A page that fixes what the notice says (the adviser's profile, for a missing adviser code). */
  link?: { to: string; label: string };
  id: number;
}

let noticeIds = 0;

/**
 * How long a "saved" confirmation stays: 6 s, twice the app's 3 s toasts, as the adviser's eyes are on the form
 * (issue 11); it can be closed sooner.
 */
export const SAVED_NOTICE_MS = 2 * TOAST_MS;

/** @returns - a notice; success notices vanish after SAVED_NOTICE_MS. */
export function useNotice(): [
  NoticeState | null,
  (kind: NoticeState['kind'] | null, text?: string, details?: string[], link?: NoticeState['link']) => void,
] {
  const [notice, setNotice] = useState<NoticeState | null>(null);
  useEffect(() => {
    if (notice?.kind !== 'success') return;
    const t = setTimeout(() => setNotice(null), SAVED_NOTICE_MS);
    return () => clearTimeout(t);
  }, [notice]);
  const set = (kind: NoticeState['kind'] | null, text = '', details?: string[], link?: NoticeState['link']) =>
    setNotice(kind ? { kind, text, details, link, id: ++noticeIds } : null);
  return [notice, set];
}

/**
 * A success confirmation in a toast fixed at the foot of the window, near Save and Next, in a live region that is
 * always in the page (so it is announced, and its coming and going moves nothing); an error (red, assertive, focusable
 * for a refused save) or information banner in the card.
 */
export function Notice({ notice, onClose }: { notice: NoticeState | null; onClose?: () => void }) {
  const success = notice?.kind === 'success' ? notice : null;
  const banner = notice && notice.kind !== 'success' ? notice : null;
  return (
    <>
      <div className="toast-region wizard-toast-region" role="status" aria-live="polite">
        {success ? (
          <div key={success.id} className="toast toast-success wizard-toast">
            <CheckIcon width={18} height={18} aria-hidden="true" style={{ color: 'var(--color-success)' }} />
            <span className="toast-message">{success.text}</span>
            {onClose ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm wizard-notice-close"
                onClick={onClose}
                aria-label="Dismiss"
              >
                ×
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      {banner ? (
        <div
          key={banner.id}
          className={`alert alert-${banner.kind} wizard-notice`}
          role={banner.kind === 'error' ? 'alert' : 'status'}
          tabIndex={-1}
        >
          <AlertIcon width={18} height={18} aria-hidden="true" />
          <div className="wizard-notice-body">
            <p className={banner.details?.length ? 'alert-title' : undefined}>{banner.text}</p>
            {banner.link ? (
              <p>
                <Link to={banner.link.to}>{banner.link.label}</Link>
              </p>
            ) : null}
            {banner.details?.length ? (
              <ul>
                {banner.details.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            ) : null}
          </div>
          {onClose ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm wizard-notice-close"
              onClick={onClose}
              aria-label="Dismiss"
            >
              ×
            </button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** Asks before leaving a step whose answers are not saved (they stay on this device as a draft). */
export function LeaveDialog({ onLeave, onStay }: { onLeave: () => void; onStay: () => void }) {
  const t = useT();
  return (
    <ConfirmDialog
      title={t('wizard.leave.title')}
      confirmLabel={t('wizard.leave.confirm')}
      cancelLabel={t('wizard.leave.stay')}
      onConfirm={onLeave}
      onCancel={onStay}
    >
      <p className="dialog-text">{t('wizard.leave.text')}</p>
    </ConfirmDialog>
  );
}

/** The card around a step: heading, optional description, then the content. */
export function StepCard({
  heading,
  description,
  sub,
  children,
}: {
  heading: string;
  description?: string;
  sub?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="card wizard-card" aria-labelledby="step-heading">
      <div className="card-body">
        <header className="wizard-card-header">
          <h1 id="step-heading" className="page-title">
            {heading}
          </h1>
          {description ? <p className="page-subtitle">{description}</p> : null}
          {sub}
        </header>
        {children}
      </div>
    </section>
  );
}
