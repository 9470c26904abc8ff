// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoute, signIn } from './support.tsx';
import { specText } from '../support/specText.ts';

beforeEach(() => {
  sessionStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

describe("a failed load says so in the step's own words (issue 11)", () => {
  it.each([
    ['owner', specText('owner.loadErrorMessage')],
    ['plan-details', specText('plan-details.loadErrorMessage')],
    ['medical', specText('medical.loadErrorMessage')],
  ])('%s: "%s", with Try again', async (step, message) => {
    let fail = true;
    mockApi({
      'GET /api/screening/3/?incomplete=true': () =>
        fail ? { status: 500, body: { error: 'Internal Server Error' } } : { body: {} },
    });
    renderRoute(`/client/3/screening/${step}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText(specText('proposed-insured.loadErrorMessage'))).not.toBeInTheDocument();
    fail = false;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('still says "Client not found" for a client the adviser may not open', async () => {
    mockApi({ 'GET /api/screening/3/?incomplete=true': () => ({ status: 404, body: { error: 'Not found' } }) });
    renderRoute('/client/3/screening/owner');
    expect(await screen.findByRole('alert')).toHaveTextContent('Client not found');
  });
});
