/**
 * Stand-ins for the API server in stories: a signed-in session in sessionStorage and a fetch that answers from a
 * small in-memory table. Each returns a cleanup, so a story's `beforeEach` leaves nothing behind.
 */
import type { Client, LifeApplication } from '../../../app/api/types.ts';
import { answeredApplication } from '../../../tests/support/answeredApplication.ts';
import { requestLanguage, serverMessage } from './serverText.ts';

/** A client as the server answers it, with these fields. */
const client = (fields: Partial<Client>): Client => ({
  id: 0,
  first_name: '',
  last_name: '',
  email: null,
  phone: null,
  date_of_birth: null,
  gender_sex_at_birth: null,
  brokers: [],
  created_at: '',
  updated_at: '',
  version: 1,
  access: 'owner',
  ...fields,
  phone_primary: fields.phone ?? null,
});

export const SAMPLE_CLIENTS: Client[] = [
  {
    id: 1024,
    first_name: 'Daniel',
    last_name: 'Tremblay',
    email: 'daniel.tremblay@example.com',
    phone: '4165550134',
    created_at: '2025-01-14T15:02:00Z',
    updated_at: '2025-03-02T10:20:00Z',
  },
  {
    id: 2087,
    first_name: 'Arjun',
    last_name: 'Mehta',
    email: 'arjun.mehta@example.com',
    phone: '403-555-0172',
    created_at: '2025-02-03T09:15:00Z',
    updated_at: '2025-02-20T16:45:00Z',
  },
  {
    id: 3110,
    first_name: 'Marie',
    last_name: 'Leblanc',
    email: null,
    phone: null,
    created_at: '2025-03-10T13:30:00Z',
    updated_at: '2025-03-10T13:30:00Z',
  },
].map(client);

export const SAMPLE_APPLICATIONS: LifeApplication[] = [
  {
    id: 1,
    created_at: '2025-03-02T10:20:00Z',
    application_type: 'NEW',
    application_type_label: 'New Application',
    product_type: 'term_life',
    product_type_label: 'Term Life',
    number_of_insureds: 1,
    status: 'DRAFT',
    face_amount: 500000,
  },
  {
    id: 2,
    created_at: '2025-02-11T14:00:00Z',
    application_type: 'REPLACEMENT',
    application_type_label: 'Internal Replacement',
    product_type: 'whole_life',
    product_type_label: 'Whole Life',
    number_of_insureds: 2,
    status: 'SUBMITTED',
    face_amount: '1250000',
  },
  {
    id: 3,
    created_at: '2025-01-20T09:00:00Z',
    application_type: 'ADDITIONAL',
    application_type_label: 'Additional Coverage',
    product_type: 'universal_life',
    product_type_label: 'Universal Life',
    number_of_insureds: 1,
    status: 'IN_REVIEW',
    face_amount: 750000,
  },
  {
    id: 4,
    created_at: '2024-11-05T11:30:00Z',
    application_type: 'LINKED',
    application_type_label: 'Linked Applications',
    product_type: 'term_life',
    product_type_label: 'Term Life',
    number_of_insureds: 2,
    status: 'ISSUED',
    face_amount: 2000000,
  },
  {
    id: 5,
    created_at: '2024-10-01T08:45:00Z',
    application_type: 'NEW',
    application_type_label: 'New Application',
    product_type: 'critical_illness',
    product_type_label: 'Critical Illness',
    number_of_insureds: 1,
    status: 'DECLINED',
    face_amount: null,
  },
].map(answeredApplication);

const generation = (
  id: string,
  createdAt: string,
  insurers: [string, string][],
): NonNullable<LifeApplication['generations']>[number] => ({
  id,
  created_at: createdAt,
  populate_forms: insurers.map(([insurer]) => insurer),
  files: insurers.map(([insurer, name]) => ({
    insurer,
    name,
    filename: `${insurer.toLowerCase()}-application-daniel-tremblay.pdf`,
    url: `/api/pdf/files/${id}/${insurer}/`,
  })),
  combined_url: `/api/pdf/files/${id}/`,
});

/** Applications as the server lists them once PDFs were generated: newest generation first. */
export const GENERATED_APPLICATIONS: LifeApplication[] = [
  {
    ...SAMPLE_APPLICATIONS[0],
    generations: [
      generation('5b1c2d3e', '2025-03-04T15:30:00Z', [
        ['BMO', 'BMO Insurance'],
        ['SUNLIFE', 'Sun Life'],
        ['CANADA_LIFE', 'Canada Life'],
      ]),
      generation('4a0b1c2d', '2025-03-02T11:00:00Z', [['MANULIFE', 'Manulife']]),
    ],
  },
  { ...SAMPLE_APPLICATIONS[1], generations: [generation('3f9a0b1c', '2025-02-12T09:10:00Z', [['BENEVA', 'Beneva']])] },
  { ...SAMPLE_APPLICATIONS[2], generations: [] },
];

export type FilesApi = 'ok' | 'hang' | 'error';

/** Answers /api/pdf/files/ with a tiny PDF, or never, or with the server's "Not found" (in the request's language). */
export function mockFilesApi(mode: FilesApi): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      location.href,
    );
    if (!url.pathname.startsWith('/api/pdf/files/')) return original(input, init);
    if (mode === 'hang') return new Promise<Response>(() => {});
    if (mode === 'error')
      return new Response(JSON.stringify({ error: serverMessage('notFound', requestLanguage(input, init)) }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    return new Response('%PDF-1.7\n%%EOF\n', {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'inline; filename="applications-daniel-tremblay.pdf"',
      },
    });
  };
  return () => {
    globalThis.fetch = original;
  };
}

/** Signs a demo adviser in for the story. */
export function signIn(username = 'margaret.adviser@example.com'): () => void {
  sessionStorage.setItem('authToken', 'storybook-token');
  sessionStorage.setItem('username', username);
  sessionStorage.setItem('role', 'adviser');
  return () => {
    for (const key of ['authToken', 'username', 'role']) sessionStorage.removeItem(key);
  };
}

export type ClientsApi = 'ok' | 'empty' | 'loading' | 'error' | 'delete-fails';

/** Answers /api/clients/ (list and delete) the way the server would, or hangs, or fails. */
export function mockClientsApi(mode: ClientsApi): () => void {
  const original = globalThis.fetch;
  let clients = mode === 'empty' ? [] : [...SAMPLE_CLIENTS];
  const json = (body: unknown, status = 200): Response =>
    new Response(body === null ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      location.href,
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    if (!url.pathname.startsWith('/api/clients/')) return original(input, init);
    if (mode === 'loading') return new Promise<Response>(() => {});
    if (mode === 'error') return json({ error: 'Error fetching client list' }, 500);
    const id = /^\/api\/clients\/([^/]+)\/$/.exec(url.pathname)?.[1];
    if (method === 'DELETE' && id) {
      if (mode === 'delete-fails') return json({ error: 'Error deleting client' }, 500);
      clients = clients.filter((c) => String(c.id) !== id);
      return new Response(null, { status: 204 });
    }
    // The server searches the name, email and phone for every word (issue 29); this stand-in does it plainly.
    const words = (url.searchParams.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const found = clients.filter((c) => {
      const text = [c.first_name, c.last_name, c.email, c.phone].join(' ').toLowerCase();
      return words.every((w) => text.includes(w));
    });
    return json({ results: found, count: found.length, next: null, previous: null });
  };
  return () => {
    globalThis.fetch = original;
  };
}
