import type { RetiredAnswers } from '../../engine/types.ts';
import { titleCase } from '../format.ts';
import { AlertIcon } from '../components/icons.tsx';

export interface RetiredAnswersNoticeProps {
  steps: RetiredAnswers[];
  title: string;
  /** The open button's text; `{title}` is the step's title. */
  stepLabel: string;
  onOpen: (stepId: string) => void;
}

/**
 * Saved answers to questions the screening no longer asks (its definitions changed after they were saved): they are
 * left out of the application, and the next save of their step removes them. Named as recorded, since no
 * definition titles them any more.
 */
export function RetiredAnswersNotice({ steps, title, stepLabel, onOpen }: RetiredAnswersNoticeProps) {
  if (!steps.length) return null;
  return (
    <div className="alert alert-info review-incomplete" role="region" aria-labelledby="review-retired-title">
      <AlertIcon width={18} height={18} aria-hidden="true" />
      <div>
        <p className="alert-title" id="review-retired-title">{title}</p>
        <ul>
          {steps.map((s) => (
            <li key={s.id}>
              <span>
                <strong>{s.title}</strong>
                <span className="review-incomplete-why">{s.fields.map((f) => f.split('.').map((p) => (/^\d+$/.test(p) ? `#${Number(p) + 1}` : titleCase(p))).join(' › ')).join(', ')}</span>
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
