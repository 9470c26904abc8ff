// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_MESSAGES } from '../../api/auth/checkPassword.ts';
import { PASSWORD_PAGE_MESSAGES as M } from '../../api/auth/passwordSchemas.ts';
import { getToken, getUsername } from '../../app/session.ts';
import { locationOf, mockApi, renderRoute, signIn, type FakeResponse } from './support.tsx';
import { specText } from '../support/specText.ts';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'a'.repeat(64);
const EMPTY_LIST = { 'GET /api/clients/': () => ({ body: { results: [], count: 0, next: null, previous: null } }) };
const refused = (field: string, message: string) => (): FakeResponse => ({
  status: 400,
  body: { error: message, errors: [{ field, message }] },
});

describe('change password', () => {
  it('is in the user menu and on the adviser profile', async () => {
    signIn('jordan@example.ca');
    mockApi({
      ...EMPTY_LIST,
      'GET /api/profile/': () => ({ body: { profile: null, updated_at: null, insurers: [], provinces: [] } }),
      'GET /api/profile/history/': () => ({ body: { results: [] } }),
    });
    const { router } = renderRoute('/dashboard');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /jordan@example.ca/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Change password' })).toBeInTheDocument();
    expect(locationOf(router)).toBe('/account/password');
    await router.navigate('/account/profile');
    expect(await screen.findByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/account/password');
  });

  it('ties a confirmation that differs to its field and sends nothing', async () => {
    signIn();
    const api = mockApi({});
    renderRoute('/account/password');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Current password'), 'my old password');
    await user.type(screen.getByLabelText('New password'), 'a quiet harbour at dusk');
    await user.type(screen.getByLabelText('Confirm new password'), 'a quiet harbour at noon');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const confirm = screen.getByLabelText('Confirm new password');
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription('Passwords do not match');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'At least 12 characters. Avoid common passwords and your email address.',
    );
    expect(api.calls()).not.toContain('POST /api/password/change/');
  });

  it("shows the server's refusal under the field at fault, then the change", async () => {
    signIn();
    let answer: () => FakeResponse = refused('current_password', M.currentWrong);
    const api = mockApi({ 'POST /api/password/change/': () => answer() });
    renderRoute('/account/password');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Current password'), 'not the password');
    await user.type(screen.getByLabelText('New password'), 'a quiet harbour at dusk');
    await user.type(screen.getByLabelText('Confirm new password'), 'a quiet harbour at dusk');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveFocus());
    expect(current).toHaveAccessibleDescription(M.currentWrong);
    expect(api.bodyOf('POST /api/password/change/')).toEqual({
      current_password: 'not the password',
      new_password: 'a quiet harbour at dusk',
    });

    answer = refused('new_password', PASSWORD_MESSAGES.weak);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveFocus());
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      `At least 12 characters. Avoid common passwords and your email address. ${PASSWORD_MESSAGES.weak}`,
    );
    expect(current).not.toHaveAttribute('aria-invalid');

    answer = () => ({ status: 200, body: { success: true } });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Your password is changed. Your other sessions are signed out.');
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});

describe('forgot password', () => {
  it('goes from the login page to the request, then says to check the email', async () => {
    const detail = M.sent;
    const api = mockApi({ 'POST /api/password/reset/': () => ({ status: 202, body: { detail } }) });
    const { router } = renderRoute('/');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: 'Forgot password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeInTheDocument();
    expect(locationOf(router)).toBe('/forgot-password');
    const email = screen.getByLabelText('Email address');
    await user.type(email, 'not an email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(email).toHaveAccessibleDescription(specText('client-profile.email.errorMessage.type'));
    expect(email).toHaveFocus();
    expect(api.calls()).toEqual([]);

    await user.clear(email);
    await user.type(email, ' ann@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const title = await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.getByText(detail)).toBeInTheDocument();
    expect(api.bodyOf('POST /api/password/reset/')).toEqual({ email: 'ann@example.com' });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'try another address' }));
    expect(await screen.findByLabelText('Email address')).toHaveValue('ann@example.com');
  });

  it('says when too many links were asked for', async () => {
    mockApi({ 'POST /api/password/reset/': () => ({ status: 429, body: { error: M.tooMany, errors: [] } }) });
    renderRoute('/forgot-password');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Email address'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(M.tooMany);
  });
});

describe('reset password', () => {
  it('sets the new password with the link, then signs in and opens the clients', async () => {
    const api = mockApi({
      ...EMPTY_LIST,
      'POST /api/password/reset/confirm/': () => ({
        body: {
          token: 'new-session',
          username: 'ann',
          role: 'adviser',
          user_id: 3,
          expires_at: '2030-01-01T00:00:00Z',
        },
      }),
    });
    const { router } = renderRoute(`/reset-password?token=${TOKEN}`);
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'a quiet harbour at dusk');
    await user.type(screen.getByLabelText('Confirm new password'), 'a quiet harbour at dusk');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard'));
    expect(api.bodyOf('POST /api/password/reset/confirm/')).toEqual({
      token: TOKEN,
      new_password: 'a quiet harbour at dusk',
    });
    expect(getToken()).toBe('new-session');
    expect(getUsername()).toBe('ann');
  });

  it('shows a weak password under its field and keeps the link', async () => {
    mockApi({ 'POST /api/password/reset/confirm/': refused('new_password', PASSWORD_MESSAGES.weak) });
    renderRoute(`/reset-password?token=${TOKEN}`);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('New password'), 'password1234');
    await user.type(screen.getByLabelText('Confirm new password'), 'password1234');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    const field = screen.getByLabelText('New password');
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain('new_password-error');
    expect(screen.getByText(PASSWORD_MESSAGES.weak)).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it.each([
    ['used', M.linkUsed],
    ['expired', M.linkExpired],
  ])('says a %s link cannot be used, and offers a new one', async (_kind, message) => {
    mockApi({ 'POST /api/password/reset/confirm/': refused('token', message) });
    renderRoute(`/reset-password?token=${TOKEN}`);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('New password'), 'a quiet harbour at dusk');
    await user.type(screen.getByLabelText('Confirm new password'), 'a quiet harbour at dusk');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    const title = await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('refuses a link without a token before anything is typed', async () => {
    const api = mockApi({});
    renderRoute('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(M.linkInvalid);
    expect(api.calls()).toEqual([]);
  });
});
