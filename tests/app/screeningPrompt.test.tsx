// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locationOf, mockApi, renderRoute, signIn, type FakeResponse } from './support.tsx';

const PROGRESS_URL = 'GET /api/insurance/screening-progress/get_progress/3/';
const INCOMPLETE = 'You have an incomplete screening. Would you like to continue where you left off?';
const START = 'Would you like to start the insurance screening?';

beforeEach(() => {
  sessionStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

function progress(overrides: Record<string, unknown>): FakeResponse {
  return {
    body: { clientId: 3, currentStep: 'owner', lastUpdated: '2024-05-01T10:00:00Z', isComplete: false, stepData: { owner: {} }, ...overrides },
  };
}

describe('screening prompt', () => {
  it('offers to continue an incomplete screening', async () => {
    mockApi({ [PROGRESS_URL]: () => progress({}) });
    const { router } = renderRoute('/client/3/screening/prompt');
    expect(await screen.findByText(INCOMPLETE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Over' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skip for Now' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue Screening' }));
    await waitFor(() => expect(locationOf(router)).toBe('/client/3/screening/owner'));
  });

  it('"Start Over" goes to basic and "Skip for Now" to the dashboard', async () => {
    mockApi({ [PROGRESS_URL]: () => progress({}), 'GET /api/clients/': () => ({ body: { results: [], count: 0 } }) });
    const { router } = renderRoute('/client/3/screening/prompt');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start Over' }));
    await waitFor(() => expect(locationOf(router)).toBe('/client/3/screening/basic'));
    await act(() => router.navigate('/client/3/screening/prompt'));
    await user.click(await screen.findByRole('button', { name: 'Skip for Now' }));
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard'));
  });

  it.each([
    ['no saved progress (404)', { status: 404, body: { error: 'not found' } }],
    ['a failed request', { status: 500 }],
    ['lastUpdated null', progress({ lastUpdated: null })],
    ['basic with empty stepData', progress({ currentStep: 'basic', stepData: {} })],
    ['a complete screening', progress({ currentStep: 'pdf-generation', isComplete: true })],
  ])('offers to start when there is %s', async (_name, answer) => {
    mockApi({ [PROGRESS_URL]: () => answer as FakeResponse });
    const { router } = renderRoute('/client/3/screening/prompt');
    expect(await screen.findByText(START)).toBeInTheDocument();
    expect(screen.queryByText(INCOMPLETE)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No, Skip for Now' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Yes, Start Screening' }));
    await waitFor(() => expect(locationOf(router)).toBe('/client/3/screening/basic'));
  });

  it('treats basic with saved answers as progress', async () => {
    mockApi({ [PROGRESS_URL]: () => progress({ currentStep: 'basic', stepData: { basic: { speaks_english_french: true } } }) });
    renderRoute('/client/3/screening/prompt');
    expect(await screen.findByText(INCOMPLETE)).toBeInTheDocument();
  });

  it('"No, Skip for Now" goes to the dashboard', async () => {
    mockApi({ [PROGRESS_URL]: () => ({ status: 404 }), 'GET /api/clients/': () => ({ body: { results: [], count: 0 } }) });
    const { router } = renderRoute('/client/3/screening/prompt');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'No, Skip for Now' }));
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard'));
  });
});
