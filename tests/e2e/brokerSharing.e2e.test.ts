/**
 * Issue 12: a client shared with a granted broker, in the browser. The broker sees the client on the dashboard and
 * opens its profile; deleting it is the adviser's alone, so its row menu offers no Delete.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantBroker } from '../../api/admin/brokerGrants.ts';
import { markVerified } from '../support/markVerified.ts';
import { startHarness, type Harness } from './support/harness.ts';
import { Api, createAdviser, createClient, type Adviser } from './support/seed.ts';
import { field, poll, signIn } from './support/ui.ts';

let h: Harness;
let broker: Adviser;

const SHOTS = process.env.SHOTS_DIR;

beforeAll(async () => {
  h = await startHarness();
  const owner = await createAdviser(h.baseUrl, 'owner');
  broker = await createAdviser(h.baseUrl, 'broker');
  await markVerified(h.server.database.db, broker.email);
  expect((await grantBroker(h.server.database.db, broker.email, { by: 'e2e', name: 'Erin Broker' })).code).toBe(0);
  const clientId = await createClient(new Api(h.baseUrl, owner.token), { first_name: 'Noor', last_name: 'Haddad' });
  await new Api(h.baseUrl, owner.token).ok('PATCH', `/api/clients/${clientId}/`, { brokers: [broker.email] });
});

afterAll(async () => {
  await h?.close();
});

describe('a granted broker in the app', () => {
  it('sees and opens the shared client, and is offered no Delete', async () => {
    const page = h.page;
    await signIn(page, h.baseUrl, broker);
    await page.getByRole('link', { name: 'Noor Haddad' }).click();
    await page.getByRole('heading', { name: 'Client Profile', level: 1 }).waitFor();
    await poll(() => field(page, 'First Name').inputValue()).toBe('Noor');
    expect(await page.getByLabel('Brokers').isDisabled()).toBe(true);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.getByLabel('Brokers').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/broker-profile-1280.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByLabel('Brokers').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/broker-profile-390.png` });
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    await page.goto(`${h.baseUrl}/dashboard`);
    await page.getByRole('button', { name: 'Actions for Noor Haddad' }).click();
    // The menu offers Edit only: deleting is the adviser's (the API answers 403 to a broker, tests/api/brokerAccess).
    await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/broker-menu-1280.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/broker-menu-390.png` });
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
