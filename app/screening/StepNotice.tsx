import { AlertIcon } from '../components/icons.tsx';

export interface StepNoticeItem {
  id: string;
  title: string;
  /** Why the step is listed, shown under its title. */
  why: string;
}

export interface StepNoticeProps {
  /** The region's id part (its title is `${name}-title`). */
  name: string;
  tone: 'warning' | 'info';
  title: string;
  steps: StepNoticeItem[];
  /** The open button's text; `{title}` is the step's title. */
  stepLabel: string;
  onOpen: (stepId: string) => void;
}

/** A notice on the review listing steps, each with why and a button that opens it (nothing when none is listed). */
export function StepNotice({ name, tone, title, steps, stepLabel, onOpen }: StepNoticeProps) {
  if (!steps.length) return null;
  return (
    <div className={`alert alert-${tone} review-incomplete`} role="region" aria-labelledby={`${name}-title`}>
      <AlertIcon width={18} height={18} aria-hidden="true" />
      <div>
        <p className="alert-title" id={`${name}-title`}>
          {title}
        </p>
        <ul>
          {steps.map((s) => (
            <li key={s.id}>
              <span>
                <strong>{s.title}</strong>
                <span className="review-incomplete-why">{s.why}</span>
              </span>
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => onOpen(s.id)}>
                {stepLabel.replace('{title}', s.title)}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
