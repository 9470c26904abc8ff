/** The signing contract's shapes (docs: the signing routes); replaced by the generated types when they arrive. */
export interface SigningConsent {
  version: string;
  title: string;
  text: string;
}

export interface SigningDocument {
  insurer: string;
  name: string;
  sha256: string;
  url: string;
}

export interface Signer {
  id: string;
  label: string;
  name: string | null;
  roles: string[];
  for: string | null;
  signed: { at: string; method: SignatureMethod } | null;
}

export type SignatureMethod = 'drawn' | 'typed';

export interface SigningState {
  consent: SigningConsent;
  documents: SigningDocument[];
  signers: Signer[];
  next: string | null;
  voided: { signer: string; at: string; reason: string }[];
}

/** What the pad hands over: a typed name, or a drawing as a PNG data URL. */
export interface Signature {
  method: SignatureMethod;
  name: string;
  image?: string;
}

export interface SignatureRequest {
  signer: string;
  name: string;
  method: SignatureMethod;
  image?: string;
  consent_version: string;
  documents: { name: string; sha256: string }[];
}

export interface SignatureAnswer {
  signer: string;
  at: string;
  complete: boolean;
}

export interface SignedHistoryEntry {
  name: string;
  at: string;
  url: string;
  voided_reason: string | null;
}
