import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

/** One insurer's sealed PDF of a signed version, as the file store keeps it. */
export interface SignedFile {
  insurer: string;
  name: string;
  /** Its key in the file store. */
  key: string;
  /** SHA-256 (hex) of the sealed bytes. */
  sha256: string;
}

/** A complete signing of an application: its sealed PDFs and certificate; voided when an answer changed after it. */
export interface SignedVersion {
  version: number;
  signedAt: string;
  documents: SignedFile[];
  /** The signature certificate, as JSON text (the submission package carries it as it is). */
  certificate: string;
  voidedAt: string | null;
  voidReason: string | null;
}

const parseFiles = (text: string): SignedFile[] => {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as SignedFile[]) : [];
  } catch {
    return [];
  }
};

/** The signed versions of applications (table signed_versions, migration 0017). */
export function createSignedStore(db: Kysely<Database>) {
  return {
    /** Every signed version of the application, oldest first. */
    async versions(applicationId: number): Promise<SignedVersion[]> {
      const rows = await db
        .selectFrom('signed_versions')
        .selectAll()
        .where('application_id', '=', applicationId)
        .orderBy('version')
        .execute();
      return rows.map((r) => ({
        version: r.version,
        signedAt: r.signed_at,
        documents: parseFiles(r.documents),
        certificate: r.certificate,
        voidedAt: r.voided_at,
        voidReason: r.void_reason,
      }));
    },

    /** The version that stands (complete and not voided), if any. */
    async current(applicationId: number): Promise<SignedVersion | undefined> {
      return (await this.versions(applicationId)).find((v) => v.voidedAt === null);
    },

    /** The next version's number: one more than the last recorded. */
    async nextVersion(applicationId: number): Promise<number> {
      const row = await db
        .selectFrom('signed_versions')
        .select((eb) => eb.fn.max('version').as('last'))
        .where('application_id', '=', applicationId)
        .executeTakeFirst();
      return Number(row?.last ?? 0) + 1;
    },

    /** Records a complete signing; the sealed files are already in the file store. */
    async record(applicationId: number, version: Omit<SignedVersion, 'voidedAt' | 'voidReason'>): Promise<void> {
      await db
        .insertInto('signed_versions')
        .values({
          application_id: applicationId,
          version: version.version,
          signed_at: version.signedAt,
          documents: JSON.stringify(version.documents),
          certificate: version.certificate,
          voided_at: null,
          void_reason: null,
        })
        .execute();
    },

    /** Voids the version that stands (it stays as history, with when and why). */
    async voidCurrent(applicationId: number, reason: string, at = new Date()): Promise<void> {
      await db
        .updateTable('signed_versions')
        .set({ voided_at: at.toISOString(), void_reason: reason })
        .where('application_id', '=', applicationId)
        .where('voided_at', 'is', null)
        .execute();
    },
  };
}
