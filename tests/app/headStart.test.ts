// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listClients, startGet } from '../../app/api/client.ts';
import { saveSession } from '../../app/session.ts';
import { deferred, mockApi, signIn, type FakeResponse } from './support.tsx';

const ANN = { id: 7, first_name: 'Ann', last_name: 'Lee' };

beforeEach(() => {
  sessionStorage.clear();
  signIn();
});
afterEach(() => {
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
