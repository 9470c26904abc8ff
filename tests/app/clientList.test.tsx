// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import dashboardTexts from '../../app/i18n/en/dashboard.json';
import { deferred, locationOf, mockApi, renderRoute, signIn, type FakeResponse } from './support.tsx';

const ANN = {
  id: 7,
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.com',
  phone: '4165551234',
  created_at: '2024-01-05T15:00:00Z',
  updated_at: '2024-03-20',
};
const BOB = { id: 8, first_name: 'Bob', last_name: 'Roy', email: '', phone: null, created_at: null, updated_at: null };

beforeEach(() => {
  sessionStorage.clear();
  signIn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('client list', () => {
  it('shows the columns and formats phone, dates and empty values', async () => {
    mockApi({ 'GET /api/clients/': () => ({ body: { results: [ANN, BOB], count: 2 } }) });
    renderRoute('/dashboard');
    const link = await screen.findByRole('link', { name: 'Ann Lee' });
    expect(link).toHaveAttribute('href', '/client/profile/7');
    for (const header of ['Client Name', 'Email', 'Phone', 'Created', 'Last Updated', 'Insurance Screening']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const annRow = link.closest('tr')!;
    expect(within(annRow).getByText('(416) 555-1234')).toBeInTheDocument();
    expect(within(annRow).getByText('2024-01-05')).toBeInTheDocument();
    expect(within(annRow).getByText('2024-03-20')).toBeInTheDocument();
    const bobRow = screen.getByRole('link', { name: 'Bob Roy' }).closest('tr')!;
    expect(within(bobRow).getAllByText('-')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Create New Client Profile' })).toHaveAttribute('href', '/client/profile');
    expect(screen.getByRole('link', { name: 'Apply for Insurance' })).toHaveAttribute('href', '/applications/new');
  });

  it('says "Loading clients..." and then "No clients found"', async () => {
    const pending = deferred<FakeResponse>();
    mockApi({ 'GET /api/clients/': () => pending.promise });
    renderRoute('/dashboard');
    expect(await screen.findByText('Loading clients...')).toBeInTheDocument();
    pending.resolve({ body: { results: [], count: 0 } });
    expect(await screen.findByText('No clients found')).toBeInTheDocument();
  });

  it('shows a load error in the page', async () => {
    mockApi({ 'GET /api/clients/': () => ({ status: 500, body: {} }) });
    renderRoute('/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching client list');
  });

  it('asks the server after a pause in typing, shows progress, and keeps the search in the URL', async () => {
    const pending = deferred<FakeResponse>();
    const api = mockApi({
      'GET /api/clients/': () => ({ body: { results: [ANN, BOB], count: 2 } }),
      'GET /api/clients/?search=bob': () => pending.promise,
      'GET /api/clients/?search=zzz': () => ({ body: { results: [], count: 0 } }),
    });
    const { router } = renderRoute('/dashboard');
    await screen.findByRole('link', { name: 'Ann Lee' });
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('Search clients...'), 'bob');
    // One request for the word, not one per key.
    await waitFor(() => expect(api.calls()).toContain('GET /api/clients/?search=bob'));
    expect(api.calls().filter((c) => c.startsWith('GET /api/clients/?search=b'))).toEqual([
      'GET /api/clients/?search=bob',
    ]);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(locationOf(router)).toBe('/dashboard?search=bob');
    pending.resolve({ body: { results: [BOB], count: 1 } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ann Lee' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Bob Roy' })).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false');
    await user.clear(screen.getByPlaceholderText('Search clients...'));
    await user.type(screen.getByPlaceholderText('Search clients...'), 'zzz');
    expect(await screen.findByText('No clients found')).toBeInTheDocument();
    expect(screen.getByText(/Nothing matches “zzz”/)).toBeInTheDocument();
  });

  it('pages with the page controls and sorts with the column headers, and the URL keeps both', async () => {
    const many = (from: number) =>
      Array.from({ length: 25 }, (_, i) => ({ ...ANN, id: from + i, first_name: `Ann${'x'.repeat(i)}` }));
    const api = mockApi({
      'GET /api/clients/': () => ({ body: { results: many(100), count: 60, next: '/api/clients/?page=2' } }),
      'GET /api/clients/?page=2': () => ({ body: { results: [{ ...BOB, id: 300 }], count: 60 } }),
      'GET /api/clients/?page=3': () => ({ body: { results: [{ ...BOB, id: 301, first_name: 'Cal' }], count: 60 } }),
      'GET /api/clients/?ordering=last_name': () => ({ body: { results: [BOB], count: 60 } }),
      'GET /api/clients/?ordering=-last_name': () => ({ body: { results: [ANN], count: 60 } }),
    });
    const { router } = renderRoute('/dashboard');
    await screen.findAllByRole('link', { name: /^Ann/ });
    const pages = screen.getByRole('navigation', { name: 'Client list pages' });
    expect(pages).toHaveTextContent('1–25 of 60 clients');
    expect(pages).toHaveTextContent('Page 1 of 3');
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    const user = userEvent.setup({ delay: null });
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Bob Roy' })).toBeInTheDocument();
    expect(locationOf(router)).toBe('/dashboard?page=2');
    expect(pages).toHaveTextContent('26–50 of 60 clients');
    await user.click(within(pages).getByRole('button', { name: 'Last' }));
    expect(await screen.findByRole('link', { name: 'Cal Roy' })).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled();

    const name = screen.getByRole('columnheader', { name: /Client Name/ });
    expect(name).not.toHaveAttribute('aria-sort');
    expect(screen.getByRole('columnheader', { name: /Last Updated/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(name).getByRole('button'));
    await waitFor(() => expect(api.calls()).toContain('GET /api/clients/?ordering=last_name'));
    // A new order starts again at page 1.
    expect(locationOf(router)).toBe('/dashboard?ordering=last_name');
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(name).getByRole('button'));
    await waitFor(() => expect(name).toHaveAttribute('aria-sort', 'descending'));
    expect(api.calls()).toContain('GET /api/clients/?ordering=-last_name');
  });

  it('opens the list a shared link names: its page, order and search', async () => {
    const api = mockApi({
      'GET /api/clients/?page=2&ordering=email&search=lee': () => ({ body: { results: [ANN], count: 30 } }),
    });
    renderRoute('/dashboard?page=2&ordering=email&search=lee');
    expect(await screen.findByRole('link', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search clients...')).toHaveValue('lee');
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('navigation', { name: 'Client list pages' })).toHaveTextContent('Page 2 of 2');
    // The client list asks for that page alone (the dashboard also counts the applications waiting on the adviser).
    expect(api.calls().filter((c) => c.startsWith('GET /api/clients/'))).toEqual([
      'GET /api/clients/?page=2&ordering=email&search=lee',
    ]);
  });

  it('goes back to the first page when the page asked for is past the last one', async () => {
    mockApi({
      'GET /api/clients/?page=9': () => ({ status: 404, body: { error: 'Invalid page.', errors: [] } }),
      'GET /api/clients/': () => ({ body: { results: [ANN], count: 1 } }),
    });
    const { router } = renderRoute('/dashboard?page=9');
    expect(await screen.findByRole('link', { name: 'Ann Lee' })).toBeInTheDocument();
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard'));
  });

  it('opens the screening prompt and the row menu links to Edit', async () => {
    mockApi({ 'GET /api/clients/': () => ({ body: { results: [ANN], count: 1 } }) });
    const { router } = renderRoute('/dashboard');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Actions for Ann Lee' }));
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveAttribute('href', '/client/profile/7');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Insurance Screening for Ann Lee' }));
    await waitFor(() => expect(locationOf(router)).toBe('/client/7/screening/prompt'));
  });

  it('asks before deleting; Cancel keeps the client', async () => {
    const api = mockApi({ 'GET /api/clients/': () => ({ body: { results: [ANN], count: 1 } }) });
    renderRoute('/dashboard');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Actions for Ann Lee' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Client' });
    expect(dialog).toHaveTextContent('Ann Lee');
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls()).not.toContain('DELETE /api/clients/7/');
  });

  it('deletes, shows "Client deleted successfully", reloads, and the toast closes after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let results = [ANN, BOB];
    const api = mockApi({
      'GET /api/clients/': () => ({ body: { results, count: results.length } }),
      'DELETE /api/clients/7/': () => {
        results = [BOB];
        return { status: 204 };
      },
    });
    renderRoute('/dashboard');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Actions for Ann Lee' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Client deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ann Lee' })).not.toBeInTheDocument());
    expect(api.calls().filter((call) => call === 'GET /api/clients/')).toHaveLength(2);
    expect(api.fetch.mock.calls.find(([url]) => url === '/api/clients/7/')?.[1]?.headers).toMatchObject({
      Authorization: 'Token test-token',
    });
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByText('Client deleted successfully')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Client deleted successfully')).not.toBeInTheDocument();
  });

  it("names the second insured the client's application created and deletes them too only when ticked", async () => {
    const seconds = [{ id: 9, first_name: 'Priya', last_name: 'Mehta' }];
    for (const tick of [false, true]) {
      const api = mockApi({
        'GET /api/clients/': () => ({ body: { results: [ANN], count: 1 } }),
        'GET /api/clients/7/second_insureds/': () => ({ body: { results: seconds } }),
        'DELETE /api/clients/7/': () => ({ body: { success: true } }),
        'DELETE /api/clients/7/?delete_second_insureds=true': () => ({ body: { success: true } }),
      });
      const { unmount } = renderRoute('/dashboard');
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('button', { name: 'Actions for Ann Lee' }));
      await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Delete Client' });
      const choice = await within(dialog).findByRole('checkbox', { name: /Also delete Priya Mehta/ });
      expect(choice).not.toBeChecked();
      expect(dialog).toHaveTextContent('This action cannot be undone.');
      if (tick) await user.click(choice);
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Client deleted successfully')).toBeInTheDocument();
      expect(api.calls()).toContain(
        tick ? 'DELETE /api/clients/7/?delete_second_insureds=true' : 'DELETE /api/clients/7/',
      );
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('shows "Error deleting client" when the delete fails, and that toast also closes after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({
      'GET /api/clients/': () => ({ body: { results: [ANN], count: 1 } }),
      'DELETE /api/clients/7/': () => ({ status: 500, body: {} }),
    });
    renderRoute('/dashboard');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Actions for Ann Lee' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting client')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ann Lee' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Error deleting client')).not.toBeInTheDocument();
  });

  it("shows the server's reason when a broker the client is shared with tries to delete it (403)", async () => {
    mockApi({
      'GET /api/clients/': () => ({ body: { results: [ANN], count: 1 } }),
      'DELETE /api/clients/7/': () => ({
        status: 403,
        body: { error: "Only the client's adviser can delete this client", errors: [] },
      }),
    });
    renderRoute('/dashboard');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Actions for Ann Lee' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("Only the client's adviser can delete this client")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ann Lee' })).toBeInTheDocument();
  });

  it('offers no Delete for a client shared with the user as a broker', async () => {
    mockApi({
      'GET /api/clients/': () => ({
        body: {
          results: [
            { ...ANN, access: 'broker' },
            { ...BOB, access: 'owner' },
          ],
          count: 2,
        },
      }),
    });
    renderRoute('/dashboard');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Actions for Ann Lee' }));
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for Bob Roy' }));
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
  });
});

describe('what waits on the adviser', () => {
  it('draws its card before the counts arrive, then fills them in', async () => {
    const ready = deferred<FakeResponse>();
    const signed = deferred<FakeResponse>();
    mockApi({
      'GET /api/clients/': () => ({ body: { results: [ANN], count: 1 } }),
      'GET /api/applications/?status=READY_TO_SIGN&page_size=1': () => ready.promise,
      'GET /api/applications/?status=SIGNED&page_size=1': () => signed.promise,
    });
    renderRoute('/dashboard');
    // Drawn at once, counts pending: their arrival must not push the client list down.
    const card = await screen.findByRole('region', { name: 'Waiting on you' });
    expect(card).toHaveAttribute('aria-busy', 'true');
    expect(within(card).getByRole('link', { name: dashboardTexts['dashboard.waiting.readyToSign'] })).toHaveAttribute(
      'href',
      '/applications?status=READY_TO_SIGN',
    );
    ready.resolve({ body: { results: [], count: 3 } });
    signed.resolve({ body: { results: [], count: 0 } });
    expect(
      await within(card).findByRole('link', {
        name: new RegExp(`^3 ${dashboardTexts['dashboard.waiting.readyToSign']}`),
      }),
    ).toBeInTheDocument();
    expect(card).not.toHaveAttribute('aria-busy');
    expect(within(card).getByRole('link', { name: /^0 Signed, not submitted/ })).toBeInTheDocument();
  });

  it('takes the card away when the counts cannot be read', async () => {
    mockApi({ 'GET /api/clients/': () => ({ body: { results: [ANN], count: 1 } }) });
    renderRoute('/dashboard');
    await screen.findByRole('link', { name: 'Ann Lee' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Waiting on you' })).toBeNull());
  });
});
