import { Type } from 'typebox';

/** A sealed PDF as the routes list it. */
export const SignedDocumentView = Type.Object(
  {
    insurer: Type.String(),
    name: Type.String(),
    sha256: Type.String(),
    url: Type.String(),
  },
  { title: 'SignedDocument', description: "One insurer's signed PDF, sealed: its name, SHA-256 and download link" },
);
