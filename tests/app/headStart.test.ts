// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listClients, startGet } from '../../app/api/client.ts';
import { activateLanguage } from '../../app/i18n/language.ts';
import { screeningDataPaths } from '../../app/screening/dataPaths.ts';
import { loadScreeningData } from '../../app/screening/screeningData.ts';
import { saveSession } from '../../app/session.ts';
import { routes } from '../../app/App.tsx';
import {
  DASHBOARD_ROUTE,
  openedPageRequests,
  SCREENING_PROMPT_ROUTE,
  SCREENING_STEP_ROUTE,
} from '../../app/openedPageRequests.ts';
import { matchRoute } from '../../app/router/matchRoute.ts';
import { deferred, mockApi, signIn, type FakeResponse } from './support.tsx';

const ANN = { id: 7, first_name: 'Ann', last_name: 'Lee' };

beforeEach(() => {
  sessionStorage.clear();
  signIn();
});
afterEach(async () => {
  await activateLanguage('en');
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a request started before its page's code (the entry's head start)", () => {
  it('is the answer the page gets, asked once: the page does not ask again', async () => {
    const answer = deferred<FakeResponse>();
    const api = mockApi({ 'GET /api/clients/': () => answer.promise });
    startGet('/api/clients/');
    const page = listClients();
    answer.resolve({ body: { results: [ANN], count: 1 } });
    expect((await page).results).toEqual([ANN]);
    expect(api.calls()).toEqual(['GET /api/clients/']);
    // Taken once: the next time the page asks, the server is asked again.
    await listClients();
    expect(api.calls()).toEqual(['GET /api/clients/', 'GET /api/clients/']);
  });

  it('is not taken for another path, another session, or once stale', async () => {
    const api = mockApi({
      'GET /api/clients/': () => ({ body: { results: [ANN], count: 1 } }),
      'GET /api/clients/?page=2': () => ({ body: { results: [], count: 1 } }),
    });
    startGet('/api/clients/');
    await listClients({ page: 2 });
    expect(api.calls()).toEqual(['GET /api/clients/', 'GET /api/clients/?page=2']);

    startGet('/api/clients/');
    saveSession({ token: 'another-token', username: 'other@example.com', role: 'adviser' });
    await listClients();
    expect(api.fetch.mock.calls.at(-1)?.[1]?.headers).toMatchObject({ Authorization: 'Token another-token' });
    expect(api.calls()).toHaveLength(4);

    vi.useFakeTimers({ toFake: ['Date'] });
    startGet('/api/clients/');
    vi.setSystemTime(Date.now() + 16_000);
    await listClients();
    expect(api.calls()).toHaveLength(6);
  });
});

describe("a screening step opened directly: the entry starts the page's requests", () => {
  const SCREENING = {
    'GET /api/screening/c%2F1/?incomplete=true': () => ({ body: { owner: { first_name: 'Ann' } } }),
    'GET /api/clients/': () => ({ body: { results: [ANN], count: 1 } }),
    'GET /api/clients/c%2F1/get_previous_proposed_insureds/': () => ({ body: [] }),
    'GET /api/insurance/screening-progress/get_progress/c%2F1/': () => ({ body: null }),
  };

  it('names exactly the requests the page makes, so each is asked once', async () => {
    const api = mockApi(SCREENING);
    for (const path of screeningDataPaths('c/1')) startGet(path, 'en');
    const [data, clients] = await loadScreeningData('c/1');
    expect(data).toEqual({ owner: { first_name: 'Ann' } });
    expect(clients).toEqual([ANN]);
    expect(api.calls()).toEqual(Object.keys(SCREENING));
  });

  it('asks in the language the page will be drawn in, before that language is active', async () => {
    const api = mockApi(SCREENING);
    for (const path of screeningDataPaths('c/1')) startGet(path, 'fr');
    await activateLanguage('fr');
    await loadScreeningData('c/1');
    expect(api.calls()).toEqual(Object.keys(SCREENING));
    expect(new Headers(api.fetch.mock.calls[0]?.[1]?.headers).get('accept-language')).toMatch(/^fr-CA/);
  });
});

describe("the page's inline head start: the requests a URL opens with", () => {
  it('names the screening data for a step opened directly, the client id decoded as the router does', () => {
    expect(openedPageRequests('/client/c%2F1/screening/owner', '')).toEqual(screeningDataPaths('c/1'));
    expect(openedPageRequests('/client/7/screening/medical/', '?from=review')).toEqual(screeningDataPaths('7'));
  });

  it("names the dashboard's first list only when the URL asks for the server's defaults", () => {
    expect(openedPageRequests('/dashboard', '')).toEqual(['/api/clients/']);
    expect(openedPageRequests('/Dashboard/', '')).toEqual(['/api/clients/']);
    expect(openedPageRequests('/dashboard', '?page=2')).toEqual([]);
  });

  it('names nothing for the screening prompt, other pages, or a malformed id', () => {
    expect(openedPageRequests('/client/7/screening/prompt', '')).toEqual([]);
    expect(openedPageRequests('/', '')).toEqual([]);
    expect(openedPageRequests('/applications', '')).toEqual([]);
    expect(openedPageRequests('/client/7/screening', '')).toEqual([]);
    expect(openedPageRequests('/client/%E0%A4%A/screening/owner', '')).toEqual([]);
  });

  it('matches the routes of the app with the same patterns', () => {
    const paths = routes.flatMap((layout) => (layout.children ?? []).map((route) => route.path));
    expect(paths).toEqual(expect.arrayContaining([DASHBOARD_ROUTE, SCREENING_PROMPT_ROUTE, SCREENING_STEP_ROUTE]));
    expect(matchRoute(SCREENING_STEP_ROUTE, '/client/a%20b/screening/tax-information')).toEqual({
      clientId: 'a b',
      step: 'tax-information',
    });
  });

  it('starts them from the HTML, signed in, and the page takes each answer instead of asking again', async () => {
    const api = mockApi({
      'GET /api/screening/7/?incomplete=true': () => ({ body: { owner: { first_name: 'Ann' } } }),
      'GET /api/clients/': () => ({ body: { results: [ANN], count: 1 } }),
      'GET /api/clients/7/get_previous_proposed_insureds/': () => ({ body: [] }),
      'GET /api/insurance/screening-progress/get_progress/7/': () => ({ body: null }),
    });
    window.history.replaceState(null, '', '/client/7/screening/owner');
    vi.resetModules();
    await import('../../app/headStart.ts');
    expect(api.calls()).toHaveLength(4);
    await loadScreeningData('7');
    expect(api.calls()).toHaveLength(4);
  });

  it('starts nothing when nobody is signed in', async () => {
    sessionStorage.clear();
    const api = mockApi({});
    window.history.replaceState(null, '', '/client/7/screening/owner');
    vi.resetModules();
    await import('../../app/headStart.ts');
    expect(api.calls()).toEqual([]);
  });
});
