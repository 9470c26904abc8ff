/**
 * Issue 29: the dashboard's client list and the Applications page page, sort and search on the server, at 1280 and
 * 390 px (where the table becomes cards and a menu sorts), the URL keeping the list for a reload; axe-core audits
 * every state. SHOTS_DIR=dir saves screenshots.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findProblems, settle } from './support/axe.ts';
import { startHarness, type Harness } from './support/harness.ts';
import { Api, createAdviser, createClient, type Adviser } from './support/seed.ts';
import { poll, signIn } from './support/ui.ts';

const SHOTS = process.env.SHOTS_DIR;
const LAST_NAMES = ['Tremblay', 'Gagnon', 'Roy', 'Bouchard', 'Morin', 'Lavoie'];
const FIRST_NAMES = ['Marc', 'Julie', 'Noah', 'Sofia', 'Liam', 'Chloe', 'Olivier', 'Amelie', 'Felix', 'Rosalie'];

let h: Harness;
let page: Page;
let adviser: Adviser;

beforeAll(async () => {
  h = await startHarness();
  page = h.page;
  adviser = await createAdviser(h.baseUrl, 'lists');
  const api = new Api(h.baseUrl, adviser.token);
  // 60 clients and Hélène Côté: three pages of 25. Every second client has an application.
  for (let i = 0; i < 60; i++) {
    const id = await createClient(api, {
      first_name: FIRST_NAMES[i % FIRST_NAMES.length],
      last_name: `${LAST_NAMES[i % LAST_NAMES.length]}${'abcdefghijklmnopqrstuvwxyz'[Math.floor(i / 6)]}`,
    });
    if (i % 2 === 0) await api.ok('POST', '/api/applications/create_new_application/', { client_id: id });
  }
  const helene = await createClient(api, { first_name: 'Hélène', last_name: 'Côté', email: 'helene.cote@example.ca' });
  await api.ok('POST', '/api/applications/create_new_application/', { client_id: helene });
  await signIn(page, h.baseUrl, adviser);
}, 240_000);

afterAll(async () => {
  await h?.close();
});

/** axe-core and the layout checks on the page as it is now: nothing to report. */
async function audited(state: string, width: number): Promise<void> {
  await settle(page);
  expect(await findProblems(page), `${state} at ${width} px`).toEqual([]);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/lists-${state}-${width}.png`, fullPage: true });
  }
}

/** The names of the rows (or cards) shown. */
const rowNames = (): Promise<string[]> =>
  page.locator('table tbody td.card-title-cell a').evaluateAll((links) => links.map((a) => a.textContent ?? ''));

/** The list's sort: a column header at 1280 px, the "Sort by" menu where the table is cards. */
async function sortBy(width: number, header: string, choice: string): Promise<void> {
  if (width > 640) await page.getByRole('columnheader', { name: header }).getByRole('button').click();
  else await page.getByLabel('Sort by').selectOption({ label: choice });
}

describe.each([1280, 390])('paged lists at %i px', (width) => {
  it('pages, sorts and searches the client list, and a reload shows the same list', async () => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${h.baseUrl}/dashboard`);
    const pages = page.getByRole('navigation', { name: 'Client list pages' });
    await poll(() => pages.textContent()).toContain('1–25 of 61 clients');
    expect(await rowNames()).toHaveLength(25);
    await audited('dashboard', width);

    await pages.getByRole('button', { name: 'Next page' }).click();
    await poll(() => pages.textContent()).toContain('26–50 of 61 clients');
    expect(new URL(page.url()).search).toBe('?page=2');

    await sortBy(width, 'Client Name', 'Name, A to Z');
    await poll(() => new URL(page.url()).search).toBe('?ordering=last_name');
    await poll(async () => (await rowNames())[0]).toMatch(/ Bouchard[a-z]$/);
    if (width > 640)
      expect(await page.getByRole('columnheader', { name: 'Client Name' }).getAttribute('aria-sort')).toBe('ascending');
    await audited('dashboard-sorted', width);

    await page.getByPlaceholder('Search clients...').fill('HELENE cote');
    await poll(rowNames).toEqual(['Hélène Côté']);
    expect(new URL(page.url()).searchParams.get('search')).toBe('HELENE cote');
    await poll(() => pages.textContent()).toContain('1 client');
    await page.reload();
    await poll(rowNames).toEqual(['Hélène Côté']);
    expect(await page.getByPlaceholder('Search clients...').inputValue()).toBe('HELENE cote');
    await audited('dashboard-searched', width);

    await page.getByPlaceholder('Search clients...').fill('nobody at all');
    await page.getByRole('heading', { name: 'No clients found' }).waitFor();
    await audited('dashboard-empty', width);
  });

  it('pages, sorts, searches and filters the Applications page', async () => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${h.baseUrl}/applications`);
    const pages = page.getByRole('navigation', { name: 'Application list pages' });
    await poll(() => pages.textContent()).toContain('1–25 of 31 applications');
    await audited('applications', width);
    await pages.getByRole('button', { name: 'Next page' }).click();
    await poll(() => pages.textContent()).toContain('26–31 of 31 applications');
    await poll(async () => (await rowNames()).length).toBe(6);

    await sortBy(width, 'Client', 'Client, A to Z');
    await poll(() => new URL(page.url()).search).toBe('?ordering=client_name');
    // Only every second client has an application: no Bouchard among them, Côté sorts first.
    await poll(async () => (await rowNames())[0]).toBe('Hélène Côté');
    await audited('applications-sorted', width);

    await page.getByPlaceholder('Search by client...').fill('helene');
    await poll(rowNames).toEqual(['Hélène Côté']);
    await page.reload();
    await poll(rowNames).toEqual(['Hélène Côté']);

    await page.getByLabel('Status').selectOption('ISSUED');
    await page.getByText('No applications match this search or filter').waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('ISSUED');
    await audited('applications-empty', width);
  });
});
