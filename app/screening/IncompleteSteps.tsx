import type { IncompleteStep } from '../../engine/types.ts';
import { AlertIcon } from '../components/icons.tsx';

export interface IncompleteStepsProps {
  steps: IncompleteStep[];
  title: string;
  /** The open button's text; `{title}` is the step's title. */
  stepLabel: string;
  /** Shown for a step with no saved answers. */
  missingLabel: string;
  onOpen: (stepId: string) => void;
}

/**
 * The steps that keep the application from being in good order, each with why (its first problem) and a button
 * that opens it; the wizard comes back to the review after that step's Next.
 */
export function IncompleteSteps({ steps, title, stepLabel, missingLabel, onOpen }: IncompleteStepsProps) {
  if (!steps.length) return null;
  return (
    <div className="alert alert-warning review-incomplete" role="region" aria-labelledby="review-incomplete-title">
      <AlertIcon width={18} height={18} aria-hidden="true" />
      <div>
        <p className="alert-title" id="review-incomplete-title">{title}</p>
        <ul>
          {steps.map((s) => {
            const more = s.errors.length > 1 ? ` (+${s.errors.length - 1} more)` : '';
            return (
              <li key={s.id}>
                <span>
                  <strong>{s.title}</strong>
                  <span className="review-incomplete-why">{s.missing ? missingLabel : `${s.errors[0]?.message ?? ''}${more}`}</span>
                </span>
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => onOpen(s.id)}>
                  {stepLabel.replace('{title}', s.title)}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
