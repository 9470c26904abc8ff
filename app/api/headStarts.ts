/**
 * Requests started before the page that asks for them has its code: by the page's inline script (app/headStart.ts),
 * which runs while the HTML is still arriving, long before the app's entry. The page's own apiRequest of that path
 * takes the answer, once, while it is fresh and the session and language the same.
 *
 * The inline script and the app are two bundles: they share the requests through one global, not a module's state.
 */
import { acceptLanguage, initialLanguage, type Language } from '../i18n/languageChoice.ts';
import { getToken } from '../sessionToken.ts';

/** A head start older than this is not taken: the page asks afresh. */
const HEAD_START_MS = 15_000;

interface HeadStart {
  at: number;
  token: string;
  language: string;
  response: Promise<Response>;
}

const STORE = Symbol.for('insure-wizard.headStarts');

function store(): Map<string, HeadStart> {
  const holder = globalThis as typeof globalThis & { [STORE]?: Map<string, HeadStart> };
  return (holder[STORE] ??= new Map());
}

/**
 * Starts a signed-in GET now, for the page that will ask for it (nothing without a stored session).
 * @param path - exactly the path the page will ask, query included (such as "/api/clients/")
 * @param shown - the language the page will be drawn in (the app's texts are not active yet)
 */
export function startGet(path: string, shown: Language = initialLanguage()): void {
  const token = getToken();
  if (!token) return;
  const language = acceptLanguage(shown);
  const headers = { Accept: 'application/json', 'Accept-Language': language, Authorization: `Token ${token}` };
  const response = fetch(path, { headers });
  // A failure is met by the page's apiRequest; until then it must not count as unhandled.
  response.catch(() => undefined);
  store().set(path, { at: Date.now(), token, language, response });
}

/**
 * The answer of a request started earlier, taken once, when it is the same request: the same headers, session and
 * language (the answer's messages are in it), and fresh.
 * @param path - the request's path
 * @param headers - the request's headers as the page would send them
 */
export function takeHeadStart(path: string, headers: Record<string, string>): Promise<Response> | undefined {
  const head = store().get(path);
  if (!head) return undefined;
  store().delete(path);
  const plain = Object.keys(headers).every((name) => ['Accept', 'Accept-Language', 'Authorization'].includes(name));
  const fresh = Date.now() - head.at < HEAD_START_MS;
  const same = headers.Authorization === `Token ${head.token}` && headers['Accept-Language'] === head.language;
  return plain && fresh && same ? head.response : undefined;
}
