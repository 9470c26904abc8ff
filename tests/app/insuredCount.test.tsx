// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import twoInsureds from '../../steps/proposed-insured/examples/two-insureds.json';
import medicalTwo from '../../steps/medical/examples/two-insureds.json';
import { mockApi, renderRoute, signIn } from './support.tsx';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

const saved = {
  basic: twoInsureds.data.basic,
  'proposed-insured': twoInsureds.data['proposed-insured'],
  medical: medicalTwo.data.medical,
};

describe('going back to one insured (issue 11)', () => {
  it("names insured 2's saved answers before removing them, and saves only once confirmed", async () => {
    const puts: unknown[] = [];
    mockApi({
      'GET /api/screening/3/?incomplete=true': () => ({ body: saved }),
      'PUT /api/screening/3/proposed-insured/': ({ body }) => {
        puts.push(body);
        return { body };
      },
    });
    renderRoute('/client/3/screening/proposed-insured?page=count');
    const user = userEvent.setup({ delay: null });
    // A choice on a one-question page moves on by itself: to the insured's page, now the last one.
    await user.click(await screen.findByRole('button', { name: '1 Insured' }));
    await waitFor(() => expect(document.querySelector('[data-current-page="insured-1"]')).not.toBeNull());
    await user.click(screen.getByRole('button', { name: /^Next/ }));
    // The dialog names the answers lost in every saved step, whose definitions load first (lazy modules, slow to
    // compile in a busy test run).
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove these answers?' }, { timeout: 5_000 });
    const second = `${twoInsureds.data['proposed-insured'].insured_2.first_name} ${twoInsureds.data['proposed-insured'].insured_2.last_name}`;
    expect(
      within(dialog)
        .getByText(/Medical/)
        .closest('li'),
    ).toHaveTextContent(`Insured 2: ${second}`);
    expect(puts).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(puts).toEqual([]);
    await user.click(screen.getByRole('button', { name: /^Next/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove and save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ number_of_insureds: 1 });
  });
});
