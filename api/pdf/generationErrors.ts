import type { IncompleteStep } from '../../engine/index.ts';

/** Base of the errors that stop a generation; the server answers them with a 400. */
export class GenerationError extends Error {
  override name = 'GenerationError';
}

/**
 * The saved answers cannot be turned into a payload: one of the payload document's checks held. Its code, message
 * and field come from that check (steps/<final>/documents/payload.json), so the texts live once, in the definitions.
 */
export class PayloadError extends GenerationError {
  override name = 'PayloadError';
  constructor(
    readonly code: string,
    message: string,
    /** The answer the refusal is about (a step id or step.path); undefined when the check names none. */
    readonly field?: string,
  ) {
    super(message);
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

/** Where the adviser fills in the profile the refusals below point to. */
export const PROFILE_PAGE = '/account/profile';

/** The adviser's profile lacks what an insurer's form prints (its adviser code): the message names the insurer. */
export class AdviserProfileError extends GenerationError {
  override name = 'AdviserProfileError';
  readonly field = 'adviser_profile';
  readonly link = PROFILE_PAGE;
}

/**
 * A generation refused because an insurer holds the application (the screening's lock, as a save is refused): the
 * documents it was sent stay the application's latest (api/texts/texts.json `generationLocked`, with its French).
 */
export const GENERATION_LOCKED =
  'This application was submitted to an insurer, so its documents cannot be generated again: the insurer holds the ones it was sent. To generate new documents, withdraw the application from each insurer that has it, or start a new application.';
