import type { Kysely, Selectable } from 'kysely';
import type { PlannedSigner } from '../../engine/index.ts';
import type { Database } from '../db/tables.ts';
import { checkSignature, type SignatureRefusal, type SignatureRequest } from './checkSignature.ts';
import type { SignatureRecord } from './types.ts';

/** What the server knows when a signature arrives, besides the request. */
export interface SigningState {
  signers: PlannedSigner[];
  consentVersion: string;
  /** The generated documents as they are now. */
  documents: { name: string; sha256: string }[];
  /** SHA-256 of the application's answers now: signatures made over other answers are voided first. */
  answersHash: string;
  ip: string;
  userAgent: string;
  now: Date;
}

/** A stored signature, with whether it still stands. */
export interface StoredSignature extends SignatureRecord {
  id: number;
  voidedAt: string | null;
  voidReason: string | null;
}

type Row = Selectable<Database['signatures']>;

const fromRow = (row: Row): StoredSignature => ({
  id: row.id,
  signer: row.signer,
  name: row.name,
  roles: JSON.parse(row.roles) as string[],
  signedAt: row.signed_at,
  method: row.method === 'drawn' ? 'drawn' : 'typed',
  image: row.image,
  ip: row.ip,
  userAgent: row.user_agent,
  documents: JSON.parse(row.documents) as SignatureRecord['documents'],
  consentVersion: row.consent_version,
  voidedAt: row.voided_at,
  voidReason: row.void_reason,
});

export const ANSWERS_CHANGED = 'The answers changed after this signature: the application must be signed again.';

/** The signatures of applications: recorded once per signer, voided (never deleted) when the answers change. */
export function createSignatureStore(db: Kysely<Database>) {
  const standing = async (trx: Kysely<Database>, applicationId: number): Promise<StoredSignature[]> =>
    (
      await trx
        .selectFrom('signatures')
        .selectAll()
        .where('application_id', '=', applicationId)
        .where('voided_at', 'is', null)
        .orderBy('id')
        .execute()
    ).map(fromRow);

  const voidChanged = async (
    trx: Kysely<Database>,
    applicationId: number,
    answersHash: string,
    at: Date,
    reason = ANSWERS_CHANGED,
  ) => {
    const result = await trx
      .updateTable('signatures')
      .set({ voided_at: at.toISOString(), void_reason: reason })
      .where('application_id', '=', applicationId)
      .where('voided_at', 'is', null)
      .where('answers_hash', '!=', answersHash)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  };

  return {
    /** Every signature of the application, voided ones included (history), oldest first. */
    async history(applicationId: number): Promise<StoredSignature[]> {
      const rows = await db
        .selectFrom('signatures')
        .selectAll()
        .where('application_id', '=', applicationId)
        .orderBy('id')
        .execute();
      return rows.map(fromRow);
    },

    /**
     * Voids the standing signatures made over other answers than `answersHash` (they stay as history, with why).
     * @param reason - what changed, for the signers (default: the answers changed)
     * @returns how many were voided: lifecycle returns the application to DRAFT when this is not 0
     */
    voidIfAnswersChanged(
      applicationId: number,
      answersHash: string,
      at = new Date(),
      reason = ANSWERS_CHANGED,
    ): Promise<number> {
      return voidChanged(db, applicationId, answersHash, at, reason);
    },

    /**
     * Records a signature, or refuses it and changes nothing. Signatures over older answers are voided first, so a
     * signer whose signature the change voided signs again.
     */
    async record(
      applicationId: number,
      request: SignatureRequest,
      state: SigningState,
    ): Promise<{ signature: StoredSignature } | { refused: SignatureRefusal }> {
      return db
        .transaction()
        .execute(async (trx) => {
          const voided = await voidChanged(trx, applicationId, state.answersHash, state.now);
          const signed = (await standing(trx, applicationId)).map((s) => s.signer);
          const refusal = checkSignature(request, { ...state, signed });
          if (refusal) {
            // A refusal changes nothing: the voiding above is undone with the transaction.
            if (voided) throw new RefusedSignature(refusal);
            return { refused: refusal };
          }
          const signer = state.signers.find((s) => s.id === request.signer)!;
          const row = await trx
            .insertInto('signatures')
            .values({
              application_id: applicationId,
              signer: signer.id,
              name: request.name.trim(),
              roles: JSON.stringify(signer.roles),
              method: request.method,
              image: request.method === 'drawn' ? request.image : null,
              signed_at: state.now.toISOString(),
              ip: state.ip,
              user_agent: state.userAgent,
              documents: JSON.stringify(state.documents),
              consent_version: request.consentVersion,
              answers_hash: state.answersHash,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          return { signature: fromRow(row) };
        })
        .catch((error: unknown) => {
          if (error instanceof RefusedSignature) return { refused: error.refusal };
          throw error;
        });
    },

    /** Whether the signer's latest signature stands (was not voided). */
    async stands(applicationId: number, signer: string): Promise<boolean> {
      const row = await db
        .selectFrom('signatures')
        .select('id')
        .where('application_id', '=', applicationId)
        .where('signer', '=', signer)
        .where('voided_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** True when every planned signer has a signature that stands over the answers as they are now. */
    async allSignaturesIn(applicationId: number, signers: PlannedSigner[], answersHash: string): Promise<boolean> {
      const rows = await db
        .selectFrom('signatures')
        .select(['signer', 'answers_hash'])
        .where('application_id', '=', applicationId)
        .where('voided_at', 'is', null)
        .execute();
      const current = new Set(rows.filter((r) => r.answers_hash === answersHash).map((r) => r.signer));
      return signers.length > 0 && signers.every((s) => current.has(s.id));
    },
  };
}

/** Rolls back the voiding a refused signature's transaction made. */
class RefusedSignature extends Error {
  constructor(readonly refusal: SignatureRefusal) {
    super(refusal.error);
  }
}
