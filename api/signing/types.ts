/** Where a signer signs on a rendered PDF (api/pdf's renderApplication gives one per signer and form). */
export interface SignatureBlock {
  /** The signing plan's signer id (insured_1, owner_1, adviser…). */
  signer: string;
  /** The page, counted from 1 (as renderApplication counts them). */
  page: number;
  /** PDF points from the page's bottom-left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One signature as recorded: who, in which capacity, when, how, from which device, on which exact documents. */
export interface SignatureRecord {
  signer: string;
  name: string;
  roles: string[];
  /** ISO 8601, UTC. */
  signedAt: string;
  method: 'drawn' | 'typed';
  /** The drawing as a PNG data URL, for a drawn signature. */
  image: string | null;
  ip: string;
  userAgent: string;
  /** The SHA-256 (hex) of each document signed, in order. */
  documents: { name: string; sha256: string }[];
  consentVersion: string;
}
