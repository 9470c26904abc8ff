// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locationOf, mockApi, renderRoute, signIn } from './support.tsx';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const HERE = 'a'.repeat(64);
const PHONE = 'b'.repeat(64);
const LAPTOP = 'c'.repeat(64);
const session = (id: string, userAgent: string, current = false) => ({
  id,
  user_agent: userAgent,
  address: '203.0.113.7',
  created_at: '2026-11-28T09:00:00.000Z',
  last_used_at: '2026-11-29T03:00:00.000Z',
  expires_at: '2026-11-29T21:00:00.000Z',
  current,
});
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe("where you're signed in", () => {
  it('is in the user menu, names each device and signs one out, then all the others', async () => {
    signIn('jordan@example.ca');
    let live = [session(HERE, FIREFOX, true), session(PHONE, IPHONE), session(LAPTOP, WINDOWS)];
    const api = mockApi({
      'GET /api/clients/': () => ({ body: { results: [], count: 0, next: null, previous: null } }),
      'GET /api/sessions/': () => ({ body: { results: live } }),
      [`DELETE /api/sessions/${PHONE}/`]: () => {
        live = live.filter((s) => s.id !== PHONE);
        return { body: { success: true } };
      },
      'POST /api/sessions/sign-out-others/': () => {
        live = live.filter((s) => s.current);
        return { body: { ended: 1 } };
      },
    });
    const { router } = renderRoute('/dashboard');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /jordan@example.ca/ }));
    await user.click(await screen.findByRole('menuitem', { name: "Where you're signed in" }));
    expect(await screen.findByRole('heading', { level: 1, name: "Where you're signed in" })).toBeInTheDocument();
    expect(locationOf(router)).toBe('/account/sessions');
    const list = await screen.findByRole('list', { name: '3 sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.session-device')?.textContent)).toEqual([
      'Firefox on LinuxThis browser',
      'Safari on iPhone',
      'Chrome on Windows',
    ]);
    // This browser's session has no "Sign out" of its own (the menu's Logout is that).
    expect(within(items[0]).queryByRole('button')).toBeNull();
    await user.click(within(items[1]).getByRole('button', { name: /^Sign out Safari on iPhone/ }));
    expect(await screen.findByText('Safari on iPhone is signed out.')).toBeInTheDocument();
    expect(api.calls()).toContain(`DELETE /api/sessions/${PHONE}/`);
    expect(await screen.findByRole('heading', { name: '2 sessions' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('1 other session is signed out.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '1 session' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).toBeNull();
  });
});
