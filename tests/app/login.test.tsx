// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, getUsername, getRole } from '../../app/session.ts';
import { deferred, locationOf, mockApi, renderRoute, type FakeResponse } from './support.tsx';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

async function fillAndSubmit(username = 'ann', password = 'secret') {
  const user = userEvent.setup();
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
});
