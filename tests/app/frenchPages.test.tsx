// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../app/i18n/language.ts';
import enAuth from '../../app/i18n/en/auth.json';
import frAuth from '../../app/i18n/fr/auth.json';
import enCommon from '../../app/i18n/en/common.json';
import frCommon from '../../app/i18n/fr/common.json';
import enLegal from '../../app/i18n/en/legal.json';
import frLegal from '../../app/i18n/fr/legal.json';
import enSupport from '../../app/i18n/en/support.json';
import frSupport from '../../app/i18n/fr/support.json';
import { StatusBadge } from '../../app/components/StatusBadge.tsx';
import lifecycleJson from '../../steps/lifecycle.json';
import stepsFr from '../../steps/i18n/fr.json';
import { mockApi, renderRoute, signIn } from './support.tsx';

/** Each area's catalogues: English `id -> text`, French `id -> {en, fr}`. */
const AREAS: Record<string, [Record<string, string>, Record<string, { fr: string }>]> = {
  auth: [enAuth, frAuth],
  common: [enCommon, frCommon],
  legal: [enLegal, frLegal],
  support: [enSupport, frSupport],
};

/**
 * The English texts of the ids starting with `prefix` that French words differently, as plain text (messages with a
 * placeholder or an element are left out: they are never shown as written).
 */
function englishOf(area: string, prefix: string): string[] {
  const [en, fr] = AREAS[area];
  return Object.entries(en)
    .filter(([id, text]) => id.startsWith(prefix) && text !== fr[id]?.fr && !/[{<]/.test(text))
    .map(([, text]) => text);
}

function expectNoEnglish(texts: string[]) {
  const shown = document.body.textContent ?? '';
  expect(texts.length).toBeGreaterThan(3);
  for (const text of texts) expect(shown).not.toContain(text);
}

beforeEach(async () => {
  sessionStorage.clear();
  localStorage.clear();
  await activateLanguage('fr');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLanguage('en');
});

describe('the pages in Canadian French (issue 28)', () => {
  it('login page: French heading, fields, links and button; none of its English', async () => {
    mockApi({});
    renderRoute('/');
    expect(await screen.findByRole('heading', { name: 'Bon retour' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nom d’utilisateur')).toBeInTheDocument();
    expect(screen.getByLabelText('Mot de passe')).toBeInTheDocument();
    expect(screen.getByLabelText('Se souvenir de moi')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mot de passe oublié' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Inscrivez-vous' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    // toHaveTextContent folds every space (the no-break one before "?" too) into one.
    expect(document.body).toHaveTextContent('Vous n’avez pas de compte ? Inscrivez-vous');
    expectNoEnglish([...englishOf('auth', 'auth.login.'), "Don't have an account?", 'Sign up']);
  });

  it('terms of service: French title, date and sections; none of its English', async () => {
    mockApi({});
    renderRoute('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Conditions d’utilisation' })).toBeInTheDocument();
    expect(screen.getByText('Dernière mise à jour : janvier 2025')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Responsabilité professionnelle' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à l’inscription' })).toHaveAttribute('href', '/signup');
    expectNoEnglish([...englishOf('legal', 'legal.terms.'), 'Last updated', 'Back to sign up']);
  });

  it('support page, signed in: French tiles, link inside a sentence and navigation; none of their English', async () => {
    signIn('ann');
    mockApi({});
    renderRoute('/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Soutien' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Encore besoin d’aide\u00a0?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Créer un nouveau profil client' })).toHaveAttribute(
      'href',
      '/client/profile',
    );
    expect(screen.getByRole('navigation', { name: 'Principale' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accueil' })).toHaveAttribute('href', '/dashboard');
    expectNoEnglish([...englishOf('support', 'support.'), ...englishOf('common', 'common.nav.'), 'Use Create']);
  });
});

describe('application statuses in French', () => {
  it("draws a status badge in the definitions' French label (steps/i18n/fr.json), and in English again after", async () => {
    const french = stepsFr['lifecycle.json#/statuses/READY_TO_SIGN/label'].fr;
    const english = lifecycleJson.statuses.READY_TO_SIGN.label;
    expect(french).not.toBe(english);
    await activateLanguage('fr');
    const { unmount } = render(<StatusBadge status="READY_TO_SIGN" />);
    expect(screen.getByText(french)).toBeInTheDocument();
    unmount();
    await activateLanguage('en');
    render(<StatusBadge status="READY_TO_SIGN" />);
    expect(screen.getByText(english)).toBeInTheDocument();
  });
});
