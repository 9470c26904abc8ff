import type { ReactNode } from 'react';
import { ENGLISH_WORDS, type Words } from '../engine/index.ts';

/**
 * The rjsf formContext our widgets read. It is kept stable (same object while its inputs do not change), since rjsf
 * compares the registry it lives in on every render.
 */
export interface RendererFormContext {
  /** Lists named by lookupSelect's `ui:options.source` ("clients", "previousInsureds"). */
  lookups: Record<string, unknown[] | undefined>;
  /** Sources whose list failed to load (the widget shows its `loadErrorMessage`). */
  failedLookups?: string[];
  /** Asks the page to go on (choiceButtons: pick one and go on). */
  requestNext?: () => void;
  /** Choices the page offers but cannot take now, by field path then value, each with why (see StepFormProps). */
  unavailableChoices?: UnavailableChoices;
  /** flow.json's `words` in the language shown (yes, no for a boolean without labels; a drop-down's empty choice). */
  words?: Words;
}

/** By field path, then by choice value: why the choice cannot be taken now (a short text, maybe with a link). */
export type UnavailableChoices = Record<string, Record<string, ReactNode>>;

function asContext(formContext: unknown): Partial<RendererFormContext> {
  return formContext && typeof formContext === 'object' ? (formContext as Partial<RendererFormContext>) : {};
}

/** @returns - the words for answers without labels of their own, in the language shown. */
export function wordsOf(formContext: unknown): Words {
  return asContext(formContext).words ?? ENGLISH_WORDS;
}

/** @returns - the empty first choice of a drop-down without a placeholder of its own, in the language shown. */
export function selectWordOf(formContext: unknown): string {
  return wordsOf(formContext).select ?? ENGLISH_WORDS.select;
}

/** @returns - what a list with Add and Remove shows while it has no row, in the language shown. */
export function emptyListWordOf(formContext: unknown): string {
  return wordsOf(formContext).emptyList ?? ENGLISH_WORDS.emptyList;
}

/** @returns - the lookup lists of the form context. */
export function lookupsOf(formContext: unknown): Record<string, unknown[] | undefined> {
  return asContext(formContext).lookups ?? {};
}

/** @returns - true when the named list failed to load. */
export function lookupFailed(formContext: unknown, source: string): boolean {
  return Boolean(asContext(formContext).failedLookups?.includes(source));
}

/** @returns - the "go on" callback, when the page offers one. */
export function requestNextOf(formContext: unknown): (() => void) | undefined {
  return asContext(formContext).requestNext;
}

/** @returns - why each choice of the field cannot be taken now (none when all can). */
export function unavailableChoicesOf(formContext: unknown, path: string): Record<string, ReactNode> {
  return asContext(formContext).unavailableChoices?.[path] ?? {};
}
