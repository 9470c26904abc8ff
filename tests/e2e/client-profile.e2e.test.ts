/**
 * Issue 31 in Chromium: the second insured's own profile lists the application they are on, with their role, and the
 * profile's applications table (documents and role included) fits its card at 1280 px and at 390 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness.ts';
import { Api, createAdviser, createClient, example, seedSteps, withClientIds, withPlans } from './support/seed.ts';
import { signIn } from './support/ui.ts';

let h: Harness;
let page: Page;
let first: string;
let second: string;

beforeAll(async () => {
  h = await startHarness();
  page = h.page;
  const adviser = await createAdviser(h.baseUrl, 'profile');
  const api = new Api(h.baseUrl, adviser.token);
  first = await createClient(api, { first_name: 'Arjun', last_name: 'Mehta' });
  second = await createClient(api, { first_name: 'Emily', last_name: 'Mehta' });
  // Two insureds owning their whole life plan jointly, and PDFs for three insurers (the widest documents cell).
  await seedSteps(
    api,
    first,
    withPlans(
      withClientIds(example('screening-review', 'full-application'), { 2087: first, 2088: second }) as Record<
        string,
        unknown
      >,
      'manulife_par_20_pay',
      'wealth_achiever_20_pay',
    ),
  );
  await api.ok('POST', '/pdf/generate_pdf/', {
    client_id: Number(first),
    populate_forms: ['BMO', 'MANULIFE', 'CANADA_LIFE'],
  });
  await signIn(page, h.baseUrl, adviser);
});

afterAll(async () => {
  await h?.close();
});

/** How far the applications table reaches past its card, and past the box that scrolls it (0 when it fits). */
async function overflowOf(): Promise<{ card: number; scroll: number }> {
  const section = page.getByRole('region', { name: 'Insurance Applications' });
  await section.getByRole('table').waitFor();
  return section.evaluate((card) => {
    const table = card.querySelector('table') as HTMLTableElement;
    const wrap = table.parentElement as HTMLElement;
    return {
      card: Math.max(0, Math.ceil(table.getBoundingClientRect().right - card.getBoundingClientRect().right)),
      scroll: Math.max(0, wrap.scrollWidth - wrap.clientWidth),
    };
  });
}

describe('the client profile lists every application the client is on', () => {
  it("shows the first client's application on the second insured's profile, with her role", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${h.baseUrl}/client/profile/${second}`);
    const section = page.getByRole('region', { name: 'Insurance Applications' });
    const row = section.getByRole('row').filter({ hasText: 'Insured 2, joint owner' });
    await row.waitFor();
    await row.getByRole('link', { name: "Arjun Mehta's application" }).click();
    await page.waitForURL(`**/client/profile/${first}`);
    await section.getByRole('row').filter({ hasText: 'Insured 1, joint owner' }).waitFor();
  });

  it.each([1280, 390])('fits the applications table in its card at %i px', async (width) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${h.baseUrl}/client/profile/${second}`);
    await page.getByRole('button', { name: 'Download BMO Insurance' }).waitFor();
    expect(await overflowOf()).toEqual({ card: 0, scroll: 0 });
    await page.goto(`${h.baseUrl}/client/profile/${first}`);
    await page.getByRole('button', { name: 'Download BMO Insurance' }).waitFor();
    expect(await overflowOf()).toEqual({ card: 0, scroll: 0 });
  });
});
