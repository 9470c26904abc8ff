import { mapDocument } from './mapDocument.ts';
import type { DocumentMapping } from './types.ts';

/** The consent a signer accepts before signing electronically; its version is recorded with each signature. */
export interface SigningConsent {
  version: string;
  title: string;
  text: string;
}

/** One person who signs the application, in the order they sign. */
export interface PlannedSigner {
  /** Stable within an application (insured_1, owner_2, payor, adviser…): one signature per id. */
  id: string;
  /** The capacities the person signs in (an insured who owns the policy signs once, as insured and owner). */
  roles: string[];
  label: string;
  /** The name from the answers; null when the signer gives it while signing (a guardian, say). */
  name: string | null;
  /** Whom the signer signs for (the minor insured, the corporation), when not themselves. */
  for: string | null;
  /** The signer's title where they sign for an entity (a signing officer's "President"), else null. */
  title: string | null;
}

/** Who signs an application and what they consent to. */
export interface SigningPlan {
  consent: SigningConsent;
  signers: PlannedSigner[];
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * The ordered list of signers an application needs, worked out from its answers by the signing definition
 * (steps/pdf-generation/documents/signing.json), and the consent they accept. The adviser always signs last, whatever
 * order the definition lists them in, because the adviser attests the clients' signatures. An entry of the
 * definition that maps to a list (a `$each` over a list answer, such as an entity's signing officers) gives one signer
 * per item, in place.
 * @param mapping - the signing definition (definitions.steps['pdf-generation'].documents.signing)
 * @param data - the answers keyed by step id, with `$context.adviser` for the adviser's name
 * @returns the consent and the signers, in signing order, each id once
 * @throws Error when the definition yields a signer without an id, or the same id twice
 * @example signingPlan(signing, answers).signers.map((s) => s.id) // ['insured_1', 'adviser']
 */
export function signingPlan(mapping: DocumentMapping, data: Record<string, unknown>): SigningPlan {
  const out = record(mapDocument(mapping, data));
  const consent = record(out.consent);
  const seen = new Set<string>();
  const signers: PlannedSigner[] = [];
  // One level of lists is flattened: an entry written as a `$each` stands for as many signers as its list has items.
  const rows: unknown[] = Array.isArray(out.signers) ? out.signers.flat() : [];
  for (const raw of rows) {
    const row = record(raw);
    const id = text(row.id);
    if (!id) throw new Error('the signing definition gives a signer without an id');
    if (seen.has(id)) throw new Error(`the signing definition gives the signer "${id}" twice`);
    seen.add(id);
    signers.push({
      id,
      roles: Array.isArray(row.roles) ? row.roles.filter((r): r is string => typeof r === 'string') : [],
      label: text(row.label) ?? id,
      name: text(row.name),
      for: text(row.for),
      title: text(row.title),
    });
  }
  const isAdviser = (s: PlannedSigner): boolean => s.roles.includes('adviser');
  return {
    consent: { version: text(consent.version) ?? '', title: text(consent.title) ?? '', text: text(consent.text) ?? '' },
    signers: [...signers.filter((s) => !isAdviser(s)), ...signers.filter(isAdviser)],
  };
}
