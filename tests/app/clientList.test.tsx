// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

  it('filters with "Search clients..."', async () => {
    mockApi({ 'GET /api/clients/': () => ({ body: { results: [ANN, BOB], count: 2 } }) });
    renderRoute('/dashboard');
    await screen.findByRole('link', { name: 'Ann Lee' });
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('Search clients...'), 'bob');
    expect(screen.queryByRole('link', { name: 'Ann Lee' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bob Roy' })).toBeInTheDocument();
    await user.clear(screen.getByPlaceholderText('Search clients...'));
    await user.type(screen.getByPlaceholderText('Search clients...'), 'zzz');
    expect(screen.getByText('No clients found')).toBeInTheDocument();
  });

  it('opens the screening prompt and the row menu links to Edit', async () => {
    mockApi({ 'GET /api/clients/': () => ({ body: { results: [ANN], count: 1 } }) });
    const { router } = renderRoute('/dashboard');
    const user = userEvent.setup();
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
    const user = userEvent.setup();
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
      const user = userEvent.setup();
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
    const user = userEvent.setup();
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
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Ann Lee' }));
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for Bob Roy' }));
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
  });
});
