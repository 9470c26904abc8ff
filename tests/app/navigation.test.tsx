// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, NO_TOKEN_MESSAGE } from '../../app/api/client.ts';
import { getToken, saveSession } from '../../app/session.ts';
import { locationOf, mockApi, renderRoute, signIn } from './support.tsx';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const EMPTY_LIST = { 'GET /api/clients/': () => ({ body: { results: [], count: 0 } }) };

describe('routes and top navigation', () => {
  it('sends a visitor without a session to the login page', async () => {
    mockApi({});
    const { router } = renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(locationOf(router)).toBe('/');
  });

  it('shows "Invalid step" for an unknown step, and a known step otherwise', async () => {
    signIn();
    mockApi({ 'GET /api/screening/3/?incomplete=true': () => ({ body: {} }) });
    const { router } = renderRoute('/client/3/screening/not-a-step');
    expect(await screen.findByText('Invalid step')).toBeInTheDocument();
    await act(() => router.navigate('/client/3/screening/plan-details'));
    expect(await screen.findByRole('heading', { name: 'Plan Details' })).toBeInTheDocument();
    expect(screen.queryByText('Invalid step')).not.toBeInTheDocument();
  });

  it('has Home, Applications and Support links', async () => {
    signIn();
    mockApi(EMPTY_LIST);
    renderRoute('/dashboard');
    expect(await screen.findByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Applications' })).toHaveAttribute('href', '/applications');
    expect(screen.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/reports');
  });

  it('shows "User" without a stored username; the dropdown closes on a click outside', async () => {
    saveSession({ token: 't', username: '', role: '' });
    mockApi(EMPTY_LIST);
    renderRoute('/dashboard');
    const user = userEvent.setup({ delay: null });
    const heading = await screen.findByRole('heading', { name: 'Clients' });
    const button = screen.getByRole('button', { name: /User/ });
    await user.click(button);
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(heading);
    expect(screen.queryByRole('menuitem', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('Logout clears the session and returns to the login page', async () => {
    signIn('ann');
    const api = mockApi({ ...EMPTY_LIST, 'POST /api/logout/': () => ({ status: 204 }) });
    const { router } = renderRoute('/dashboard');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /ann/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(locationOf(router)).toBe('/'));
    expect(getToken()).toBeNull();
    expect(api.calls()).toContain('POST /api/logout/');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('Logout with a token the server no longer takes is a plain logout, not a session that ended', async () => {
    signIn('ann');
    const api = mockApi({
      ...EMPTY_LIST,
      'POST /api/logout/': () => ({ status: 401, body: { error: 'Invalid token', errors: [] } }),
    });
    const { router } = renderRoute('/dashboard');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /ann/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(locationOf(router)).toBe('/');
    expect(api.calls()).toContain('POST /api/logout/');
    expect(getToken()).toBeNull();
    expect(screen.queryByText(/Your session has ended/)).not.toBeInTheDocument();
  });

  it('fails a data call without a token with "No authentication token found"', async () => {
    const api = mockApi({});
    await expect(apiRequest('/api/clients/')).rejects.toThrow(NO_TOKEN_MESSAGE);
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it.each(['/applications', '/applications/new', '/reports'])('renders %s', async (path) => {
    signIn();
    mockApi(EMPTY_LIST);
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it.each([
    ['/forgot-password', 'Forgot password'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
  ])('renders %s without a session', async (path, title) => {
    mockApi({});
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });
});
