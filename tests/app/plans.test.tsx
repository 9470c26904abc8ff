// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import singleLife from '../../steps/plan-details/examples/single-life-term.json';
import { mockApi, renderRoute, signIn } from './support.tsx';
import { specText, specTextPattern } from '../support/specText.ts';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

const saved = {
  'proposed-insured': { ...singleLife.data['proposed-insured'], number_of_insureds: 2 },
  'plan-details': singleLife.data['plan-details'],
};

function draftPlans(): { single_life_options?: unknown; joint_plan_options?: unknown } {
  const raw = localStorage.getItem('screening-draft:3:plan-details');
  return raw ? (JSON.parse(raw) as { record: Record<string, unknown> }).record : {};
}

describe('single-life and joint plans (issue 11)', () => {
  it('asks before a joint plan replaces the single-life plans; "Keep them" keeps them, and a fresh joint row shows no error', async () => {
    mockApi({ 'GET /api/screening/3/?incomplete=true': () => ({ body: saved }) });
    renderRoute('/client/3/screening/plan-details');
    const user = userEvent.setup({ delay: null });
    await user.click(
      await screen.findByRole(
        'button',
        { name: specTextPattern('plan-details.joint_plan_options.addLabel') },
        { timeout: 5000 },
      ),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Replace these answers?' });
    expect(within(dialog).getByText(specText('plan-details.single_life_options.title'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByText('Single Life Option 1')).toBeInTheDocument();
    expect(screen.queryByText('Joint Plan Option 1')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: specTextPattern('plan-details.joint_plan_options.addLabel') }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Replace them' }));
    expect(await screen.findByText('Joint Plan Option 1')).toBeInTheDocument();
    expect(screen.queryByText('Single Life Option 1')).not.toBeInTheDocument();
    await waitFor(() => expect(draftPlans().joint_plan_options).toHaveLength(1));
    expect(draftPlans().single_life_options ?? null).toBeNull();
    // Nothing touched in the new row yet: no error on it.
    const row = screen.getByText('Joint Plan Option 1').closest('fieldset, section, div.array-item, li') as HTMLElement;
    expect(within(row).queryByRole('alert')).not.toBeInTheDocument();
    expect(document.querySelectorAll('.field-error').length).toBe(0);
  });
});
