// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locationOf, mockApi, renderRoute, signIn, type FakeResponse } from './support.tsx';

const PROGRESS_URL = 'GET /api/insurance/screening-progress/get_progress/3/';
const INCOMPLETE = 'You have an incomplete screening. Would you like to continue where you left off?';
const START = 'Would you like to start the insurance screening?';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

function progress(overrides: Record<string, unknown>): FakeResponse {
  return {
    body: {
      clientId: 3,
      currentStep: 'owner',
      lastUpdated: '2024-05-01T10:00:00Z',
      isComplete: false,
      stepData: { owner: {} },
      ...overrides,
    },
  };
}

describe('screening prompt', () => {
  it('offers to continue an incomplete screening', async () => {
    mockApi({ [PROGRESS_URL]: () => progress({}) });
    const { router } = renderRoute('/client/3/screening/prompt');
    expect(await screen.findByText(INCOMPLETE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Over' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skip for Now' })).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Continue Screening' }));
    await waitFor(() => expect(locationOf(router)).toBe('/client/3/screening/owner'));
  });

  it('"Start Over" asks first, then deletes the screening and this client\'s drafts and opens the first step; "Skip for Now" goes to the dashboard', async () => {
    localStorage.setItem('screening-draft:3:medical', '{"record":{}}');
    localStorage.setItem('screening-draft:4:medical', '{"record":{}}');
    const api = mockApi({
      [PROGRESS_URL]: () => progress({}),
      'GET /api/clients/': () => ({ body: { results: [], count: 0 } }),
      'GET /api/screening/3/': () => ({
        body: { 'proposed-insured': { insured_1: { first_name: 'Olivia', last_name: 'Bennett' } } },
      }),
      'DELETE /api/screening/3/': () => ({ body: { success: true } }),
    });
    const { router } = renderRoute('/client/3/screening/prompt');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('For Olivia Bennett');
    await user.click(await screen.findByRole('button', { name: 'Start Over' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Start the screening over?' });
    expect(dialog).toHaveTextContent('Every answer of this screening for Olivia Bennett is deleted');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls()).not.toContain('DELETE /api/screening/3/');
    expect(locationOf(router)).toBe('/client/3/screening/prompt');
    await user.click(screen.getByRole('button', { name: 'Start Over' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Start Over' }));
    await waitFor(() => expect(locationOf(router)).toBe('/client/3/screening/basic'));
    expect(api.calls()).toContain('DELETE /api/screening/3/');
    expect(localStorage.getItem('screening-draft:3:medical')).toBeNull();
    expect(localStorage.getItem('screening-draft:4:medical')).not.toBeNull();
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
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Yes, Start Screening' }));
    await waitFor(() => expect(locationOf(router)).toBe('/client/3/screening/basic'));
  });

  it('treats basic with saved answers as progress', async () => {
    mockApi({
      [PROGRESS_URL]: () => progress({ currentStep: 'basic', stepData: { basic: { speaks_english_french: true } } }),
    });
    renderRoute('/client/3/screening/prompt');
    expect(await screen.findByText(INCOMPLETE)).toBeInTheDocument();
  });

  it('"No, Skip for Now" goes to the dashboard', async () => {
    mockApi({
      [PROGRESS_URL]: () => ({ status: 404 }),
      'GET /api/clients/': () => ({ body: { results: [], count: 0 } }),
    });
    const { router } = renderRoute('/client/3/screening/prompt');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'No, Skip for Now' }));
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard'));
  });

  it('keeps the screening when the server refuses Start Over, saying why', async () => {
    mockApi({
      [PROGRESS_URL]: () => progress({}),
      'DELETE /api/screening/3/': () => ({
        status: 403,
        body: { error: "Only the client's adviser can start this screening over", errors: [] },
      }),
    });
    const { router } = renderRoute('/client/3/screening/prompt');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Start Over' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Start Over' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Only the client's adviser can start this screening over",
    );
    expect(locationOf(router)).toBe('/client/3/screening/prompt');
  });
});
