import { Fragment, Suspense, use, useEffect, useState, type ReactNode } from 'react';
import { AlertIcon } from '../components/icons.tsx';
import { Loading } from '../components/Spinner.tsx';
import { retrySteps, stepsWait } from './definitions.ts';
import { useI18n, useT } from '../i18n/useT.ts';
import 'virtual:messages/en/wizard';

export interface StepsGateProps {
  /** Steps or forms whose definitions the children need. */
  steps: string[];
  children: ReactNode;
  /** Shown while they download. */
  loadingLabel?: string;
  /** Called once the children are drawn (after React commits them), again after a language switch draws them anew. */
  onDrawn?: () => void;
}

/** Tells its parent that what was drawn beside it is in the page. */
function Drawn({ onDrawn }: { onDrawn?: () => void }) {
  useEffect(() => onDrawn?.(), [onDrawn]);
  return null;
}

/**
 * Suspends on the download (React `use`) and draws what its outcome asks. It is drawn only while the steps are not
 * loaded, so the component that suspends is never drawn again without calling use(), as React requires; once they
 * are in, the Gate draws the children itself.
 */
function Awaited({ wait, children }: { wait: Promise<Error | null>; children: (error: Error | null) => ReactNode }) {
  return children(use(wait));
}

function LoadFailed({ steps, onRetry }: { steps: string[]; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="alert alert-error" role="alert">
      <AlertIcon />
      <div>
        <p className="alert-title">{t('wizard.loadFailed.title')}</p>
        <p>{t('wizard.loadFailed.text')}</p>
        <div className="btn-group" style={{ marginTop: 'var(--space-2)' }}>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => {
              retrySteps(steps);
              onRetry();
            }}
          >
            {t('wizard.tryAgain')}
          </button>
          {/* After an update of the app, the files this page was built with may be gone: a reload fetches the new ones. */}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => window.location.reload()}>
            {t('wizard.reload')}
          </button>
        </div>
      </div>
    </div>
  );
}

function Gate({ steps, children, onDrawn }: Omit<StepsGateProps, 'loadingLabel'>) {
  const [, setAttempt] = useState(0);
  // A language switch draws this again: the steps in the new language load (suspending meanwhile), and the children
  // are drawn anew over them (their key), so every label, message and title is in that language.
  const language = useI18n().locale;
  const drawn = (
    <Fragment key={language}>
      {children}
      <Drawn onDrawn={onDrawn} />
    </Fragment>
  );
  const wait = stepsWait(steps);
  if (!wait) return drawn;
  return (
    <Awaited wait={wait}>
      {(error) => (error ? <LoadFailed steps={steps} onRetry={() => setAttempt((n) => n + 1)} /> : drawn)}
    </Awaited>
  );
}

/**
 * Draws its children once the steps' definitions are loaded in the language shown, with a spinner meanwhile and a
 * retry if they fail; again on a language switch.
 */
export function StepsGate({ steps, children, loadingLabel, onDrawn }: StepsGateProps) {
  return (
    <Suspense fallback={<Loading label={loadingLabel} />}>
      <Gate steps={steps} onDrawn={onDrawn}>
        {children}
      </Gate>
    </Suspense>
  );
}
