// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage, currentLanguage, initialLanguage } from '../../app/i18n/language.ts';
import { mockApi, renderRoute, signIn } from './support.tsx';

beforeEach(async () => {
  sessionStorage.clear();
  localStorage.clear();
  await activateLanguage('en');
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const dashboardApi = {
  'GET /api/clients/': () => ({ body: { results: [], count: 0 } }),
  'GET /api/clients/user_info/': () => ({ body: { email_verified: true } }),
};

describe('the language switch', () => {
  it('on the login page: redraws the texts, <html lang> and the title in French, and remembers it here', async () => {
    mockApi({});
    renderRoute('/');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveDisplayValue('English');
    expect(screen.getByRole('option', { name: 'Français' })).toHaveAttribute('lang', 'fr-CA');
    await userEvent.selectOptions(select, 'Français');
    expect(await screen.findByRole('heading', { name: 'Bon retour' })).toBeInTheDocument();
    expect(select).toHaveAccessibleName('Langue');
    expect(select).toHaveDisplayValue('Français');
    expect(document.documentElement.lang).toBe('fr-CA');
    await waitFor(() => expect(document.title).toBe('Connexion | Insure Wizard'));
    expect(initialLanguage()).toBe('fr');
    // The server reads it too, to name the step definition in French in a page's HTML (api/http/pageHints.ts).
    expect(document.cookie).toMatch(/(^|; )language=fr(;|$)/);
  });

  it("in the signed-in bar: saves the choice on the account, and asks the server's texts in it", async () => {
    signIn();
    const api = mockApi({ ...dashboardApi, 'PATCH /api/clients/user_info/': () => ({ body: { language: 'fr' } }) });
    renderRoute('/dashboard');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'Français');
    await waitFor(() => expect(api.bodyOf('PATCH /api/clients/user_info/')).toEqual({ language: 'fr' }));
    expect(document.documentElement.lang).toBe('fr-CA');
    expect(await screen.findByRole('link', { name: 'Aller au contenu' })).toBeInTheDocument();
    // The next call asks for French.
    const before = api.fetch.mock.calls.length;
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Langue' }), 'English');
    await waitFor(() => expect(api.fetch.mock.calls.length).toBeGreaterThan(before));
    const frenchCall = api.fetch.mock.calls.find(([input, init]) => {
      const headers = new Headers((init as RequestInit | undefined)?.headers);
      return String(input) === '/api/clients/user_info/' && headers.get('Accept-Language')?.startsWith('fr-CA');
    });
    expect(frenchCall).toBeDefined();
    expect(currentLanguage()).toBe('en');
  });

  it("applies the account's language at login", async () => {
    mockApi({
      ...dashboardApi,
      'POST /api/login/': () => ({
        body: { token: 't', username: 'ann', role: 'adviser', email_verified: true, is_admin: false, language: 'fr' },
      }),
    });
    renderRoute('/');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Username'), 'ann');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('fr-CA'));
    expect(currentLanguage()).toBe('fr');
    expect(initialLanguage()).toBe('fr');
  });

  it("leaves the device's language when the account never chose one", async () => {
    await activateLanguage('fr');
    mockApi({
      ...dashboardApi,
      'POST /api/login/': () => ({ body: { token: 't', username: 'ann', role: 'adviser', language: null } }),
    });
    renderRoute('/');
    const user = userEvent.setup({ delay: null });
    // The login page's own texts may be French already: either language's labels will do.
    await user.type(await screen.findByLabelText(/Username|Nom d.utilisateur/), 'ann');
    await user.type(screen.getByLabelText(/Password|Mot de passe/), 'secret');
    await user.click(screen.getByRole('button', { name: /Sign in|Se connecter/ }));
    await waitFor(() => expect(sessionStorage.getItem('authToken')).toBe('t'));
    expect(currentLanguage()).toBe('fr');
  });

  it('follows the browser on a first visit', () => {
    vi.stubGlobal('navigator', { languages: ['fr-CA', 'en'], language: 'fr-CA' });
    expect(initialLanguage()).toBe('fr');
    vi.stubGlobal('navigator', { languages: ['de-DE', 'en-GB'], language: 'de-DE' });
    expect(initialLanguage()).toBe('en');
  });
});
