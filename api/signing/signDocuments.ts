import { createHash } from 'node:crypto';
import type { Engine, PlannedSigner } from '../../engine/index.ts';
import type { Language } from '../definitions/createServerEngine.ts';
import { certificateTexts } from './certificateTexts.ts';
import { PDFDocument } from 'pdf-lib';
import { sealDocument } from './sealPdf.ts';
import type { SealingIdentity } from './sealingIdentity.ts';
import { stampDocument } from './stampSignatures.ts';
import type { SignatureBlock, SignatureRecord } from './types.ts';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** One insurer's generated PDF, as the signers read it, and where each signer signs it. */
export interface DocumentToSign {
  insurer: string;
  /** Its file name, as the signatures name it. */
  name: string;
  bytes: Uint8Array;
  signatureBlocks: SignatureBlock[];
}

/** One insurer's signed PDF: stamped, with its certificate page, sealed. */
export interface SignedDocument {
  insurer: string;
  name: string;
  bytes: Uint8Array;
  sha256: string;
}

/** The signature certificate a submission package carries: who signed what, when, how, and the hashes. */
export interface SignatureCertificate {
  application_id: number;
  version: number;
  signed_at: string;
  sealed_by: string | null;
  signatures: {
    signer: string;
    name: string;
    roles: string[];
    signed_at: string;
    method: 'drawn' | 'typed';
    ip: string;
    user_agent: string;
    consent_version: string;
    /** The SHA-256 of each document as it was read and signed (the generated PDF). */
    documents: { name: string; sha256: string }[];
  }[];
  /** Each insurer's sealed PDF, with the generated PDF it was made from. */
  documents: { insurer: string; name: string; sha256: string; signed_from: { name: string; sha256: string } }[];
}

/** The sealed PDF's name: the generated file's, marked signed. */
export const signedName = (name: string): string => name.replace(/(\.pdf)?$/i, '-signed.pdf');

/**
 * Makes each insurer's signed PDF once every signature is in: every signer's signature stamped in that insurer's
 * signature blocks, a certificate page appended (in `lang`, its texts from the signing definition), then sealed
 * with the server's identity. One PDF at a time: five take well under a second (bench/signing).
 * @param input - the application, its documents as signed, the standing signatures in signing order, the identity
 * @param lang - the certificate page's language, 'en' (default) or 'fr'
 * @returns the sealed PDFs and the signature certificate (JSON-ready)
 */
export async function signDocuments(
  input: {
    applicationId: number;
    version: number;
    signedAt: Date;
    documents: DocumentToSign[];
    signatures: SignatureRecord[];
    /** The signing plan's signers: the certificate says whom each signs for (an officer's corporation). */
    signers?: PlannedSigner[];
    identity: SealingIdentity;
    engine: { localized(lang: Language): Engine };
  },
  lang: Language = 'en',
): Promise<{ documents: SignedDocument[]; certificate: SignatureCertificate }> {
  const texts = certificateTexts(input.engine, lang);
  const documents: SignedDocument[] = [];
  for (const doc of input.documents) {
    // Loaded once, stamped, then saved once as it is sealed.
    const pdf = await PDFDocument.load(doc.bytes);
    await stampDocument(pdf, doc.signatureBlocks, input.signatures, {
      title: `${doc.name} — ${doc.insurer}`,
      texts,
      signers: input.signers,
    });
    const sealed = new Uint8Array(await sealDocument(pdf, input.identity, texts.title));
    documents.push({ insurer: doc.insurer, name: signedName(doc.name), bytes: sealed, sha256: sha256(sealed) });
  }
  const cn = input.identity.certificate.subject.getField('CN') as { value?: string } | null;
  const certificate: SignatureCertificate = {
    application_id: input.applicationId,
    version: input.version,
    signed_at: input.signedAt.toISOString(),
    sealed_by: cn?.value ?? null,
    signatures: input.signatures.map((s) => ({
      signer: s.signer,
      name: s.name,
      roles: s.roles,
      signed_at: s.signedAt,
      method: s.method,
      ip: s.ip,
      user_agent: s.userAgent,
      consent_version: s.consentVersion,
      documents: s.documents,
    })),
    documents: documents.map((d, i) => ({
      insurer: d.insurer,
      name: d.name,
      sha256: d.sha256,
      signed_from: { name: input.documents[i].name, sha256: sha256(input.documents[i].bytes) },
    })),
  };
  return { documents, certificate };
}
