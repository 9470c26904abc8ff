// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locationOf, mockApi, renderRoute, signIn } from './support.tsx';
import { specText } from '../support/specText.ts';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

const saved = {
  basic: { client_id: 3, speaks_english_french: true, is_canadian_tax_resident: true, application_type: 'NEW' },
  'proposed-insured': {
    number_of_insureds: 2,
    insured_1: { first_name: 'Olivia', last_name: 'Bennett' },
    insured_2: { first_name: 'Marcus', last_name: 'Bennett' },
  },
  'plan-details': { product_type: 'term_life' },
};

describe('names in the wizard (issue 11)', () => {
  it('heads the wizard with the client and the product, and titles each insured by name, insured 2 present without adding', async () => {
    mockApi({ 'GET /api/screening/3/?incomplete=true': () => ({ body: saved }) });
    renderRoute('/client/3/screening/beneficiary');
    expect(await screen.findByTestId('wizard-headline')).toHaveTextContent('Olivia Bennett · Term Life');
    expect(await screen.findByRole('heading', { name: 'Insured 1: Olivia Bennett' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Insured 2: Marcus Bennett' })).toBeInTheDocument();
    expect(screen.queryByText(specText('beneficiary.insured_1.title'))).not.toBeInTheDocument();
  });

  it('names the client on the screening prompt', async () => {
    mockApi({
      'GET /api/screening/3/': () => ({
        body: { 'proposed-insured': { insured_1: { first_name: 'Olivia', last_name: 'Bennett' } } },
      }),
    });
    renderRoute('/client/3/screening/prompt');
    expect(await screen.findByText('For Olivia Bennett')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Insurance Screening' })).toBeInTheDocument();
  });

  it('opens a reached step from the step list', async () => {
    mockApi({ 'GET /api/screening/3/?incomplete=true': () => ({ body: saved }) });
    const { router } = renderRoute('/client/3/screening/beneficiary');
    await screen.findByRole('heading', { name: 'Insured 1: Olivia Bennett' }, { timeout: 5000 });
    const nav = screen.getByRole('navigation', { name: 'Screening steps' });
    expect(within(nav).getByRole('link', { name: /^Plan Details/ })).toBeInTheDocument();
    await act(() => router.navigate('/client/3/screening/plan-details'));
    await waitFor(() => expect(locationOf(router)).toMatch(/^\/client\/3\/screening\/plan-details/));
    expect(
      await screen.findByRole('heading', { name: 'Plan Details', level: 1 }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
