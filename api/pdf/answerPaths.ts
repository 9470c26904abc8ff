import type { ApplicationData } from '../../engine/index.ts';
import type { DocumentLocale } from './formatValue.ts';
import type { FormField, GenerationPayload } from './types.ts';

/** Answer paths that start with this segment are read from the generation payload instead of the answers. */
export const PAYLOAD_ROOT = 'payload';

/** Replaces `{n}` with the section's repeat number. */
export function withN(text: string, n: number | undefined): string {
  return n === undefined ? text : text.replaceAll('{n}', String(n));
}

/** The answer paths of a field (one, or several joined into one value). */
export function answersOf(field: Pick<FormField, 'answer'>): string[] {
  return Array.isArray(field.answer) ? field.answer : [field.answer];
}

/** Where answers are read: the application data (engine values) and the payload built from it. */
export interface AnswerSource {
  data: ApplicationData;
  payload: GenerationPayload;
  /** The generation's names, built by the final step's summary document (one name formatter for every output). */
  names: GenerationNames;
  /** The document's language: how its answers print (Yes/No, money); default English. */
  locale?: DocumentLocale;
}

/**
 * What the final step's summary document (steps/<final>/documents/summary.json) gives every output: the insureds'
 * names as "First M. Last", the owners' names (null when there is none), and the rows of every PDF's first page.
 */
export interface GenerationNames {
  primary_insured: string | null;
  secondary_insured: string | null;
  owner_name: string | null;
  /** The first page's summary of every PDF: each row's label (the insurer may reword it) and value. */
  cover: { label: string; value: string | number | null; format?: 'money' }[];
  /** The result view's summary cards: each card's key (GenerationSummary's field), label and value. */
  cards: { key: string; label: string; value: string | number | null }[];
  /** The rows of the plans block (every plans table of the document), as the summary's plan table lists them. */
  plans: {
    plan_type: string | null;
    product_type: string | null;
    plan_name: string | null;
    face_amount: number | null;
  }[];
  /** Who signs every application, in order: the signer's id (as signing.json names it), line label and name. */
  signers: Signer[];
}

/** One signature line: `id` is the signer as steps/pdf-generation/documents/signing.json names it. */
export interface Signer {
  id: string;
  label: string;
  name: string | null;
}

/**
 * Reads an answer path: `payload.…` from the payload, anything else from the application data (step id first).
 * Numeric segments index arrays.
 */
export function readAnswer(source: AnswerSource, path: string): unknown {
  const parts = path.split('.');
  let cur: unknown = parts[0] === PAYLOAD_ROOT ? source.payload : source.data;
  for (let i = parts[0] === PAYLOAD_ROOT ? 1 : 0; i < parts.length; i++) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[parts[i]];
  }
  return cur;
}

/** True when a value counts as an answer: not missing, null, blank, false, or an empty list or object. */
export function hasAnswer(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}
