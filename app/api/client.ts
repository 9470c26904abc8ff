/**
 * The adviser app's HTTP client. Every data call sends JSON and "Authorization: Token {token}".
 * A failed call throws an ApiError whose message is the server's `error` field when there is one,
 * otherwise the spec's fallback text for that call.
 */
import { endSession, getToken, type Session } from '../session.ts';
import { currentLanguage, i18n, isLanguage, type Language } from '../i18n/language.ts';
import { acceptLanguage as acceptLanguageOf } from '../i18n/languageChoice.ts';
import { startGet, takeHeadStart } from './headStarts.ts';
import 'virtual:messages/en/common';
import { progressPath } from '../screening/dataPaths.ts';
import { filenameFromDisposition } from './filenameFromDisposition.ts';
import type {
  Broker,
  Client,
  ApplicationListParams,
  ClientList,
  ClientProfileInput,
  Id,
  LifeApplication,
  ListPage,
  ListParams,
  LoginAnswer,
  SignUpRequest,
  ProgressUpdate,
  ScreeningProgress,
  SecondInsured,
} from './types.ts';

export const NO_TOKEN_MESSAGE = 'No authentication token found';

/** An API failure carrying the text to show, the HTTP status (0 when no response) and the parsed body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(message: string, status = 0, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** How to word a failure: a fixed text, or one built from the response. */
export type Fallback = string | ((response: Response, body: unknown) => string);

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send the token header; true by default. Without a stored token the call fails with "No authentication token found". */
  auth?: boolean;
  /** Text for a failure without a server `error` field. */
  fallback?: Fallback;
  /** Overrides the server `error` field rule (registration reads `detail`). */
  message?: (response: Response, body: unknown) => string | undefined;
  signal?: AbortSignal;
  /** Extra request headers (If-Match). */
  headers?: Record<string, string>;
  /** Reads the answer's headers (its ETag), on success and on failure alike. */
  onHeaders?: (headers: Headers) => void;
}

function errorField(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'error' in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === 'string' && error) return error;
  }
  return undefined;
}

/** The server's messages come in the language shown: the app's and the server's texts agree. */
function acceptLanguage(language: Language = currentLanguage()): string {
  return acceptLanguageOf(language);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function fallbackText(fallback: Fallback | undefined, response: Response, body: unknown): string {
  if (typeof fallback === 'function') return fallback(response, body);
  return fallback ?? `Request failed: ${response.status} ${response.statusText}`.trim();
}

export { startGet };

/**
 * Sends one JSON request to the API.
 * @param path - absolute path such as "/api/clients/".
 * @param options - method, body, auth and the failure text.
 * @returns - the parsed JSON body (null for an empty body).
 * @throws ApiError - with the server's `error` field or the fallback text.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = true, fallback, message, signal } = options;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': acceptLanguage(),
    ...options.headers,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (auth) {
    const token = getToken();
    if (!token) throw new ApiError(NO_TOKEN_MESSAGE);
    headers.Authorization = `Token ${token}`;
  }
  let response: Response;
  try {
    const early = method === 'GET' && auth ? takeHeadStart(path, headers) : undefined;
    response = await (early ??
      fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      }));
  } catch (cause) {
    if (signal?.aborted) throw cause;
    const text = typeof fallback === 'string' ? fallback : i18n._('common.unreachable');
    throw new ApiError(text);
  }
  options.onHeaders?.(response.headers);
  const parsed = await readBody(response);
  if (!response.ok) {
    // An expired or revoked session ends here as on logout (the drafts kept in this browser go with it), and the
    // page goes to the login, which brings the adviser back after it.
    if (auth && response.status === 401) endSession();
    const text = message?.(response, parsed) ?? errorField(parsed) ?? fallbackText(fallback, response, parsed);
    throw new ApiError(text, response.status, parsed);
  }
  return parsed as T;
}

/** A file fetched from the API, with the name its Content-Disposition suggests (null when none). */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/**
 * Downloads a file the API serves only to its owner (a generated PDF), with the session's token.
 * @param path - absolute path such as "/api/pdf/files/{id}/".
 * @returns - the file's bytes and the server's suggested file name.
 * @throws ApiError - with the server's `error` field, or "Failed to download the file".
 */
export async function downloadFile(path: string): Promise<DownloadedFile> {
  const token = getToken();
  if (!token) throw new ApiError(NO_TOKEN_MESSAGE);
  let response: Response;
  try {
    response = await fetch(path, { headers: { Authorization: `Token ${token}`, 'Accept-Language': acceptLanguage() } });
  } catch {
    throw new ApiError(i18n._('common.unreachable'));
  }
  if (!response.ok) {
    const body = await readBody(response);
    if (response.status === 401) endSession();
    throw new ApiError(errorField(body) ?? i18n._('common.downloadFailed'), response.status, body);
  }
  return {
    blob: await response.blob(),
    filename: filenameFromDisposition(response.headers.get('Content-Disposition')),
  };
}

// ---------- accounts ----------

/**
 * POST /api/login/.
 * @returns - token, username and role to store in the session.
 * @throws ApiError - "Invalid credentials" on 401, "Login failed: {status text}" otherwise,
 *   "No authentication token received" when the answer has no token.
 */
export async function login(username: string, password: string): Promise<Session> {
  const body = await apiRequest<Partial<LoginAnswer> | null>('/api/login/', {
    method: 'POST',
    auth: false,
    body: { username, password },
    message: (response) => (response.status === 401 ? 'Invalid credentials' : undefined),
    fallback: (response) => `Login failed: ${response.statusText || response.status}`,
  });
  if (!body?.token) throw new ApiError(i18n._('common.api.noTokenReceived'));
  return {
    token: body.token,
    username: body.username ?? username,
    role: body.role ?? '',
    // An answer that does not say is taken as nothing to tell (no banner, no Admin link).
    emailVerified: body.email_verified ?? true,
    isAdmin: body.is_admin ?? false,
    language: isLanguage(body.language) ? body.language : null,
  };
}

/**
 * PATCH /api/clients/user_info/: the signed-in account's language, applied at its next login.
 * @throws ApiError - the server's message, or "Failed to save your language"
 */
export async function saveAccountLanguage(language: Language): Promise<void> {
  await apiRequest('/api/clients/user_info/', {
    method: 'PATCH',
    body: { language },
    fallback: i18n._('common.api.saveLanguage'),
  });
}

/** The language the account's mails are written in: French for a browser set to French, English otherwise. */
function mailLanguage(): 'en' | 'fr' {
  const preferred = typeof navigator === 'undefined' ? '' : (navigator.languages?.[0] ?? navigator.language ?? '');
  return preferred.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/**
 * POST /api/users/. The username defaults to the email; the mails' language follows the browser's.
 * @throws ApiError - the server's `detail` (or `error`), else "Registration failed: {status text}".
 */
export async function register(
  request: Omit<SignUpRequest, 'username' | 'language'> & { username?: string },
): Promise<unknown> {
  return apiRequest('/api/users/', {
    method: 'POST',
    auth: false,
    body: {
      email: request.email,
      password: request.password,
      username: request.username || request.email,
      language: mailLanguage(),
    },
    message: (_response, body) => {
      if (body && typeof body === 'object' && 'detail' in body) {
        const detail = (body as { detail: unknown }).detail;
        if (typeof detail === 'string' && detail) return detail;
      }
      return undefined;
    },
    fallback: (response) => `Registration failed: ${response.statusText || response.status}`,
  });
}

/**
 * POST /api/logout/. Failures are ignored: the session is cleared either way. A token the server already refuses
 * (401) is what logging out wants, so it does not count as a session that ended under the adviser (endSession).
 */
export async function logout(): Promise<void> {
  const token = getToken();
  if (!token) return;
  try {
    await fetch('/api/logout/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Token ${token}` },
      body: '{}',
    });
  } catch {
    // The local session is what matters; the server token expires by itself.
  }
}

// ---------- clients ----------

/** The query string of a list's parameters ("" when none is given). */
function listQuery(params: ListParams & Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '' && !(key === 'page' && value === 1)) query.set(key, String(value));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * GET /api/clients/: one page of the adviser's clients, sorted and searched by the server.
 * @throws ApiError - server error or "Error fetching client list".
 */
export async function listClients(params: ListParams = {}, signal?: AbortSignal): Promise<ClientList> {
  const query = listQuery({ ...params });
  const body = await apiRequest<ClientList | Client[] | null>(`/api/clients/${query}`, {
    fallback: i18n._('common.api.clientList'),
    signal,
  });
  if (Array.isArray(body)) return { results: body, count: body.length, next: null, previous: null };
  const results = body?.results ?? [];
  return { results, count: body?.count ?? results.length, next: body?.next ?? null, previous: body?.previous ?? null };
}

/** The largest page the server gives. */
const MAX_PAGE_SIZE = 100;

/**
 * Every client of the adviser (the pickers that choose one of them): the spec's GET /api/clients/, and when the book
 * is larger than that first page, every page of the largest size the server gives, asked at once.
 * @throws ApiError - as listClients.
 */
export async function listAllClients(signal?: AbortSignal): Promise<Client[]> {
  const first = await listClients({}, signal);
  if (first.count <= first.results.length) return first.results;
  const pages = Math.ceil(first.count / MAX_PAGE_SIZE);
  const all = await Promise.all(
    Array.from({ length: pages }, (_, i) => listClients({ page: i + 1, page_size: MAX_PAGE_SIZE }, signal)),
  );
  return all.flatMap((page) => page.results);
}

/**
 * GET /api/clients/{id}/, with ?include=life_applications when asked.
 * @throws ApiError - server error or "Error fetching client profile".
 */
export function getClient(
  id: Id,
  options: { includeApplications?: boolean; signal?: AbortSignal } = {},
): Promise<Client> {
  const query = options.includeApplications ? '?include=life_applications' : '';
  return apiRequest<Client>(`/api/clients/${encodeURIComponent(String(id))}/${query}`, {
    fallback: i18n._('common.api.clientProfile'),
    signal: options.signal,
  });
}

/** POST /api/clients/. @returns - the created client (with its id). */
export function createClient(input: ClientProfileInput): Promise<Client> {
  return apiRequest<Client>('/api/clients/', {
    method: 'POST',
    body: input,
    fallback: i18n._('common.api.createClient'),
  });
}

/** PATCH /api/clients/{id}/. */
export function updateClient(id: Id, input: Partial<ClientProfileInput>): Promise<Client> {
  return apiRequest<Client>(`/api/clients/${encodeURIComponent(String(id))}/`, {
    method: 'PATCH',
    body: input,
    fallback: i18n._('common.api.updateClient'),
  });
}

/**
 * DELETE /api/clients/{id}/; with `secondInsureds`, also the second insureds its screening created that nothing else
 * uses (listSecondInsureds). @throws ApiError - server error or "Error deleting client".
 */
export async function deleteClient(id: Id, options: { secondInsureds?: boolean } = {}): Promise<void> {
  const query = options.secondInsureds ? '?delete_second_insureds=true' : '';
  await apiRequest(`/api/clients/${encodeURIComponent(String(id))}/${query}`, {
    method: 'DELETE',
    fallback: i18n._('common.api.deleteClient'),
  });
}

/** GET /api/clients/{id}/second_insureds/: what deleting the client may delete with it. */
export async function listSecondInsureds(id: Id, signal?: AbortSignal): Promise<SecondInsured[]> {
  const body = await apiRequest<{ results: SecondInsured[] }>(
    `/api/clients/${encodeURIComponent(String(id))}/second_insureds/`,
    { fallback: i18n._('common.api.secondInsureds'), signal },
  );
  return body.results;
}

/** GET /api/brokers/. @throws ApiError - server error or "Error fetching brokers". */
export async function listBrokers(signal?: AbortSignal): Promise<Broker[]> {
  const body = await apiRequest<Broker[] | { results: Broker[] } | null>('/api/brokers/', {
    fallback: i18n._('common.api.brokers'),
    signal,
  });
  if (Array.isArray(body)) return body;
  return body?.results ?? [];
}

// ---------- applications ----------

/**
 * GET /api/applications/: one page of the applications of the adviser's clients, with their generated PDFs,
 * sorted, searched (the client's name, email or phone) and filtered by status and insurer by the server.
 * @throws ApiError - the server's error field, else "Failed to load applications".
 */
export async function listApplications(
  params: ApplicationListParams = {},
  signal?: AbortSignal,
): Promise<ListPage<LifeApplication>> {
  const query = listQuery({ ...params });
  const body = await apiRequest<ListPage<LifeApplication> | LifeApplication[] | null>(`/api/applications/${query}`, {
    fallback: i18n._('common.api.loadApplications'),
    signal,
  });
  if (Array.isArray(body)) return { results: body, count: body.length, next: null, previous: null };
  const results = body?.results ?? [];
  return { results, count: body?.count ?? results.length, next: body?.next ?? null, previous: body?.previous ?? null };
}

/**
 * POST /api/applications/create_new_application/.
 * @returns - the new application's id.
 * @throws ApiError - "Client ID is required" without a client; else the server's error field,
 *   the serialized body, or "Failed to create new application".
 */
export async function createApplication(clientId: Id | null | undefined): Promise<{ id: Id }> {
  if (clientId === null || clientId === undefined || clientId === '')
    throw new ApiError(i18n._('common.api.clientIdRequired'));
  const body = await apiRequest<{ id: Id } | null>('/api/applications/create_new_application/', {
    method: 'POST',
    body: { client_id: clientId },
    fallback: (_response, parsed) => {
      if (parsed === null || parsed === undefined || parsed === '') return i18n._('common.api.createApplication');
      return typeof parsed === 'string' ? parsed : JSON.stringify(parsed);
    },
  });
  if (!body || body.id === undefined || body.id === null) throw new ApiError(i18n._('common.api.createApplication'));
  return { id: body.id };
}

// ---------- screening progress ----------

/**
 * GET /api/insurance/screening-progress/get_progress/{clientId}/.
 * @returns - the stored progress, or null on any failure (the spec treats a failure as no progress).
 */
export async function getScreeningProgress(clientId: Id, signal?: AbortSignal): Promise<ScreeningProgress | null> {
  try {
    const body = await apiRequest<ScreeningProgress | null>(progressPath(String(clientId)), { signal });
    return body && typeof body === 'object' ? body : null;
  } catch {
    return null;
  }
}

/** POST /api/insurance/screening-progress/update_progress/. @throws ApiError - server error or "Failed to save progress". */
export function updateScreeningProgress(progress: ProgressUpdate): Promise<unknown> {
  return apiRequest('/api/insurance/screening-progress/update_progress/', {
    method: 'POST',
    body: progress,
    fallback: i18n._('common.api.saveProgress'),
  });
}
