import type { Kysely } from 'kysely';
import { clientListKeys } from '../api/clients/clientListKeys.ts';
import type { Database } from '../api/db/tables.ts';

const FIRST = [
  'Hélène',
  'Marc',
  'Zoé',
  'Amélie',
  'David',
  'Priya',
  'Olivier',
  'Chloé',
  'Noah',
  'Émile',
  'Sofia',
  'Liam',
];
const LAST = ['Tremblay', 'Gagnon', 'Roy', 'Côté', 'Bouchard', 'Gauthier', 'Morin', 'Lavoie', 'Fortin', 'Gagné'];
const PROFILE = JSON.stringify({
  title: 'ms',
  marital_status: 'married',
  address_line1: '1200 Rue Sherbrooke O',
  city: 'Montréal',
  province: 'QC',
  postal_code: 'H3A 1H6',
  occupation: 'Pharmacist',
});

/** A name of letters only (names refuse digits), different for each n. */
function letters(n: number): string {
  let out = '';
  for (let i = 0; i < 3; i++, n = Math.floor(n / 26)) out += String.fromCharCode(97 + (n % 26));
  return out;
}

/**
 * A book of `count` clients for one adviser, written straight to the database in batches of 500 (with the folded
 * list keys the store writes), one a minute apart from 2024-01-01: the benches' 10,000 clients without 10,000 calls.
 * @param onBatch - called with each batch's ids (the API bench adds applications)
 */
export async function seedClients(
  db: Kysely<Database>,
  userId: number,
  count: number,
  onBatch?: (ids: number[]) => Promise<void>,
): Promise<void> {
  const base = Date.parse('2024-01-01T00:00:00Z');
  for (let from = 0; from < count; from += 500) {
    const rows = Array.from({ length: Math.min(500, count - from) }, (_, k) => {
      const i = from + k;
      const at = new Date(base + i * 60_000).toISOString();
      const client = {
        owner_user_id: userId,
        first_name: FIRST[i % FIRST.length],
        last_name: `${LAST[Math.floor(i / FIRST.length) % LAST.length]}-${letters(i)}`,
        email: `client.${letters(i)}@example.com`,
        phone_primary: `514-555-${String(i % 10_000).padStart(4, '0')}`,
        date_of_birth: '1984-03-12',
        gender_sex_at_birth: 'female',
        profile: PROFILE,
        created_at: at,
        updated_at: at,
      };
      return { ...client, ...clientListKeys(client) };
    });
    const ids = await db.insertInto('clients').values(rows).returning('id').execute();
    await onBatch?.(ids.map((r) => r.id));
  }
}
