import { createContext, useContext } from 'react';
import type { AnswersLock } from './answersLock.ts';
import type { FlowActorRef } from './useFlowActor.ts';
import type { Engine, ApplicationData, JsonObject, StepDefinition } from '../../engine/index.ts';

/** Everything a wizard page needs: the engine, the running flow, the saved answers and how to change them. */
export interface WizardEnv {
  engine: Engine;
  /** The flow: events and its snapshot (useFlowActor.ts). */
  actor: FlowActorRef;
  clientId: string;
  /** `$context`: facts from outside the answers (clientId, clients, previousInsureds). */
  context: JsonObject;
  /** The answers as saved on the server, keyed by step id. */
  saved: ApplicationData;
  /** Stores a step's record as the server saved it. */
  setSaved: (stepId: string, record: JsonObject) => void;
  lookups: Record<string, unknown[] | undefined>;
  failedLookups: string[];
  /** Answers kept on the server by "Save Progress", by step (a fallback when this device has no draft). */
  progressDrafts: Record<string, JsonObject>;
  firstStep: string;
  reviewStep: string;
  finalStep: string;
  /** Opens a step by URL (the flow restarts there). */
  openStep: (stepId: string) => void;
  /** Leaves the wizard for the screening prompt. */
  toPrompt: () => void;
  /**
   * The server's word that the answers cannot change now (an insurer holds the application): the steps are shown
   * read-only with its message, Next only reads on, and nothing is saved. Null when they may change.
   */
  locked: AnswersLock | null;
}

export const WizardContext = createContext<WizardEnv | null>(null);

/** @returns - the wizard's environment (inside ScreeningWizard). */
export function useWizard(): WizardEnv {
  const env = useContext(WizardContext);
  if (!env) throw new Error('useWizard must be used inside ScreeningWizard');
  return env;
}

/** The root `ui:options` of a step, where labels and messages live. */
export interface StepUiOptions {
  heading?: string;
  description?: string;
  nextLabel?: string;
  saveLabel?: string;
  backLabel?: string;
  busyNextLabel?: string;
  busySaveLabel?: string;
  successMessage?: string;
  saveErrorMessage?: string;
  saveErrorFallback?: string;
  loadErrorMessage?: string;
  progressLabel?: string;
  progressSaveErrorMessage?: string;
  showSave?: boolean;
  pageDescriptions?: { single?: string; multiple?: string };
  editLabel?: string;
  /** Review: the good-order check (steps that must be completed before generation). */
  incompleteTitle?: string;
  incompleteStepLabel?: string;
  /** The review's notice of saved answers to questions no longer asked (engine.retiredAnswers). */
  retiredTitle?: string;
  retiredStepLabel?: string;
  incompleteMissing?: string;
  incompleteReason?: string;
  [key: string]: unknown;
}

/** @returns - the step's root ui:options. */
export function uiOptionsOf(def: StepDefinition): StepUiOptions {
  return ((def.ui as Record<string, unknown>)['ui:options'] ?? {}) as StepUiOptions;
}

/** The whole data with `$context` and one step's record replaced. */
export function withRecord(
  saved: ApplicationData,
  context: JsonObject,
  stepId: string,
  record: JsonObject | undefined,
): ApplicationData {
  return { ...saved, $context: context, [stepId]: record };
}
