// @vitest-environment jsdom
/**
 * The step list of a step opened directly: the server's judgement (`$incomplete`) marks the answered steps whose
 * definitions are not loaded; once the step on screen has its definition, the list checks it with that, and never
 * turns an incomplete step into a completed one.
 */
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoute, signIn } from './support.tsx';
import { screeningRuntime } from '../../app/screening/definitions.ts';
import flow from '../../steps/flow.json';

/** A step's title in the list, as flow.json names it (product staff may rename it). */
const titleOf = (id: string): string => flow.steps.find((s) => s.id === id)?.title ?? id;
const OWNER = titleOf('owner');
const PLAN = titleOf('plan-details');

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

const saved = {
  basic: { client_id: 3, speaks_english_french: true, is_canadian_tax_resident: true, application_type: 'NEW' },
  'proposed-insured': { number_of_insureds: 1, insured_1: { first_name: 'Olivia', last_name: 'Bennett' } },
  'plan-details': { product_type: 'term_life' },
  // An owner step saved with only its first choice: far from in good order.
  owner: { owner_type: 'individual' },
};

describe('the step list of a step opened directly', () => {
  it('keeps an answered step that is not in good order marked incomplete once its definition is here', async () => {
    mockApi({
      'GET /api/screening/3/?incomplete=true': () => ({
        body: {
          ...saved,
          $versions: { basic: 1, 'proposed-insured': 1, 'plan-details': 1, owner: 1 },
          $incomplete: ['proposed-insured', 'plan-details', 'owner'],
        },
      }),
    });
    renderRoute('/client/3/screening/owner');
    const nav = await screen.findByRole('navigation', { name: 'Screening steps' }, { timeout: 10000 });
    await waitFor(() => expect(screeningRuntime().engine.hasStep('owner')).toBe(true), { timeout: 10000 });
    // The engine itself finds the saved owner answers incomplete: the list must say so too.
    expect(
      screeningRuntime()
        .engine.incompleteSteps(saved)
        .map((s) => s.id),
    ).toContain('owner');
    // Leaving the owner step unchanged (nothing to save) for an earlier step, through the list.
    await userEvent.setup({ delay: null }).click(within(nav).getByRole('link', { name: new RegExp(PLAN) }));
    const item = (title: string) =>
      within(screen.getByRole('navigation', { name: 'Screening steps' }))
        .getAllByRole('listitem')
        .find((li) => li.textContent.includes(title));
    await waitFor(() => expect(item(PLAN)).toHaveAttribute('aria-current', 'step'), { timeout: 10000 });
    const owner = () => item(OWNER);
    expect(owner()).toHaveTextContent(`${OWNER} (incomplete)`);
    expect(owner()).not.toHaveTextContent('(completed)');
  });
});
