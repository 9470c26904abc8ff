/** The screening's step order, read from steps/flow.json, and the rules of the screening prompt. */
import { flow } from 'virtual:steps';
import type { ScreeningProgress } from './api/types.ts';

/** Step ids in wizard order: basic, proposed-insured, ... pdf-generation. */
export const SCREENING_STEPS: readonly string[] = flow.steps.map((step) => step.id);

const TITLES = new Map<string, string>(flow.steps.map((step) => [step.id, step.title]));

/** @returns - true when the id names a screening step (anything else shows "Invalid step"). */
export function isScreeningStep(step: string | undefined): step is string {
  return step !== undefined && SCREENING_STEPS.includes(step);
}

/** @returns - the step's human title from flow.json, or the id. */
export function stepTitle(step: string): string {
  return TITLES.get(step) ?? step;
}

/**
 * Progress counts as absent when there is none, when lastUpdated is null,
 * or when the current step is the flow's first and stepData is empty.
 */
export function isProgressAbsent(progress: ScreeningProgress | null | undefined): boolean {
  if (!progress) return true;
  if (progress.lastUpdated === null || progress.lastUpdated === undefined) return true;
  const empty = !progress.stepData || Object.keys(progress.stepData).length === 0;
  return progress.currentStep === SCREENING_STEPS[0] && empty;
}

/** @returns - true when the prompt should offer "Continue Screening". */
export function hasIncompleteScreening(progress: ScreeningProgress | null | undefined): progress is ScreeningProgress {
  return !isProgressAbsent(progress) && !progress!.isComplete && isScreeningStep(progress!.currentStep);
}
