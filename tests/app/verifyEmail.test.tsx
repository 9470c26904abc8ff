// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VERIFY_MESSAGES as M } from '../../api/auth/verifySchemas.ts';
import { isEmailUnverified, saveSession } from '../../app/session.ts';
import { mockApi, renderRoute } from './support.tsx';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'd'.repeat(64);
const EMPTY_LIST = { 'GET /api/clients/': () => ({ body: { results: [], count: 0, next: null, previous: null } }) };
const BANNER = /Please confirm your email address/;

describe('email verification', () => {
  it('shows the banner while the email is unverified, and resends the link', async () => {
    saveSession({ token: 't', username: 'new@example.ca', role: 'adviser', emailVerified: false });
    const api = mockApi({
      ...EMPTY_LIST,
      'POST /api/email/verify/resend/': () => ({ status: 202, body: { detail: M.sent } }),
    });
    renderRoute('/dashboard');
    expect(await screen.findByText(BANNER)).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    const resend = screen.getByRole('button', { name: 'Send a new link' });
    await user.click(resend);
    expect(await screen.findByText(M.sent)).toBeInTheDocument();
    expect(api.calls()).toContain('POST /api/email/verify/resend/');
    // The button rests: one link a minute.
    expect(resend).toBeDisabled();
  });

  it('says to wait when the server throttles, and goes when the email is verified already', async () => {
    saveSession({ token: 't', username: 'new@example.ca', role: 'adviser', emailVerified: false });
    let answer: { status: number; body: { error: string; errors: { field: string; message: string }[] } } = {
      status: 429,
      body: { error: M.wait, errors: [] },
    };
    mockApi({ ...EMPTY_LIST, 'POST /api/email/verify/resend/': () => answer });
    const first = renderRoute('/dashboard');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(M.wait)).toBeInTheDocument();
    first.unmount();
    answer = { status: 400, body: { error: M.already, errors: [{ field: '', message: M.already }] } };
    renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));
    await vi.waitFor(() => expect(screen.queryByText(BANNER)).toBeNull());
    expect(isEmailUnverified()).toBe(false);
  });

  it('shows no banner for a verified account', async () => {
    saveSession({ token: 't', username: 'old@example.ca', role: 'adviser', emailVerified: true });
    mockApi(EMPTY_LIST);
    renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(BANNER)).toBeNull();
  });

  it('verifies with the link once, and the banner goes', async () => {
    saveSession({ token: 't', username: 'new@example.ca', role: 'adviser', emailVerified: false });
    const api = mockApi({
      'POST /api/email/verify/': ({ body }) =>
        (body as { token: string }).token === TOKEN
          ? { body: { detail: M.verified, email_verified: true } }
          : { status: 400, body: { error: M.linkInvalid, errors: [] } },
    });
    renderRoute(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByText(M.verified)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your clients' })).toHaveAttribute('href', '/dashboard');
    expect(api.calls().filter((c) => c === 'POST /api/email/verify/')).toHaveLength(1);
    expect(isEmailUnverified()).toBe(false);
  });

  it('says why a link is refused, and a malformed one without asking the server', async () => {
    const api = mockApi({
      'POST /api/email/verify/': () => ({ status: 400, body: { error: M.linkExpired, errors: [] } }),
    });
    const page = renderRoute(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByText(M.linkExpired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/');
    page.unmount();
    renderRoute('/verify-email?token=nope');
    expect(await screen.findByText(M.linkInvalid)).toBeInTheDocument();
    expect(api.calls()).toHaveLength(1);
  });
});
