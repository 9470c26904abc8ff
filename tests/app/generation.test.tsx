// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import full from '../../steps/screening-review/examples/full-application.json';
import generationUi from '../../steps/pdf-generation/ui.json';
import { captureDownloads, mockApi, PDF_BYTES, renderRoute, signIn } from './support.tsx';
import { ruleMessage } from '../support/definitionText.ts';

const { result } = generationUi['ui:options'];
// A complete application whose insurers are not chosen yet.
const { $context: _context, 'pdf-generation': _chosen, ...saved } = full.data;

const FILE = '/api/pdf/files/gen-1/';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

/** The wizard at the generation step, over a complete application; generation answers with one file. */
function generationApi() {
  return mockApi({
    'GET /api/screening/2087/?incomplete=true': () => ({ body: saved }),
    'PUT /api/screening/2087/pdf-generation/': ({ body }) => ({ body }),
    'POST /api/pdf/generate_pdf/': () => ({
      body: { data: { s3_url: FILE, id: 'gen-1' }, summary: { provider: 'BMO', primary_insured: 'Olivia Bennett' } },
    }),
    [`GET ${FILE}`]: () => ({ raw: PDF_BYTES, headers: { 'Content-Type': 'application/pdf' } }),
  });
}

const NONE_CHOSEN = ruleMessage('pdf-generation', 'populate_forms');

/** Generates for BMO, after a first try with nothing chosen (refused with its message, as an adviser may do). */
async function generate(user: ReturnType<typeof userEvent.setup>) {
  renderRoute('/client/2087/screening/pdf-generation');
  const bmo = await screen.findByRole('checkbox', { name: 'BMO' }, { timeout: 20000 });
  await user.click(screen.getByRole('button', { name: 'Generate Application' }));
  expect((await screen.findAllByText(NONE_CHOSEN)).length).toBeGreaterThan(0);
  await user.click(bmo);
  await user.click(screen.getByRole('button', { name: 'Generate Application' }));
  return screen.findByRole('region', { name: result.heading });
}

describe('the generation result (issue 31)', () => {
  it('"Generate Another Form" starts again with nothing chosen and no error shown before the adviser acts', async () => {
    generationApi();
    const user = userEvent.setup({ delay: null });
    const view = await generate(user);
    await user.click(within(view).getByRole('button', { name: result.generateAnotherLabel }));
    const box = await screen.findByRole('checkbox', { name: 'BMO' });
    expect(box).not.toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(NONE_CHOSEN)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Application' })).toBeEnabled();
    // Asking with nothing chosen still says what is missing.
    await user.click(screen.getByRole('button', { name: 'Generate Application' }));
    expect((await screen.findAllByText(NONE_CHOSEN)).length).toBeGreaterThan(0);
  });

  it("lists each insurer's questionnaires that the answers call for (issue 26)", async () => {
    mockApi({
      'GET /api/screening/2087/?incomplete=true': () => ({ body: saved }),
      'PUT /api/screening/2087/pdf-generation/': ({ body }) => ({ body }),
      'POST /api/pdf/generate_pdf/': () => ({
        body: {
          data: {
            s3_url: FILE,
            id: 'gen-1',
            files: [
              {
                insurer: 'BMO',
                name: 'BMO Insurance',
                url: FILE,
                questionnaires: ['BMO Aviation Questionnaire - Proposed insured 1: Olivia Bennett'],
              },
              { insurer: 'SUNLIFE', name: 'Sun Life', url: FILE, questionnaires: [] },
            ],
          },
          summary: { provider: 'BMO', primary_insured: 'Olivia Bennett' },
        },
      }),
    });
    const view = await generate(userEvent.setup({ delay: null }));
    const list = within(view).getByRole('heading', { name: result.questionnairesHeading }).parentElement!;
    expect(within(list).getByText('BMO Insurance')).toBeInTheDocument();
    expect(within(list).getByRole('listitem')).toHaveTextContent(
      'BMO Aviation Questionnaire - Proposed insured 1: Olivia Bennett',
    );
    expect(within(list).queryByText('Sun Life')).not.toBeInTheDocument();
  });

  it('"Download PDF" opens the file in a new tab, through an object URL of the file fetched with the token', async () => {
    const api = generationApi();
    const tab = { location: { href: '' }, close: vi.fn(), closed: false, opener: {} as unknown };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:http://localhost/generated';
    });
    const user = userEvent.setup({ delay: null });
    const view = await generate(user);
    await user.click(within(view).getByRole('button', { name: result.downloadLabel }));
    // The tab is opened by the click itself (a popup blocker lets it through), then shown the file.
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]).toEqual(['', '_blank']);
    await waitFor(() => expect(tab.location.href).toBe('blob:http://localhost/generated'));
    expect(tab.opener).toBeNull();
    expect(created[0].type).toBe('application/pdf');
    const call = api.fetch.mock.calls.find(([url]) => String(url) === FILE);
    expect(new Headers((call?.[1] as RequestInit).headers).get('Authorization')).toBe('Token test-token');
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('closes the tab and says why when the file cannot be fetched', async () => {
    mockApi({
      'GET /api/screening/2087/?incomplete=true': () => ({ body: saved }),
      'PUT /api/screening/2087/pdf-generation/': ({ body }) => ({ body }),
      'POST /api/pdf/generate_pdf/': () => ({ body: { data: { s3_url: FILE, id: 'gen-1' } } }),
      [`GET ${FILE}`]: () => ({ status: 404, body: { error: 'File not found' } }),
    });
    const tab = { location: { href: '' }, close: vi.fn(), closed: false, opener: {} as unknown };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const user = userEvent.setup({ delay: null });
    const view = await generate(user);
    await user.click(within(view).getByRole('button', { name: result.downloadLabel }));
    expect(await screen.findByRole('alert')).toHaveTextContent('File not found');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  it('saves the file as a download when the browser refuses a new tab', async () => {
    generationApi();
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    const capture = captureDownloads();
    try {
      const user = userEvent.setup({ delay: null });
      const view = await generate(user);
      await user.click(within(view).getByRole('button', { name: result.downloadLabel }));
      await waitFor(() => expect(capture.downloads).toHaveLength(1));
      expect(capture.downloads[0].filename).toMatch(/\.pdf$/);
    } finally {
      capture.restore();
    }
  });
});
