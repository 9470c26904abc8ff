// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { unverifiedMessage } from '../../api/admin/brokerGrants.ts';
import { saveSession } from '../../app/session.ts';
import { locationOf, mockApi, renderRoute, signIn } from './support.tsx';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const EMPTY_LIST = { 'GET /api/clients/': () => ({ body: { results: [], count: 0, next: null, previous: null } }) };
const account = (id: number, email: string, more: object = {}) => ({
  id,
  email,
  username: email,
  created_at: '2026-11-20T10:00:00.000Z',
  email_verified: true,
  is_admin: false,
  disabled: false,
  broker: null,
  ...more,
});

describe('the Admin page', () => {
  it('is in the user menu of an administrator only', async () => {
    signIn('jordan@example.ca');
    mockApi(EMPTY_LIST);
    const first = renderRoute('/dashboard');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /jordan@example.ca/ }));
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Administration' })).toBeNull();
    first.unmount();
    saveSession({ token: 't', username: 'boss@example.ca', role: 'adviser', isAdmin: true });
    mockApi({
      ...EMPTY_LIST,
      'GET /api/admin/accounts/': () => ({ body: { count: 0, results: [] } }),
      'GET /api/admin/audit/': () => ({ body: { results: [] } }),
    });
    const { router } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: /boss@example.ca/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Administration' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument();
    expect(locationOf(router)).toBe('/admin');
  });

  it("grants a broker after confirming, and shows the server's refusal", async () => {
    saveSession({ token: 't', username: 'boss@example.ca', role: 'adviser', isAdmin: true });
    let broker: string | null = null;
    let verified = false;
    const api = mockApi({
      'GET /api/admin/accounts/': () => ({
        body: { count: 1, results: [account(7, 'bea@brokers.example', { broker, email_verified: verified })] },
      }),
      'GET /api/admin/audit/': () => ({
        body: {
          results: broker
            ? [
                {
                  id: 1,
                  at: '2026-11-29T04:00:00.000Z',
                  actor: 'admin:boss@example.ca',
                  action: 'grant-broker',
                  account_email: 'bea@brokers.example',
                },
              ]
            : [],
        },
      }),
      'POST /api/admin/accounts/7/broker/': () => {
        if (!verified) {
          const message = unverifiedMessage('bea@brokers.example');
          return { status: 400, body: { error: message, errors: [{ field: '', message }] } };
        }
        broker = 'bea@brokers.example';
        return {
          body: {
            detail: 'bea@brokers.example is now a broker',
            account: account(7, 'bea@brokers.example', { broker }),
          },
        };
      },
    });
    renderRoute('/admin');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Email not verified')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make broker: bea@brokers.example' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make bea@brokers.example a broker?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make broker' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(unverifiedMessage('bea@brokers.example'));

    verified = true;
    await user.click(screen.getByRole('button', { name: 'Make broker: bea@brokers.example' }));
    const again = await screen.findByRole('alertdialog');
    await user.type(within(again).getByLabelText(/Broker's full name/), 'Bea Broker');
    await user.click(within(again).getByRole('button', { name: 'Make broker' }));
    expect(await screen.findByText('bea@brokers.example is now a broker')).toBeInTheDocument();
    expect(api.bodyOf('POST /api/admin/accounts/7/broker/')).toEqual({});
    expect(await screen.findByText('bea@brokers.example made a broker')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke broker: bea@brokers.example' })).toBeInTheDocument();
  });
});
