// @vitest-environment jsdom
/**
 * The page the app opens on (app/main.tsx starts openedPageReady before React first draws): the app's spinner shows
 * until the page's code and first data are in, then the page is drawn whole, a screening step's wizard and form
 * included, without a spinner of its own; it uses the data loaded for it and does not ask again, and what draws
 * nothing is asked once it has painted. Signed out, nothing is loaded for the step.
 */
import '@testing-library/jest-dom/vitest';
import { act, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n/language.ts';
import { deferred, mockApi, signIn } from './support.tsx';
import flow from '../../steps/flow.json';

// The URL the app opens on, before any import: App.tsx's history reads it when the module is evaluated.
vi.hoisted(() => window.history.replaceState(null, '', '/client/3/screening/owner'));

const OWNER = flow.steps.find((s) => s.id === 'owner')?.title ?? 'owner';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const api = () =>
  mockApi({
    'GET /api/screening/3/?incomplete=true': () => ({
      body: {
        basic: { client_id: 3, speaks_english_french: true, is_canadian_tax_resident: true, application_type: 'NEW' },
        owner: { owner_type: 'individual' },
        $versions: { basic: 1, owner: 1 },
        $incomplete: ['owner'],
      },
    }),
    'GET /api/clients/': () => ({ body: { results: [], count: 0 } }),
    'GET /api/clients/3/get_previous_proposed_insureds/': () => ({ body: [] }),
    'GET /api/insurance/screening-progress/get_progress/3/': () => ({ status: 404 }),
    'GET /api/profile/': () => ({ body: {} }),
  });

describe('the page the app opens on', () => {
  it("draws a step's wizard and form in React's first pass once openedPageReady has settled", async () => {
    signIn();
    const calls = api();
    const { App, openedPageReady } = await import('../../app/App.tsx');
    expect(window.location.pathname).toBe('/client/3/screening/owner');
    await openedPageReady();
    // render() flushes React's work synchronously: anything that suspended would show its spinner here.
    render(
      <I18nProvider i18n={i18n}>
        <App />
      </I18nProvider>,
    );
    expect(screen.getByRole('navigation', { name: 'Screening steps' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(OWNER);
    expect(
      document.querySelector('.step-form[data-step="owner"] input, .step-form[data-step="owner"] select'),
    ).not.toBe(null);
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.queryByText('Loading screening...')).toBeNull();
    // The answers loaded before the first draw are the page's: it does not ask for them again.
    expect(calls.calls().filter((c) => c === 'GET /api/screening/3/?incomplete=true')).toHaveLength(1);
    // What draws nothing (the server's note of the step reached, the adviser's profile) is asked once the step has
    // painted, not by the pass that draws it.
    const later = ['POST /api/insurance/screening-progress/update_progress/', 'GET /api/profile/'];
    expect(calls.calls().filter((c) => later.includes(c))).toEqual([]);
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(
      calls
        .calls()
        .filter((c) => later.includes(c))
        .sort(),
    ).toEqual([...later].sort());
  });

  it("draws the app's spinner while the step's data is on its way, then the step", async () => {
    signIn();
    const held = deferred<void>();
    mockApi({
      'GET /api/screening/3/?incomplete=true': async () => {
        await held.promise;
        return { body: { owner: { owner_type: 'individual' }, $versions: { owner: 1 }, $incomplete: ['owner'] } };
      },
    });
    const { App, openedPageReady } = await import('../../app/App.tsx');
    const ready = openedPageReady();
    render(
      <I18nProvider i18n={i18n}>
        <App />
      </I18nProvider>,
    );
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Screening steps' })).toBeNull();
    held.resolve();
    await act(() => ready);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(OWNER);
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it("keeps the opened step's data for the page's first draw only, and not once it is stale", async () => {
    signIn();
    api();
    const { prepareOpenedScreening, openedScreening, forgetOpenedScreening } =
      await import('../../app/screening/openedScreening.ts');
    await prepareOpenedScreening({ clientId: '3', step: 'owner' });
    expect(openedScreening('3')?.data.owner).toEqual({ owner_type: 'individual' });
    expect(openedScreening('4')).toBeNull();
    // Drawn with it: a later visit loads afresh.
    forgetOpenedScreening();
    expect(openedScreening('3')).toBeNull();
    // Not drawn within 15 s (the adviser went elsewhere first): dropped.
    await prepareOpenedScreening({ clientId: '3', step: 'owner' });
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 16_000);
    expect(openedScreening('3')).toBeNull();
    vi.restoreAllMocks();
  });

  it('loads nothing for a step when signed out (the app goes to the login page)', async () => {
    const calls = api();
    const { openedPageReady } = await import('../../app/App.tsx');
    await openedPageReady();
    expect(calls.calls().filter((c) => c.startsWith('GET /api/'))).toEqual([]);
  });
});
