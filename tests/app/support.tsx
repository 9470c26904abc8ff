/** Helpers of the app's component tests: mount a route of the real route table, and fake the API. */
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { routes } from '../../app/App.tsx';
import { saveSession } from '../../app/session.ts';

// Pages are lazy chunks: the first import of one under a cold transform can take more than the default second.
configure({ asyncUtilTimeout: 5000 });

export interface FakeResponse {
  status?: number;
  statusText?: string;
  body?: unknown;
}

export type Handler = (request: { url: string; method: string; body: unknown }) => FakeResponse | Promise<FakeResponse>;

export interface FakeApi {
  fetch: ReturnType<typeof vi.fn>;
  /** The calls made, as "METHOD /path". */
  calls: () => string[];
  /** The parsed JSON body of the first call to that "METHOD /path". */
  bodyOf: (key: string) => unknown;
}

/**
 * Replaces fetch with handlers keyed by "METHOD /path" (query included). Unknown calls answer 404.
 * @example mockApi({ 'GET /api/clients/': () => ({ body: { results: [], count: 0 } }) })
 */
export function mockApi(handlers: Record<string, Handler>): FakeApi {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const handler = handlers[`${method} ${url}`];
    const result: FakeResponse = handler ? await handler({ url, method, body }) : { status: 404, body: { error: `no handler for ${method} ${url}` } };
    const status = result.status ?? 200;
    const text = result.body === undefined ? '' : JSON.stringify(result.body);
    return new Response(status === 204 ? null : text, { status, statusText: result.statusText ?? '' });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    calls: () => fetch.mock.calls.map(([input, init]) => `${((init as RequestInit | undefined)?.method ?? 'GET').toUpperCase()} ${String(input)}`),
    bodyOf: (key) => {
      const call = fetch.mock.calls.find(([input, init]) => `${((init as RequestInit | undefined)?.method ?? 'GET').toUpperCase()} ${String(input)}` === key);
      const raw = (call?.[1] as RequestInit | undefined)?.body;
      return typeof raw === 'string' ? JSON.parse(raw) : undefined;
    },
  };
}

/** A promise whose settling the test controls, to hold a request in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Signs a test adviser in. */
export function signIn(username = 'adviser@example.com') {
  saveSession({ token: 'test-token', username, role: 'adviser' });
}

/**
 * Mounts the app's real route table at a path.
 * @returns - the testing-library result and the router (router.state.location tells where the app went).
 */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(<RouterProvider router={router} />);
  return { ...result, router };
}

/** The current path plus query of the router. */
export function locationOf(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname + router.state.location.search;
}
