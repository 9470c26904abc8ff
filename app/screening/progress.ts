/**
 * Screening progress as the wizard writes it: the current step when it changes, and "Save Progress".
 */
import { updateScreeningProgress } from '../api/client.ts';

const lastRecorded = new Map<string, string>();

/**
 * Records the step the adviser is on, once per change (the spec skips a save when the step is already current).
 * Failures are ignored: progress is a convenience, the answers are saved separately.
 */
export function recordCurrentStep(clientId: string, step: string, finalStep: string): void {
  if (lastRecorded.get(clientId) === step) return;
  lastRecorded.set(clientId, step);
  updateScreeningProgress({
    clientId: numericId(clientId),
    currentStep: step,
    lastUpdated: new Date().toISOString(),
    isComplete: step === finalStep,
    stepData: {},
  }).catch(() => lastRecorded.delete(clientId));
}

/** "Save Progress": the step, plus what the step wants kept (its page and answers). */
export async function saveProgress(
  clientId: string,
  step: string,
  finalStep: string,
  stepData: Record<string, unknown>,
): Promise<void> {
  await updateScreeningProgress({
    clientId: numericId(clientId),
    currentStep: step,
    lastUpdated: new Date().toISOString(),
    isComplete: step === finalStep,
    stepData,
  });
  lastRecorded.set(clientId, step);
}

function numericId(clientId: string): number | string {
  const n = Number(clientId);
  return Number.isInteger(n) ? n : clientId;
}
