// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../app/api/client.ts';
import { returnPath } from '../../app/session.ts';
import { locationOf, mockApi, renderRoute, signIn } from './support.tsx';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const EMPTY_LIST = { 'GET /api/clients/': () => ({ body: { results: [], count: 0 } }) };
const LOGIN = { 'POST /api/login/': () => ({ body: { token: 't2', username: 'ann', role: 'adviser' } }) };

function draftKeys(): string[] {
  return Object.keys(localStorage).filter((k) => k.startsWith('screening-draft:'));
}

describe('drafts stay private (issue 11)', () => {
  it('logout removes every screening draft of every client from this browser, and nothing else', async () => {
    signIn('ann');
    localStorage.setItem('screening-draft:3:medical', '{"record":{"insured_1":{"has_physician":true}}}');
    localStorage.setItem('screening-draft:7:owner', '{"record":{}}');
    localStorage.setItem('theme', 'light');
    mockApi({ ...EMPTY_LIST, 'POST /api/logout/': () => ({ status: 204 }) });
    const { router } = renderRoute('/dashboard');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /ann/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(locationOf(router)).toBe('/'));
    expect(draftKeys()).toEqual([]);
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('an expired session (401 to a signed call) removes the drafts too', async () => {
    signIn();
    localStorage.setItem('screening-draft:3:medical', '{"record":{}}');
    mockApi({ 'GET /api/clients/': () => ({ status: 401, body: { error: 'Invalid token' } }) });
    await expect(apiRequest('/api/clients/')).rejects.toThrow('Invalid token');
    expect(draftKeys()).toEqual([]);
  });
});

describe('login returns to the link that asked for it (issue 11)', () => {
  it('a screening link opened without a session goes to login, then back to that link', async () => {
    mockApi({
      ...LOGIN,
      'GET /api/insurance/screening-progress/get_progress/3/': () => ({ status: 404, body: { error: 'Not found' } }),
    });
    const { router } = renderRoute('/client/3/screening/prompt?from=mail');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(locationOf(router)).toBe('/');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Username'), 'ann');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(locationOf(router)).toBe('/client/3/screening/prompt?from=mail'));
  });

  it('goes to the dashboard after a plain login, and never to another site', () => {
    expect(returnPath(null)).toBe('/dashboard');
    expect(returnPath({ from: '/' })).toBe('/dashboard');
    expect(returnPath({ from: '//evil.example/x' })).toBe('/dashboard');
    expect(returnPath({ from: 'https://evil.example/' })).toBe('/dashboard');
    expect(returnPath({ from: '/applications' })).toBe('/applications');
  });
});
