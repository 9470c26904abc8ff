// @vitest-environment jsdom
/**
 * A step opened directly is drawn before the flow machine is asked for (issue 32): the machine's download and start
 * must not compete with the step's own on a phone. Next waits for the machine, then works.
 */
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoute, signIn } from './support.tsx';

/** Whether the step's form was in the page each time the flow machine was started. */
const formDrawnAtStart: boolean[] = [];

vi.mock('../../app/screening/startFlow.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../app/screening/startFlow.ts')>();
  return {
    ...real,
    startFlow: (...args: Parameters<typeof real.startFlow>) => {
      formDrawnAtStart.push(document.querySelector('.wizard-main .step-form') !== null);
      return real.startFlow(...args);
    },
  };
});

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  signIn();
  formDrawnAtStart.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('the flow machine of a step opened directly', () => {
  it('starts once the step is drawn, and then Next is answered', async () => {
    mockApi({
      'GET /api/screening/3/?incomplete=true': () => ({
        body: {
          basic: { client_id: 3, speaks_english_french: true, is_canadian_tax_resident: true, application_type: 'NEW' },
          'proposed-insured': { number_of_insureds: 1, insured_1: { first_name: 'Olivia', last_name: 'Bennett' } },
          'plan-details': { product_type: 'term_life' },
          owner: { owner_type: 'individual' },
          $versions: { basic: 1, 'proposed-insured': 1, 'plan-details': 1, owner: 1 },
          $incomplete: ['proposed-insured', 'plan-details', 'owner'],
        },
      }),
    });
    renderRoute('/client/3/screening/owner');
    await waitFor(() => expect(document.querySelector('.wizard-main .step-form')).not.toBeNull(), { timeout: 10000 });
    await waitFor(() => expect(formDrawnAtStart).toEqual([true]), { timeout: 10000 });
    // The machine runs: Next is answered (the owner's answers are far from in good order: it says what to correct).
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please correct the following:', {}, { timeout: 10000 })).toBeVisible();
  });
});
