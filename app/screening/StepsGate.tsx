import { Suspense, useState, type ReactNode } from 'react';
import { AlertIcon } from '../components/icons.tsx';
import { Loading } from '../components/Spinner.tsx';
import { retrySteps, useSteps } from './definitions.ts';

export interface StepsGateProps {
  /** Steps or forms whose definitions the children need. */
  steps: string[];
  children: ReactNode;
  /** Shown while they download. */
  loadingLabel?: string;
}

function Gate({ steps, children }: Omit<StepsGateProps, 'loadingLabel'>) {
  const [, setAttempt] = useState(0);
  const error = useSteps(steps);
  if (!error) return children;
  return (
    <div className="alert alert-error" role="alert">
      <AlertIcon />
      <div>
        <p className="alert-title">This page could not be loaded</p>
        <p>Check your connection and try again. Nothing you entered has been lost.</p>
        <div className="btn-group" style={{ marginTop: 'var(--space-2)' }}>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => {
              retrySteps(steps);
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
          {/* After an update of the app, the files this page was built with may be gone: a reload fetches the new ones. */}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        </div>
      </div>
    </div>
  );
}

/** Draws its children once the steps' definitions are loaded, with a spinner meanwhile and a retry if they fail. */
export function StepsGate({ steps, children, loadingLabel }: StepsGateProps) {
  return (
    <Suspense fallback={<Loading label={loadingLabel} />}>
      <Gate steps={steps}>{children}</Gate>
    </Suspense>
  );
}
