// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../app/session.ts';
import { deferred, locationOf, mockApi, renderRoute, type FakeResponse } from './support.tsx';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

async function fill(password: string, confirm: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('Email address'), 'new@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByLabelText('I agree to the Terms of Service and Privacy Policy'));
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('sign-up page', () => {
  it('has the spec texts', async () => {
    mockApi({});
    renderRoute('/signup');
    expect(await screen.findByRole('heading', { name: 'Create an account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('I agree to the Terms of Service and Privacy Policy')).toBeRequired();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/');
  });

  it('says "Passwords do not match" and sends nothing', async () => {
    const api = mockApi({});
    renderRoute('/signup');
    await fill('long secret phrase 1', 'long secret phrase 2');
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('registers with the email as username, reads "Creating Account..." while busy, logs in and opens the dashboard', async () => {
    const pending = deferred<FakeResponse>();
    const api = mockApi({
      'POST /api/users/': () => pending.promise,
      'POST /api/login/': () => ({ body: { token: 'tok-9', username: 'new@example.com', role: 'adviser' } }),
      'GET /api/clients/': () => ({ body: { results: [], count: 0 } }),
    });
    const { router } = renderRoute('/signup');
    await fill('long secret phrase 1', 'long secret phrase 1');
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    pending.resolve({ status: 201, body: { email: 'new@example.com', username: 'new@example.com' } });
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard'));
    expect(api.bodyOf('POST /api/users/')).toEqual({
      email: 'new@example.com',
      password: 'long secret phrase 1',
      username: 'new@example.com',
      language: 'en',
    });
    expect(getToken()).toBe('tok-9');
  });

  it('asks for mails in French from a browser set to French', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['fr-CA', 'en'], language: 'fr-CA' });
    const api = mockApi({
      'POST /api/users/': () => ({ status: 201, body: { email: 'new@example.com', username: 'new@example.com' } }),
      'POST /api/login/': () => ({ body: { token: 'tok-9', username: 'new@example.com', role: 'adviser' } }),
      'GET /api/clients/': () => ({ body: { results: [], count: 0 } }),
    });
    const { router } = renderRoute('/signup');
    await fill('long secret phrase 1', 'long secret phrase 1');
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard'));
    expect(api.bodyOf('POST /api/users/')).toMatchObject({ language: 'fr' });
  });

  it('shows the server detail when registration fails', async () => {
    mockApi({
      'POST /api/users/': () => ({ status: 400, body: { detail: 'A user with that email already exists.' } }),
    });
    renderRoute('/signup');
    await fill('long secret phrase 1', 'long secret phrase 1');
    expect(await screen.findByRole('alert')).toHaveTextContent('A user with that email already exists.');
  });

  it("shows the server's password rule and the hint under the field", async () => {
    const message = 'This password is too common or too easy to guess. Please choose a less predictable one.';
    mockApi({
      'POST /api/users/': () => ({
        status: 400,
        body: { error: message, detail: message, errors: [{ field: 'password', message }] },
      }),
    });
    renderRoute('/signup');
    expect(await screen.findByLabelText('Password')).toHaveAccessibleDescription(
      'At least 12 characters. Avoid common passwords and your email address.',
    );
    await fill('long secret phrase 1', 'long secret phrase 1');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('falls back to "Registration failed: {status text}"', async () => {
    mockApi({ 'POST /api/users/': () => ({ status: 500, statusText: 'Internal Server Error' }) });
    renderRoute('/signup');
    await fill('long secret phrase 1', 'long secret phrase 1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed: Internal Server Error');
  });

  it('says so when the automatic login fails', async () => {
    mockApi({
      'POST /api/users/': () => ({ status: 201, body: { id: 1 } }),
      'POST /api/login/': () => ({ status: 500, statusText: 'Server Error' }),
    });
    renderRoute('/signup');
    await fill('long secret phrase 1', 'long secret phrase 1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Registration successful but auto-login failed. Please try logging in manually.',
    );
  });
});
