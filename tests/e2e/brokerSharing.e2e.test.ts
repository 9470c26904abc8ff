/**
 * Issue 12: a client shared with a granted broker, in the browser. The broker sees the client on the dashboard and
 * opens its profile; deleting it is the adviser's alone, and the toast says so.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantBroker } from '../../api/admin/brokerGrants.ts';
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
  expect((await grantBroker(h.server.database.db, broker.email, { by: 'e2e', name: 'Erin Broker' })).code).toBe(0);
  const clientId = await createClient(new Api(h.baseUrl, owner.token), { first_name: 'Noor', last_name: 'Haddad' });
  await new Api(h.baseUrl, owner.token).ok('PATCH', `/api/clients/${clientId}/`, { brokers: [broker.email] });
});

afterAll(async () => {
  await h?.close();
});

describe('a granted broker in the app', () => {
  it('sees and opens the shared client, and cannot delete it', async () => {
    const page = h.page;
    await signIn(page, h.baseUrl, broker);
    await page.getByRole('link', { name: 'Noor Haddad' }).click();
    await page.getByRole('heading', { name: 'Client Profile', level: 1 }).waitFor();
    await poll(() => field(page, 'First Name').inputValue()).toBe('Noor');

    await page.goto(`${h.baseUrl}/dashboard`);
    await page.getByRole('button', { name: 'Actions for Noor Haddad' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Only the client\'s adviser can delete this client').waitFor();
    expect(await page.getByRole('link', { name: 'Noor Haddad' }).count()).toBe(1);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/broker-delete-1280.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/broker-delete-390.png` });
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
