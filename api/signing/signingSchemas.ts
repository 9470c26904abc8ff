import { Type } from 'typebox';
import { Nullable } from '../http/routeSchemas.ts';

/** How a signer signs: drawing with a finger or a mouse, or typing their name. */
export const SignatureMethod = Type.Union([Type.Literal('drawn'), Type.Literal('typed')], {
  title: 'SignatureMethod',
  description: 'drawn (with a finger or a mouse) or typed (the name, keyboard only)',
});

/** A document to read before signing, or a sealed PDF: its insurer, name, SHA-256 and download link. */
export const SignedDocumentView = Type.Object(
  {
    insurer: Type.String(),
    name: Type.String(),
    sha256: Type.String(),
    url: Type.String(),
  },
  { title: 'SigningDocument', description: "One insurer's PDF: its name, SHA-256 (hex) and download link" },
);

export const SigningConsent = Type.Object(
  { version: Type.String(), title: Type.String(), text: Type.String() },
  { title: 'SigningConsent', description: 'The consent each signer accepts; each signature records its version' },
);

export const Signer = Type.Object(
  {
    id: Type.String(),
    label: Type.String(),
    name: Nullable(Type.String()),
    roles: Type.Array(Type.String()),
    /** The roles' names in the request's language (signing.json's certificate roles), for the signer to read. */
    roleNames: Type.Optional(Type.Array(Type.String())),
    for: Nullable(Type.String()),
    /** A signing officer's title (President), as the adviser typed it; null or absent for other signers. */
    title: Type.Optional(Nullable(Type.String())),
    signed: Nullable(Type.Object({ at: Type.String(), method: SignatureMethod })),
  },
  { title: 'Signer', description: 'One person who signs, in signing order, with their signature once it is in' },
);

export const SignatureBody = Type.Object(
  {
    signer: Type.String({ minLength: 1 }),
    name: Type.String(),
    method: SignatureMethod,
    image: Type.Optional(Type.String()),
    consent_version: Type.String(),
    documents: Type.Array(Type.Object({ name: Type.String(), sha256: Type.String() }, { additionalProperties: false })),
  },
  {
    additionalProperties: false,
    title: 'SignatureRequest',
    description: "One signer's signature: the name, how, the consent accepted and the hashes of the documents read",
  },
);

export const SigningAnswer = Type.Object(
  {
    consent: SigningConsent,
    documents: Type.Array(SignedDocumentView),
    signers: Type.Array(Signer),
    next: Nullable(Type.String()),
    /** The signatures voided (an answer changed after them), with when and why: the signers are told. */
    voided: Type.Array(Type.Object({ signer: Type.String(), at: Type.String(), reason: Type.String() })),
    /** Each insurer's signed, sealed PDF once every signature is in; empty until then. */
    signed: Type.Array(SignedDocumentView),
  },
  {
    title: 'SigningState',
    description: 'The signing ceremony: the consent, the documents to read, the signers in order, the signed PDFs',
  },
);

export const SignatureAnswer = Type.Object(
  { signer: Type.String(), at: Type.String(), complete: Type.Boolean() },
  { title: 'SignatureAnswer', description: 'A signature recorded; complete when it was the last one needed' },
);

export const SigningHistory = Type.Object(
  {
    versions: Type.Array(
      Type.Object({
        version: Type.Integer(),
        signed_at: Type.String(),
        voided_at: Nullable(Type.String()),
        voided_reason: Nullable(Type.String()),
        documents: Type.Array(SignedDocumentView),
      }),
    ),
  },
  { title: 'SigningHistory', description: 'Every signed version, oldest first; a voided one says when and why' },
);
