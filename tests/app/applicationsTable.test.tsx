// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { render as renderPlain, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from '../../app/router/MemoryRouter.tsx';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApplicationsTable } from '../../app/components/ApplicationsTable.tsx';
import { lifecycle } from '../../app/lifecycle.ts';
import type { LifeApplication } from '../../app/api/types.ts';
import { answeredApplication } from '../support/answeredApplication.ts';
import {
  captureDownloads,
  deferred,
  type FakeResponse,
  locationOf,
  mockApi,
  PDF_BYTES,
  renderRoute,
  signIn,
} from './support.tsx';

/** An application of Ann Lee's as the server lists it, with these fields. */
const answered = (fields: Record<string, unknown>): LifeApplication =>
  answeredApplication({ client_id: 5, client_name: 'Ann Lee', updated_at: '2024-06-01T12:00:00Z', ...fields });

const APPLICATIONS = [
  {
    id: 1,
    created_at: '2024-06-01T12:00:00Z',
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
    created_at: '2024-06-02T12:00:00Z',
    application_type: 'ADDITIONAL',
    application_type_label: 'Additional Coverage',
    product_type: 'whole_life',
    product_type_label: 'Whole Life',
    number_of_insureds: 2,
    status: 'SUBMITTED',
    face_amount: '1250000.00',
  },
  {
    id: 3,
    created_at: null,
    application_type: 'REPLACEMENT',
    application_type_label: 'Internal Replacement',
    product_type: 'universal_life',
    product_type_label: 'Universal Life',
    number_of_insureds: 1,
    status: 'IN_REVIEW',
    face_amount: null,
  },
  {
    id: 4,
    created_at: '2024-06-04T12:00:00Z',
    application_type: 'LINKED',
    application_type_label: 'Linked Applications',
    product_type: 'critical_illness_plus',
    product_type_label: 'Critical Illness Plus',
    number_of_insureds: 1,
    status: 'ISSUED',
    face_amount: 99999.6,
  },
  {
    id: 5,
    created_at: '2024-06-05T12:00:00Z',
    application_type: 'NEW',
    application_type_label: 'New Application',
    product_type: 'term_life',
    product_type_label: 'Term Life',
    number_of_insureds: 1,
    status: 'DECLINED',
    face_amount: 0,
  },
].map(answered);

const BMO = {
  insurer: 'BMO',
  name: 'BMO Insurance',
  filename: 'bmo-application-ann-lee.pdf',
  url: '/api/pdf/files/gen-new/BMO/',
};
const SUNLIFE = {
  insurer: 'SUNLIFE',
  name: 'Sun Life',
  filename: 'sunlife-application-ann-lee.pdf',
  url: '/api/pdf/files/gen-new/SUNLIFE/',
};

/** An application generated twice; the server's order is reversed on purpose: the table goes by date. */
const GENERATED: LifeApplication = answered({
  id: 7,
  client_id: 5,
  client_name: 'Ann Lee',
  created_at: '2024-06-01T12:00:00Z',
  application_type: 'NEW',
  product_type: 'term_life',
  number_of_insureds: 1,
  status: 'DRAFT',
  face_amount: 500000,
  generations: [
    {
      id: 'gen-old',
      created_at: '2024-06-02T12:00:00Z',
      populate_forms: ['MANULIFE'],
      files: [
        {
          insurer: 'MANULIFE',
          name: 'Manulife',
          filename: 'manulife-application-ann-lee.pdf',
          url: '/api/pdf/files/gen-old/MANULIFE/',
        },
      ],
      combined_url: '/api/pdf/files/gen-old/',
    },
    {
      id: 'gen-new',
      created_at: '2024-06-03T12:00:00Z',
      populate_forms: ['BMO', 'SUNLIFE'],
      files: [BMO, SUNLIFE],
      combined_url: '/api/pdf/files/gen-new/',
    },
  ],
});

const NOT_GENERATED: LifeApplication = { ...APPLICATIONS[1], generations: [] };

const PDF: FakeResponse = {
  raw: PDF_BYTES,
  headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="from-server.pdf"' },
};

let capture: ReturnType<typeof captureDownloads>;

beforeEach(() => {
  sessionStorage.clear();
  signIn();
  capture = captureDownloads();
});
afterEach(() => {
  capture.restore();
  vi.unstubAllGlobals();
});

/** The table inside a router: its status badges link to the application page. */
const render = (ui: ReactElement) => renderPlain(<MemoryRouter>{ui}</MemoryRouter>);

function row(id: number) {
  return screen.getAllByRole('row')[id];
}

describe('applications table', () => {
  it('has the columns and the empty text', () => {
    render(<ApplicationsTable applications={[]} />);
    for (const header of ['Date', 'Type', 'Product', 'Insureds', 'Status', 'Face Amount', 'Documents']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(screen.getByText('No insurance applications found')).toBeInTheDocument();
  });

  /** A status's badge as steps/lifecycle.json draws it: its label, in its colours. */
  const expectBadge = (scope: ReturnType<typeof within>, status: string, colour: string) => {
    const { label, badge } = lifecycle.statuses[status];
    expect(badge.colour).toBe(colour);
    expect(scope.getByText(label)).toHaveStyle({ backgroundColor: badge.background, color: badge.text });
  };

  it('labels types and products, formats CAD without decimals and colours statuses', () => {
    render(<ApplicationsTable applications={APPLICATIONS} />);
    const first = within(row(1));
    expect(first.getByText('New Application')).toBeInTheDocument();
    expect(first.getByText('Term Life')).toBeInTheDocument();
    expect(first.getByText('$500,000')).toBeInTheDocument();
    expect(first.getByText('2024-06-01')).toBeInTheDocument();
    expectBadge(first, 'DRAFT', 'yellow');

    const second = within(row(2));
    expect(second.getByText('Additional Coverage')).toBeInTheDocument();
    expect(second.getByText('Whole Life')).toBeInTheDocument();
    expect(second.getByText('$1,250,000')).toBeInTheDocument();
    expect(second.getByText('2')).toBeInTheDocument();
    expectBadge(second, 'SUBMITTED', 'blue');

    const third = within(row(3));
    expect(third.getByText('Internal Replacement')).toBeInTheDocument();
    expect(third.getByText('Universal Life')).toBeInTheDocument();
    const notSet = third.getByText('Not set');
    expect(notSet.tagName).toBe('EM');
    expect(third.getByText('-')).toBeInTheDocument();
    expectBadge(third, 'IN_REVIEW', 'purple');

    const fourth = within(row(4));
    expect(fourth.getByText('Linked Applications')).toBeInTheDocument();
    expect(fourth.getByText('Critical Illness Plus')).toBeInTheDocument();
    expect(fourth.getByText('$100,000')).toBeInTheDocument();
    expectBadge(fourth, 'ISSUED', 'green');

    const fifth = within(row(5));
    expect(fifth.getByText('$0')).toBeInTheDocument();
    expectBadge(fifth, 'DECLINED', 'red');
  });

  it("marks an application started on questions that changed since (the server's definitions_changed), and only that one", () => {
    render(
      <ApplicationsTable
        applications={[
          { ...GENERATED, definitions_changed: true },
          { ...NOT_GENERATED, definitions_changed: false },
        ]}
      />,
    );
    expect(within(row(1)).getByText('Questions updated')).toHaveAttribute(
      'title',
      expect.stringMatching(/review lists anything new to answer/),
    );
    expect(within(row(2)).queryByText('Questions updated')).toBeNull();
  });

  it('lists the newest generation\'s documents, the dates of earlier ones, and "None yet" before any', () => {
    render(<ApplicationsTable applications={[GENERATED, NOT_GENERATED]} />);
    const generated = within(row(1));
    expect(generated.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Download BMO Insurance',
      'Download Sun Life',
      'Download all',
    ]);
    expect(generated.queryByRole('button', { name: /Manulife/ })).toBeNull();
    expect(generated.getByText('Earlier: 2024-06-02')).toBeInTheDocument();

    const pending = within(row(2));
    expect(pending.queryByRole('button')).toBeNull();
    expect(pending.getByText('None yet')).toHaveClass('not-set');
  });

  it('downloads an insurer\'s PDF with the session token, under the file\'s name, showing "Downloading..." meanwhile', async () => {
    const held = deferred<FakeResponse>();
    let authorization: string | null = null;
    const api = mockApi({
      [`GET ${BMO.url}`]: ({ headers }) => {
        authorization = headers.get('Authorization');
        return held.promise;
      },
    });
    render(<ApplicationsTable applications={[GENERATED]} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Download BMO Insurance' }));

    const busy = await screen.findByRole('button', { name: /Downloading\.\.\..*BMO Insurance/ });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    // A second click on the busy button does not fetch the file twice.
    await user.click(busy);
    expect(api.calls()).toEqual([`GET ${BMO.url}`]);
    expect(authorization).toBe('Token test-token');
    expect(capture.downloads).toEqual([]);

    held.resolve(PDF);
    await waitFor(() => expect(capture.downloads).toHaveLength(1));
    const [saved] = capture.downloads;
    expect(saved.filename).toBe('bmo-application-ann-lee.pdf');
    expect(saved.attached).toBe(true);
    expect(await saved.blob.text()).toMatch(/^%PDF-/);
    expect(await screen.findByRole('button', { name: 'Download BMO Insurance' })).not.toHaveAttribute('aria-busy');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('"Download all" saves the combined PDF under the server\'s name', async () => {
    mockApi({ [`GET ${GENERATED.generations![1].combined_url}`]: () => PDF });
    render(<ApplicationsTable applications={[GENERATED]} />);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Download all' }));
    await waitFor(() => expect(capture.downloads.map((d) => d.filename)).toEqual(['from-server.pdf']));
  });

  it('says why a download failed: the server\'s error, else "Failed to download the file"', async () => {
    let answer: FakeResponse = { status: 404, body: { error: 'File not found' } };
    mockApi({ [`GET ${SUNLIFE.url}`]: () => answer });
    render(<ApplicationsTable applications={[GENERATED]} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Download Sun Life' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('File not found');
    answer = { status: 500 };
    await user.click(await screen.findByRole('button', { name: 'Download Sun Life' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to download the file'));
    expect(capture.downloads).toEqual([]);
    // A later download that works clears the message.
    answer = PDF;
    await user.click(await screen.findByRole('button', { name: 'Download Sun Life' }));
    await waitFor(() => expect(capture.downloads).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("is shown on the client profile with the client's applications", async () => {
    mockApi({
      'GET /api/brokers/': () => ({ body: [] }),
      'GET /api/clients/5/?include=life_applications': () => ({
        body: {
          id: 5,
          first_name: 'Ann',
          last_name: 'Lee',
          email: 'a@b.ca',
          phone_primary: '4165551234',
          date_of_birth: '1980-02-03',
          gender_sex_at_birth: 'female',
          brokers: [],
          life_applications: APPLICATIONS,
        },
      }),
    });
    renderRoute('/client/profile/5');
    expect(await screen.findByRole('heading', { name: 'Insurance Applications' })).toBeInTheDocument();
    expect(screen.getByText('$1,250,000')).toBeInTheDocument();
  });

  it('offers the documents on the client profile, and downloads them from there', async () => {
    mockApi({
      'GET /api/brokers/': () => ({ body: [] }),
      'GET /api/clients/5/?include=life_applications': () => ({
        body: { id: 5, first_name: 'Ann', last_name: 'Lee', life_applications: [GENERATED] },
      }),
      [`GET ${SUNLIFE.url}`]: () => PDF,
    });
    renderRoute('/client/profile/5');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Download Sun Life' }));
    await waitFor(() => expect(capture.downloads.map((d) => d.filename)).toEqual(['sunlife-application-ann-lee.pdf']));
  });

  it("lists the client's role on each application, and names the client whose application it is when it is another's (issue 31)", async () => {
    mockApi({
      'GET /api/brokers/': () => ({ body: [] }),
      'GET /api/clients/6/?include=life_applications': () => ({
        body: {
          id: 6,
          first_name: 'Bo',
          last_name: 'Lee',
          life_applications: [
            { ...GENERATED, client_id: 5, client_name: 'Ann Lee', role: 'Insured 2, joint owner' },
            { ...NOT_GENERATED, id: 9, client_id: 6, client_name: 'Bo Lee', role: 'Insured 1, owner' },
          ],
        },
      }),
    });
    renderRoute('/client/profile/6');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Role' })).toBeInTheDocument();
    const [, theirs, own] = within(table).getAllByRole('row');
    expect(within(theirs).getByText('Insured 2, joint owner')).toBeInTheDocument();
    expect(within(theirs).getByRole('link', { name: "Ann Lee's application" })).toHaveAttribute(
      'href',
      '/client/profile/5',
    );
    expect(within(own).getByText('Insured 1, owner')).toBeInTheDocument();
    // Its own application names no other client; its one link is the status, to the application's page.
    expect(
      within(own)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/applications/9']);
  });

  it('"New Insurance Application" creates an application and opens basic screening with its id', async () => {
    const api = mockApi({
      'GET /api/brokers/': () => ({ body: [] }),
      'GET /api/clients/5/?include=life_applications': () => ({
        body: { id: 5, first_name: 'Ann', last_name: 'Lee', life_applications: [] },
      }),
      'POST /api/applications/create_new_application/': () => ({ status: 201, body: { id: 77 } }),
    });
    const { router } = renderRoute('/client/profile/5');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'New Insurance Application' }));
    await waitFor(() => expect(locationOf(router)).toBe('/client/5/screening/basic?application_id=77'));
    expect(api.bodyOf('POST /api/applications/create_new_application/')).toEqual({ client_id: '5' });
  });

  it('shows the create error: error field, else the serialized body, else the default', async () => {
    let answer: { status: number; body?: unknown } = { status: 400, body: { error: 'Client has an open application' } };
    mockApi({
      'GET /api/brokers/': () => ({ body: [] }),
      'GET /api/clients/5/?include=life_applications': () => ({ body: { id: 5, first_name: 'Ann', last_name: 'Lee' } }),
      'POST /api/applications/create_new_application/': () => answer,
    });
    renderRoute('/client/profile/5');
    const user = userEvent.setup({ delay: null });
    const button = await screen.findByRole('button', { name: 'New Insurance Application' });
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('Client has an open application');
    answer = { status: 400, body: { client_id: ['Invalid pk'] } };
    await user.click(button);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('{"client_id":["Invalid pk"]}'));
    answer = { status: 500 };
    await user.click(button);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to create new application'));
  });

  it('on the blank profile (no client yet), starts by choosing a client or creating one (issue 31)', async () => {
    const api = mockApi({ 'GET /api/brokers/': () => ({ body: [] }) });
    const { router } = renderRoute('/client/profile');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'New Insurance Application' }));
    await waitFor(() => expect(locationOf(router)).toBe('/applications/new'));
    expect(api.calls()).not.toContain('POST /api/applications/create_new_application/');
  });
});

describe('the Applications page', () => {
  beforeEach(() => signIn());

  it("lists every application of the adviser's clients, each with its client and documents", async () => {
    mockApi({
      'GET /api/applications/': () => ({
        body: {
          results: [GENERATED, { ...APPLICATIONS[1], client_id: 6, client_name: 'Bo Chen', generations: [] }],
          count: 2,
          next: null,
          previous: null,
        },
      }),
    });
    renderRoute('/applications');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Client' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Ann Lee' })).toHaveAttribute('href', '/client/profile/5');
    expect(within(table).getByRole('link', { name: 'Bo Chen' })).toHaveAttribute('href', '/client/profile/6');
    expect(within(table).getByRole('button', { name: 'Download BMO Insurance' })).toBeInTheDocument();
    expect(within(table).getByText('None yet')).toBeInTheDocument();
  });

  it('filters by status and insurer, searches, sorts and pages through the server, the URL keeping each', async () => {
    const page = (n: number) => ({ body: { results: [{ ...GENERATED, id: n }], count: 40 } });
    const api = mockApi({
      'GET /api/applications/': () => page(1),
      'GET /api/applications/?status=DRAFT': () => page(2),
      'GET /api/applications/?status=DRAFT&insurer=BMO': () => page(3),
      'GET /api/applications/?ordering=-face_amount&status=DRAFT&insurer=BMO': () => page(4),
      'GET /api/applications/?page=2&ordering=-face_amount&status=DRAFT&insurer=BMO': () => page(5),
      'GET /api/applications/?ordering=-face_amount&search=lee&status=DRAFT&insurer=BMO': () => ({
        body: { results: [], count: 0 },
      }),
    });
    const { router } = renderRoute('/applications');
    await screen.findByRole('table');
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(screen.getByLabelText('Status'), 'DRAFT');
    await user.selectOptions(await screen.findByLabelText('Insurer'), 'BMO');
    const amount = screen.getByRole('columnheader', { name: /Face Amount/ });
    await user.click(within(amount).getByRole('button'));
    await waitFor(() => expect(amount).toHaveAttribute('aria-sort', 'descending'));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(locationOf(router)).toBe('/applications?status=DRAFT&insurer=BMO&ordering=-face_amount&page=2'),
    );
    await user.type(screen.getByPlaceholderText('Search by client...'), 'lee');
    expect(await screen.findByText('No applications match this search or filter')).toBeInTheDocument();
    expect(api.calls()).toEqual([
      'GET /api/applications/',
      'GET /api/applications/?status=DRAFT',
      'GET /api/applications/?status=DRAFT&insurer=BMO',
      'GET /api/applications/?ordering=-face_amount&status=DRAFT&insurer=BMO',
      'GET /api/applications/?page=2&ordering=-face_amount&status=DRAFT&insurer=BMO',
      'GET /api/applications/?ordering=-face_amount&search=lee&status=DRAFT&insurer=BMO',
    ]);
  });

  it('says why when the list cannot be loaded', async () => {
    mockApi({ 'GET /api/applications/': () => ({ status: 500, body: {} }) });
    renderRoute('/applications');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load applications');
  });
});
