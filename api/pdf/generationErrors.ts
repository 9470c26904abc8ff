import type { IncompleteStep } from '../../engine/types.ts';

/** Why a payload could not be built; `code` names the message in pdf-generation/ui.json's `messages`. */
export type PayloadErrorCode = 'missingPrimaryInsured' | 'missingBeneficiary' | 'missingPlanDetails' | 'missingPurpose' | 'badFinancial';

/** The spec's texts, used when no messages are given (the server passes pdf-generation/ui.json's). */
export const PAYLOAD_MESSAGES: Record<PayloadErrorCode, string> = {
  missingPrimaryInsured: 'Primary proposed insured information is missing',
  missingBeneficiary: 'Beneficiary data is missing',
  missingPlanDetails: 'Plan details are missing',
  missingPurpose: 'Purpose of insurance information is missing',
  badFinancial: 'Financial information is not properly structured',
};

/**
 * The field a payload error is about, as the answer names it: the step whose answers are missing or malformed
 * (a generation's other refusals are about populate_forms).
 */
export const PAYLOAD_FIELDS: Record<PayloadErrorCode, string> = {
  missingPrimaryInsured: 'proposed-insured.insured_1',
  missingBeneficiary: 'beneficiary',
  missingPlanDetails: 'plan-details',
  missingPurpose: 'purpose-of-insurance',
  badFinancial: 'financial',
};

/** Base of the errors that stop a generation; the server answers them with a 400. */
export class GenerationError extends Error {
  override name = 'GenerationError';
}

/** The saved answers cannot be turned into a payload. */
export class PayloadError extends GenerationError {
  override name = 'PayloadError';
  readonly code: PayloadErrorCode;
  constructor(code: PayloadErrorCode, message: string = PAYLOAD_MESSAGES[code]) {
    super(message);
    this.code = code;
  }
}

export type { IncompleteStep };

/** Some steps that apply are incomplete; the message names them by their flow.json titles. */
export class IncompleteScreeningError extends GenerationError {
  override name = 'IncompleteScreeningError';
  readonly steps: IncompleteStep[];
  constructor(steps: IncompleteStep[]) {
    super(`The screening is incomplete. Please complete: ${steps.map((s) => s.title).join(', ')}`);
    this.steps = steps;
  }
}
