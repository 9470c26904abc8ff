import type { Kysely } from 'kysely';
import { hashPassword } from '../auth/hashPassword.ts';
import { clientListKeys } from '../clients/clientListKeys.ts';
import type { Database } from './tables.ts';

/** The demo adviser created on first start with an empty database (README gives these). */
export const DEMO_USER = { username: 'demo@example.com', email: 'demo@example.com', password: 'demo1234' };

const BROKERS = [
  { name: 'Amélie Tremblay', email: 'amelie.tremblay@northbroker.ca' },
  { name: 'Daniel Okafor', email: 'daniel.okafor@northbroker.ca' },
  { name: 'Priya Sharma', email: 'priya.sharma@maplebrokers.ca' },
];

/**
 * Seeds an empty database (no account yet): a few brokers, and the demo adviser with two sample clients.
 * A database with any account is left as it is, so restarts keep everything as it was. Skipped when DEMO=0.
 */
export async function seedDemo(db: Kysely<Database>): Promise<void> {
  // Only an empty database (no account yet) gets the demo data: a database in use is never added to.
  const users = await db.selectFrom('users').select('id').limit(1).execute();
  if (users.length > 0) return;
  const brokers = await db.selectFrom('brokers').select('id').limit(1).execute();
  // Several instances may start at once on one empty database: whoever inserts second changes nothing.
  if (brokers.length === 0)
    await db
      .insertInto('brokers')
      .values(BROKERS)
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
  const password_hash = await hashPassword(DEMO_USER.password);
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      // The demo's email is verified, and it is the demo's administrator (the Admin page is part of what it shows).
      .values({
        email: DEMO_USER.email,
        username: DEMO_USER.username,
        password_hash,
        role: 'adviser',
        created_at: now,
        email_verified_at: now,
        is_admin: 1,
      })
      // Another instance starting at once may have inserted it: its email and its username are both unique.
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!user) return;
    await trx
      .insertInto('clients')
      .values(
        [
          {
            owner_user_id: user.id,
            first_name: 'Marie',
            last_name: 'Gagnon',
            email: 'marie.gagnon@example.com',
            phone_primary: '514-555-0142',
            date_of_birth: '1984-03-12',
            gender_sex_at_birth: 'female',
            created_at: now,
            updated_at: now,
            profile: JSON.stringify({
              title: 'ms',
              marital_status: 'married',
              address_line1: '1200 Rue Sherbrooke O',
              city: 'Montréal',
              province: 'QC',
              postal_code: 'H3A 1H6',
              email_consent: true,
              occupation: 'Pharmacist',
            }),
          },
          {
            owner_user_id: user.id,
            first_name: 'David',
            last_name: 'Chen',
            email: 'david.chen@example.com',
            phone_primary: '604-555-0198',
            date_of_birth: '1976-11-02',
            gender_sex_at_birth: 'male',
            created_at: now,
            updated_at: now,
            profile: JSON.stringify({
              title: 'mr',
              marital_status: 'common_law',
              address_line1: '88 Pacific Blvd',
              city: 'Vancouver',
              province: 'BC',
              postal_code: 'V6Z 2R6',
              email_consent: true,
              occupation: 'Civil engineer',
            }),
          },
        ].map((client) => ({ ...client, ...clientListKeys(client) })),
      )
      .execute();
    // A complete adviser profile: every insurer's form prints the adviser, and generation needs each insurer's code.
    await trx
      .insertInto('adviser_profiles')
      .values({ user_id: user.id, profile: JSON.stringify(DEMO_PROFILE), updated_at: now })
      .execute();
  });
}

/** The demo adviser's profile (api/profile/adviserProfile.ts). */
export const DEMO_PROFILE = {
  full_name: 'Alex Demo',
  licence_number: 'LLQP-2019-04417',
  licence_provinces: ['ON', 'QC', 'BC'],
  agency: 'Northshore Financial MGA',
  adviser_codes: {
    BMO: 'BMO-40213',
    MANULIFE: 'ML-7781204',
    SUNLIFE: 'SL-552190',
    BENEVA: 'BNV-30877',
    CANADA_LIFE: 'CL-918342',
  },
};
