/**
 * Small helpers over playwright-core for the wizard's screens, all through accessible names (labels, roles, texts).
 * Waiting is done with Playwright's auto-waiting locators and vitest's expect.poll, never with sleeps.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

type Scope = Page | Locator;

/**
 * expect.poll with room for a busy machine (vitest's default gives up after 1 s): retries `read` until the
 * assertion chained on it passes, for up to 10 s.
 */
export function poll<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 10_000, interval: 50 });
}

/** The input, select or textarea whose label is exactly `label`. */
export function field(scope: Scope, label: string): Locator {
  return scope.getByLabel(label, { exact: true });
}

/** One option of a radio group (yes/no and radio widgets): the group is named by its legend. */
export function radio(scope: Scope, group: string, option: string): Locator {
  return scope.getByRole('radiogroup', { name: group, exact: true }).getByRole('radio', { name: option, exact: true });
}

/** A button by its exact accessible name. */
export function button(scope: Scope, name: string): Locator {
  return scope.getByRole('button', { name, exact: true });
}

/** The visible text of the option chosen in a select (the widgets' option values are indexes, not the answers). */
export function selectedLabel(select: Locator): Promise<string> {
  return select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text ?? '');
}

/** The region of a titled section or step card (`<section aria-labelledby>`). */
export function region(scope: Scope, name: string): Locator {
  return scope.getByRole('region', { name, exact: true });
}

/** The path part of the page's URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until the wizard shows `step` for this client: the URL and the step's heading. */
export async function waitForStep(page: Page, clientId: string, step: string, heading?: string): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === `/client/${clientId}/screening/${step}`, { timeout: 15_000 });
  } catch (error) {
    // Say why the wizard stayed where it is: the refusal the adviser sees.
    const shown = await page
      .evaluate(() =>
        [...document.querySelectorAll('[role=alert] li, .field-error')].map((n) => n.textContent?.trim() ?? ''),
      )
      .catch(() => [] as string[]);
    throw new Error(
      `The wizard stayed on ${pathOf(page)} instead of ${step}. It shows: ${shown.join(' | ') || 'no alert'}`,
      { cause: error },
    );
  }
  if (heading) await page.getByRole('heading', { name: heading, level: 1, exact: true }).waitFor();
}

/** Opens the wizard at a step through its URL (a fresh load of the saved answers). */
export async function openStep(
  page: Page,
  baseUrl: string,
  clientId: string,
  step: string,
  heading: string,
): Promise<void> {
  await page.goto(`${baseUrl}/client/${clientId}/screening/${step}`);
  await waitForStep(page, clientId, step, heading);
}

/** The texts of the wizard's error block ("Please correct the following:"), once it shows. */
export async function errorSummary(page: Page): Promise<string[]> {
  const block = page.getByRole('alert').filter({ hasText: 'Please correct the following:' });
  await block.waitFor();
  return block.getByRole('listitem').allInnerTexts();
}

/** The error shown next to a field, found through the field's aria-describedby (what a screen reader reads). */
export async function describedError(input: Locator): Promise<string> {
  return input.evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    return ids
      .map((id) => document.getElementById(id))
      .filter((node): node is HTMLElement => Boolean(node && node.classList.contains('field-error')))
      .map((node) => node.textContent?.replace(/^!/, '').trim() ?? '')
      .join(' | ');
  });
}

/** Polls until the field's described error is `message` (errors show after blur or a refused Next). */
export async function expectFieldError(input: Locator, message: string): Promise<void> {
  await poll(() => describedError(input)).toBe(message);
  expect(await input.getAttribute('aria-invalid')).toBe('true');
}

/** Reads the session token the app keeps in sessionStorage ("authToken"). */
export function sessionToken(page: Page): Promise<string | null> {
  return page.evaluate(() => sessionStorage.getItem('authToken'));
}

/** The first bytes and the size of a file fetched in the page with the session's token header, as the app's API client does. */
export function fetchWithSession(
  page: Page,
  url: string,
): Promise<{ status: number; contentType: string | null; head: string; length: number }> {
  return page.evaluate(async (href) => {
    const response = await fetch(href, {
      headers: { Authorization: `Token ${sessionStorage.getItem('authToken') ?? ''}` },
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      head: String.fromCharCode(...bytes.slice(0, 5)),
      length: bytes.length,
    };
  }, url);
}

/**
 * Signs in through the login page and waits for the dashboard. Whoever was signed in in this tab is signed out
 * first (the session lives in sessionStorage; a signed-in adviser is sent from the login page to the dashboard).
 */
export async function signIn(page: Page, baseUrl: string, adviser: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Username').fill(adviser.email);
  await page.getByLabel('Password').fill(adviser.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
}
