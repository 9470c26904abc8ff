import type { JsonObject } from '../../engine/index.ts';
import type { Loose } from './apiServer.ts';

/**
 * The body of `POST /api/applications/{id}/signatures/` for one signer of the signing state, typed: the signer's name
 * (the adviser's when the answers hold none), the consent's version and the documents as the state lists them.
 */
export function typedSignature(state: Loose, signer: Loose, change: JsonObject = {}): JsonObject {
  return {
    signer: signer.id,
    name: signer.name ?? 'Anne Adviser',
    method: 'typed',
    consent_version: state.consent.version,
    documents: state.documents.map((d: Loose) => ({ name: d.name, sha256: d.sha256 })),
    ...change,
  };
}
