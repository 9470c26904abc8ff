// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISABLED_MESSAGE } from '../../api/auth/loginAnswer.ts';
import { getToken, getUsername, getRole } from '../../app/session.ts';
import { deferred, locationOf, mockApi, renderRoute, signIn, type FakeResponse } from './support.tsx';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

async function fillAndSubmit(username = 'ann', password = 'secret') {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('login page', () => {
  it('shows the spec texts', async () => {
    mockApi({});
    renderRoute('/');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Remember me')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: /sign up/i })).toHaveAttribute('href', '/signup');
  });

  it('shows "Invalid username or password" when the server refuses', async () => {
    mockApi({ 'POST /api/login/': () => ({ status: 401, body: { error: 'Invalid credentials' } }) });
    renderRoute('/');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(getToken()).toBeNull();
  });

  it('tells a disabled account so', async () => {
    mockApi({ 'POST /api/login/': () => ({ status: 403, body: { error: DISABLED_MESSAGE, errors: [] } }) });
    renderRoute('/');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(DISABLED_MESSAGE);
    expect(getToken()).toBeNull();
  });

  it('shows the same text for a server failure', async () => {
    mockApi({ 'POST /api/login/': () => ({ status: 500, statusText: 'Internal Server Error' }) });
    renderRoute('/');
    await fillAndSubmit();
    expect(await screen.findByText('Invalid username or password')).toBeInTheDocument();
  });

  it('reads "Signing in..." while busy, then stores the session and opens the dashboard', async () => {
    const pending = deferred<FakeResponse>();
    const api = mockApi({
      'POST /api/login/': () => pending.promise,
      'GET /api/clients/': () => ({ body: { results: [], count: 0 } }),
    });
    const { router } = renderRoute('/');
    await fillAndSubmit('ann', 'secret');
    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    expect(api.bodyOf('POST /api/login/')).toEqual({ username: 'ann', password: 'secret' });
    pending.resolve({ body: { token: 'tok-1', username: 'ann', role: 'adviser' } });
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard'));
    expect(getToken()).toBe('tok-1');
    expect(getUsername()).toBe('ann');
    expect(getRole()).toBe('adviser');
  });

  it('takes a session the server refuses to the login, says why, and returns to the page after signing in again', async () => {
    signIn('ann');
    localStorage.setItem('screening-draft:3:owner', JSON.stringify({ data: { occupation: 'pilot' } }));
    let refused = true;
    mockApi({
      // A logout in another window revoked this tab's token.
      'GET /api/clients/': () =>
        refused ? { status: 401, body: { error: 'Invalid token', errors: [] } } : { body: { results: [], count: 0 } },
      'POST /api/login/': () => ({ body: { token: 'tok-2', username: 'ann', role: 'adviser' } }),
    });
    const { router } = renderRoute('/dashboard?q=gagnon');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(locationOf(router)).toBe('/');
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Please sign in again');
    // Forgotten as on logout: the token, and the drafts this browser kept (they may hold medical answers).
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('screening-draft:3:owner')).toBeNull();
    refused = false;
    await fillAndSubmit('ann', 'secret');
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard?q=gagnon'));
    expect(getToken()).toBe('tok-2');
  });

  it('says nothing of an ended session to a visitor who simply is not signed in', async () => {
    mockApi({});
    renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByText(/Your session has ended/)).not.toBeInTheDocument();
  });
});
