/** A stand-in for the signing routes (docs: the signing contract) for the signing stories and screenshots. */
import type { SigningState } from '../../../app/signing/types.ts';
import { requestLanguage, serverMessage } from './serverText.ts';
import { stubPdf } from './stubPdf.ts';

export const SIGNING_BASE = '/api/applications/app-1';

export const SIGNING_IN_PROGRESS: SigningState = {
  consent: {
    version: '2026-11-29',
    title: 'Consent to sign electronically',
    text: 'I have read the documents shown above. I agree to sign them electronically and that my electronic signature has the same effect as my handwritten signature.',
  },
  documents: [
    {
      insurer: 'BMO',
      name: 'bmo-application.pdf',
      sha256: 'abc123',
      url: `${SIGNING_BASE}/signing/documents/bmo-application.pdf`,
    },
  ],
  signers: [
    {
      id: 'insured-1',
      label: 'Proposed insured',
      name: 'Daniel Tremblay',
      roles: ['insured', 'owner'],
      for: null,
      signed: { at: '2026-11-29T14:02:00Z', method: 'typed' },
    },
    { id: 'payor', label: 'Third-party payor', name: 'Claire Tremblay', roles: ['payor'], for: null, signed: null },
    { id: 'adviser', label: 'Adviser', name: 'Margaret Adviser', roles: ['adviser'], for: null, signed: null },
  ],
  next: 'payor',
  voided: [],
  signed: [],
};

export const SIGNING_DONE: SigningState = {
  ...SIGNING_IN_PROGRESS,
  signers: SIGNING_IN_PROGRESS.signers.map((s) => ({ ...s, signed: { at: '2026-11-29T14:20:00Z', method: 'drawn' } })),
  next: null,
  signed: [
    {
      insurer: 'BMO',
      name: 'bmo-application-signed.pdf',
      sha256: 'def456',
      url: `${SIGNING_BASE}/signed/bmo-application-signed.pdf`,
    },
  ],
};

/** 'refuses' answers every signature with a 400 on the name; 'unreadable' hands out a document no reader can open. */
export type SigningApi = 'ok' | 'refuses' | 'unreadable';

/** Answers the signing routes from `state`, the documents with a real two-page PDF. */
export function mockSigningApi(state: SigningState, mode: SigningApi = 'ok'): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      location.href,
    );
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (url.pathname === `${SIGNING_BASE}/signing/`) return json(state);
    if (
      url.pathname.startsWith(`${SIGNING_BASE}/signing/documents/`) ||
      url.pathname.startsWith(`${SIGNING_BASE}/signed/`)
    )
      return new Response(mode === 'unreadable' ? '%PDF-1.7\n%%EOF\n' : await stubPdf(), {
        headers: { 'Content-Type': 'application/pdf' },
      });
    if (url.pathname === `${SIGNING_BASE}/signatures/` && init?.method === 'POST') {
      // The server's refusal of a typed name that is not the signer's (api/signing/checkSignature.ts).
      const signer = state.signers.find((s) => s.id === state.next);
      const message = serverMessage('signatureFor', requestLanguage(input, init), { name: signer?.name ?? '' });
      if (mode === 'refuses') return json({ error: message, errors: [{ field: 'name', message }] }, 400);
      return json({ signer: state.next, at: new Date().toISOString(), complete: false }, 201);
    }
    return original(input, init);
  };
  return () => {
    globalThis.fetch = original;
  };
}
