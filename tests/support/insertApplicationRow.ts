import type { DataLayer } from '../../api/db/tables.ts';

/**
 * Writes a one-insured new application of a client straight into its table (no server), for tests of the storage
 * layer.
 * @param stored - its overall status and when it last changed (null: never)
 * @returns - the application's id
 */
export async function insertApplicationRow(
  db: DataLayer['db'],
  clientId: number,
  at: string,
  stored: { status: string; updatedAt: string | null },
): Promise<number> {
  const { id } = await db
    .insertInto('life_applications')
    .values({
      client_id: clientId,
      created_at: at,
      application_type: 'NEW',
      number_of_insureds: 1,
      status: stored.status,
      product_type: null,
      face_amount: null,
      updated_at: stored.updatedAt,
      definitions_version: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
