import type { RetiredAnswers } from '../../engine/index.ts';
import { titleCase } from '../format.ts';
import { StepNotice } from './StepNotice.tsx';

export interface RetiredAnswersNoticeProps {
  steps: RetiredAnswers[];
  title: string;
  /** The open button's text; `{title}` is the step's title. */
  stepLabel: string;
  onOpen: (stepId: string) => void;
}

/** A recorded path in words, as no definition titles it any more: "old_question.0" -> "Old Question › #1". */
const inWords = (path: string): string =>
  path
    .split('.')
    .map((p) => (/^\d+$/.test(p) ? `#${Number(p) + 1}` : titleCase(p)))
    .join(' › ');

/**
 * Saved answers to questions the screening no longer asks (its definitions changed after they were saved): they are
 * left out of the application, and the next save of their step removes them.
 */
export function RetiredAnswersNotice({ steps, title, stepLabel, onOpen }: RetiredAnswersNoticeProps) {
  const items = steps.map((s) => ({ id: s.id, title: s.title, why: s.fields.map(inWords).join(', ') }));
  return (
    <StepNotice name="review-retired" tone="info" title={title} steps={items} stepLabel={stepLabel} onOpen={onOpen} />
  );
}
