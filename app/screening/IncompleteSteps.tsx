import type { IncompleteStep } from '../../engine/index.ts';
import { StepNotice } from './StepNotice.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/wizard';

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
  const t = useT();
  const first = (s: IncompleteStep): string => s.errors[0]?.message ?? '';
  const items = steps.map((s) => ({
    id: s.id,
    title: s.title,
    why: s.missing
      ? missingLabel
      : s.errors.length > 1
        ? t('wizard.review.moreErrors', { text: first(s), count: s.errors.length - 1 })
        : first(s),
  }));
  return (
    <StepNotice
      name="review-incomplete"
      tone="warning"
      title={title}
      steps={items}
      stepLabel={stepLabel}
      onOpen={onOpen}
    />
  );
}
