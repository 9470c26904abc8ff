import type { PlannedSigner } from '../../engine/index.ts';

/** A signature as the signing device sends it. */
export interface SignatureRequest {
  signer: string;
  /** The name the signer signs with; for a planned name, it must be that name. */
  name: string;
  method: 'drawn' | 'typed';
  image: string | null;
  consentAccepted: boolean;
  consentVersion: string;
  /** The SHA-256 the device computed of each document it showed, by document name. */
  documents: { name: string; sha256: string }[];
}

/** A refusal, in the API's error shape. */
export interface SignatureRefusal {
  error: string;
  errors: { field: string; message: string }[];
}

export interface SignatureContext {
  signers: PlannedSigner[];
  consentVersion: string;
  /** Signer ids with a signature that still stands (not voided). */
  signed: string[];
  /** The documents as they are now, by name, with their SHA-256. */
  documents: { name: string; sha256: string }[];
}

const refuse = (field: string, message: string): SignatureRefusal => ({
  error: message,
  errors: [{ field, message }],
});

/**
 * Whether a signature may be recorded, and why not: a signer the application does not need, a second signature for
 * the same signer, the adviser before the clients, a consent not accepted (or an older version), documents whose
 * hashes no longer match the ones generated, a drawn signature without its drawing. Null when it may.
 */
export function checkSignature(request: SignatureRequest, context: SignatureContext): SignatureRefusal | null {
  const signer = context.signers.find((s) => s.id === request.signer);
  if (!signer) return refuse('signer', `This application does not need a signature from "${request.signer}".`);
  if (context.signed.includes(signer.id))
    return refuse('signer', `${signer.name ?? signer.label} has already signed this application.`);
  if (signer.roles.includes('adviser')) {
    const waiting = context.signers.filter((s) => s.id !== signer.id && !context.signed.includes(s.id));
    if (waiting.length)
      return refuse(
        'signer',
        `The adviser signs last: ${waiting.map((s) => s.name ?? s.label).join(', ')} must sign first.`,
      );
  }
  if (!request.consentAccepted || request.consentVersion !== context.consentVersion)
    return refuse('consentAccepted', 'Please read and accept the consent to sign electronically.');
  const name = request.name.trim();
  if (!name) return refuse('name', 'Please enter the name you sign with.');
  if (signer.name && name.toLocaleLowerCase() !== signer.name.toLocaleLowerCase())
    return refuse('name', `This signature is for ${signer.name}.`);
  if (request.method === 'drawn' && !/^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(request.image ?? ''))
    return refuse('image', 'Please draw your signature, or type your name instead.');
  const now = new Map(context.documents.map((d) => [d.name, d.sha256]));
  const shown = new Map(request.documents.map((d) => [d.name, d.sha256.toLowerCase()]));
  const same = now.size === shown.size && [...now].every(([doc, hash]) => shown.get(doc) === hash);
  if (!same)
    return refuse(
      'documents',
      'The documents changed since they were shown: please read the new version before signing.',
    );
  return null;
}
