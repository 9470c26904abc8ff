// @vitest-environment jsdom
/**
 * Issue 27: a save refused because the application was submitted says why in the step
 * (docs/decisions/data-answers-locked-after-submission.md).
 */
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import full from '../../steps/screening-review/examples/full-application.json';
import purposeUi from '../../steps/purpose-of-insurance/ui.json';
import { ANSWERS_LOCKED } from '../../api/lifecycle/lifecyclePlugin.ts';
import { mockApi, renderRoute, signIn } from './support.tsx';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

describe('a submitted application: a save is refused with the reason', () => {
  it("shows the server's message in the step", async () => {
    let puts = 0;
    mockApi({
      'GET /api/screening/3/?incomplete=true': () => ({ body: full.data }),
      'PUT /api/screening/3/purpose-of-insurance/': () => {
        puts += 1;
        return {
          status: 400,
          body: { error: ANSWERS_LOCKED, errors: [{ field: 'application', message: ANSWERS_LOCKED }] },
        };
      },
    });
    renderRoute('/client/3/screening/purpose-of-insurance');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: purposeUi['ui:options'].saveLabel }, { timeout: 10000 }),
    );
    await waitFor(() => expect(puts).toBe(1));
    expect(await screen.findByText(ANSWERS_LOCKED)).toBeInTheDocument();
  });
});
