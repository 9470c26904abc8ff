/** Helpers of the app's component tests: mount a route of the real route table, and fake the API. */
import { configure, render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { activateLanguage, i18n } from '../../app/i18n/language.ts';
import { vi } from 'vitest';
import { routes } from '../../app/App.tsx';
import type { AppHistory } from '../../app/router/createHistory.ts';
import { createMemoryHistory } from '../../app/router/memoryHistory.ts';
import { Router } from '../../app/router/Router.tsx';
import { Routes } from '../../app/router/Routes.tsx';
import { saveSession } from '../../app/session.ts';

// Pages are lazy chunks: the first import of one under a cold transform can take more than the default second.
configure({ asyncUtilTimeout: 5000 });

export interface FakeResponse {
  status?: number;
  statusText?: string;
  body?: unknown;
  /** Sent as is instead of the JSON of `body` (a PDF's bytes). */
  raw?: BodyInit;
  headers?: Record<string, string>;
}

export type Handler = (request: {
  url: string;
  method: string;
  body: unknown;
  headers: Headers;
}) => FakeResponse | Promise<FakeResponse>;

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
    const headers = new Headers(init?.headers);
    const result: FakeResponse = handler
      ? await handler({ url, method, body, headers })
      : { status: 404, body: { error: `no handler for ${method} ${url}` } };
    const status = result.status ?? 200;
    const text = result.raw ?? (result.body === undefined ? '' : JSON.stringify(result.body));
    return new Response(status === 204 ? null : text, {
      status,
      statusText: result.statusText ?? '',
      headers: result.headers,
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    calls: () =>
      fetch.mock.calls.map(
        ([input, init]) => `${((init as RequestInit | undefined)?.method ?? 'GET').toUpperCase()} ${String(input)}`,
      ),
    bodyOf: (key) => {
      const call = fetch.mock.calls.find(
        ([input, init]) =>
          `${((init as RequestInit | undefined)?.method ?? 'GET').toUpperCase()} ${String(input)}` === key,
      );
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

/** A test's start: nothing stored in the browser, the app in English, a test adviser signed in. */
export async function freshSignedIn(): Promise<void> {
  sessionStorage.clear();
  localStorage.clear();
  await activateLanguage('en');
  signIn();
}

/**
 * Mounts the app's real route table at a path.
 * @returns - the testing-library result and the router: its history in memory (router.location tells where the app
 * went, router.navigate goes elsewhere).
 */
export function renderRoute(path: string) {
  const router = createMemoryHistory([path]);
  // As app/main.tsx mounts it: under the app's Lingui, so a language switch redraws the texts.
  const result = render(
    <I18nProvider i18n={i18n}>
      <Router history={router}>
        <Routes routes={routes} />
      </Router>
    </I18nProvider>,
  );
  return { ...result, router };
}

/** The current path plus query of the router. */
export function locationOf(router: AppHistory): string {
  return router.location.pathname + router.location.search;
}

/** The start of a real PDF, enough for a download test to tell the bytes it saved. */
export const PDF_BYTES = new TextEncoder().encode('%PDF-1.7\n% test document\n');

export interface SavedDownload {
  /** The `download` attribute of the clicked link: the file name the browser saves under. */
  filename: string;
  href: string;
  /** Whether the link was in the document when clicked (Firefox ignores detached links). */
  attached: boolean;
  blob: Blob;
}

/**
 * Stands in for the browser's download machinery: object URLs are recorded instead of created, and a click on a
 * link with a `download` attribute is recorded (jsdom cannot navigate) with the blob behind its URL.
 * @returns - the downloads seen, the revoked URLs, and a restore function.
 */
export function captureDownloads() {
  const blobs = new Map<string, Blob>();
  const downloads: SavedDownload[] = [];
  const revoked: string[] = [];
  const original = {
    create: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'),
    revoke: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL'),
  };
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: (blob: Blob) => {
      const href = `blob:http://localhost/${blobs.size + 1}`;
      blobs.set(href, blob);
      return href;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', {
    configurable: true,
    writable: true,
    value: (href: string) => void revoked.push(href),
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (this.hasAttribute('download') && blob)
      downloads.push({ filename: this.download, href: this.href, attached: this.isConnected, blob });
  });
  return {
    downloads,
    revoked,
    restore() {
      click.mockRestore();
      for (const [key, descriptor] of [
        ['createObjectURL', original.create],
        ['revokeObjectURL', original.revoke],
      ] as const) {
        if (descriptor) Object.defineProperty(URL, key, descriptor);
        else Reflect.deleteProperty(URL, key);
      }
    },
  };
}
