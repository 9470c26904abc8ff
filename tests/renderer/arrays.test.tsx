// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JsonObject } from '../../engine/index.ts';
import { example } from '../support/engine.ts';
import { renderStep } from './helpers.tsx';
import { specText, specTextPattern } from '../support/specText.ts';

afterEach(cleanup);

function shares(record: JsonObject | undefined, tier = 'primary_beneficiaries'): unknown[] {
  const insured = (record?.insured_1 ?? {}) as JsonObject;
  return ((insured[tier] ?? []) as JsonObject[]).map((b) => b.share_percentage);
}

const primaryRows = () => screen.queryAllByRole('group', { name: /^Primary Beneficiary \d$/ });

describe("lists: add and remove with the limits and the engine's effects", () => {
  it('adding primary beneficiaries shares 100% evenly, the remainder to the new one', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes } = renderStep('beneficiary', example('beneficiary', 'one-beneficiary'));
    const add = screen.getByRole('button', {
      name: specTextPattern('beneficiary.insured_beneficiaries.primary_beneficiaries.addLabel'),
    });
    await user.click(add);
    expect(primaryRows()).toHaveLength(2);
    expect(shares(changes.at(-1)?.record)).toEqual([50, 50]);
    await user.click(add);
    expect(primaryRows()).toHaveLength(3);
    expect(shares(changes.at(-1)?.record)).toEqual([33, 33, 34]);
    // The new row starts with the definition's defaults, and no declaration is made for the adviser.
    const newRow = ((changes.at(-1)?.record.insured_1 as JsonObject).primary_beneficiaries as JsonObject[])[2];
    expect(newRow).toMatchObject({ beneficiary_type: 'individual' });
    expect(newRow.is_revocable ?? null).toBeNull();
    const shown = screen
      .getAllByLabelText('Share (%)')
      .slice(0, 3)
      .map((i) => (i as HTMLInputElement).value);
    expect(shown).toEqual(['33', '33', '34']);
  });

  it("Add takes the focus to the new row's title, with no error shown; Remove to the row that takes its place, or to Add", async () => {
    const user = userEvent.setup({ delay: null });
    renderStep('beneficiary', example('beneficiary', 'one-beneficiary'));
    const add = screen.getByRole('button', {
      name: specTextPattern('beneficiary.insured_beneficiaries.primary_beneficiaries.addLabel'),
    });
    await user.click(add);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Primary Beneficiary 2' }));
    // Its fields were not visited: the empty name is not reported yet.
    expect(within(primaryRows()[1]).queryByRole('alert')).toBeNull();
    expect([...document.querySelectorAll('.field-error')].map((e) => e.textContent)).toEqual([]);
    await user.click(add);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Primary Beneficiary 3' }));
    await user.click(screen.getByRole('button', { name: 'Remove Primary Beneficiary 2' }));
    expect(primaryRows()).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Primary Beneficiary 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove Primary Beneficiary 2' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Primary Beneficiary 1' }));

    const addContingent = screen.getByRole('button', {
      name: specTextPattern('beneficiary.insured_beneficiaries.contingent_beneficiaries.addLabel'),
    });
    await user.click(addContingent);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Contingent Beneficiary 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove Contingent Beneficiary 1' }));
    expect(document.activeElement).toBe(addContingent);
  });

  it("stops at 3 primary beneficiaries with the spec's message", async () => {
    const user = userEvent.setup({ delay: null });
    renderStep('beneficiary', example('beneficiary', 'one-beneficiary'));
    const add = screen.getByRole('button', {
      name: specTextPattern('beneficiary.insured_beneficiaries.primary_beneficiaries.addLabel'),
    });
    await user.click(add);
    await user.click(add);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(specText('beneficiary.messages.maxPrimary'))).toBeTruthy();
  });

  it('removing shares evenly again, the remainder to the first; the last row cannot be removed (minItems 1)', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes } = renderStep('beneficiary', example('beneficiary', 'one-beneficiary'));
    const add = screen.getByRole('button', {
      name: specTextPattern('beneficiary.insured_beneficiaries.primary_beneficiaries.addLabel'),
    });
    await user.click(add);
    await user.click(add);
    await user.click(screen.getByRole('button', { name: 'Remove Primary Beneficiary 3' }));
    expect(primaryRows()).toHaveLength(2);
    expect(shares(changes.at(-1)?.record)).toEqual([50, 50]);
    await user.click(screen.getByRole('button', { name: 'Remove Primary Beneficiary 2' }));
    expect(shares(changes.at(-1)?.record)).toEqual([100]);
    const lastRemove = screen.getByRole('button', { name: 'Remove Primary Beneficiary 1' }) as HTMLButtonElement;
    expect(lastRemove.disabled).toBe(true);
  });

  it('contingent beneficiaries: none at first, up to 4', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes } = renderStep('beneficiary', example('beneficiary', 'one-beneficiary'));
    const add = screen.getByRole('button', {
      name: specTextPattern('beneficiary.insured_beneficiaries.contingent_beneficiaries.addLabel'),
    });
    for (let i = 0; i < 4; i++) await user.click(add);
    expect(shares(changes.at(-1)?.record, 'contingent_beneficiaries')).toEqual([25, 25, 25, 25]);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(specText('beneficiary.messages.maxContingent'))).toBeTruthy();
  });

  it('what is typed in a row before adding another is kept', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes } = renderStep('beneficiary', example('beneficiary', 'one-beneficiary'));
    await user.click(
      screen.getByRole('button', {
        name: specTextPattern('beneficiary.insured_beneficiaries.primary_beneficiaries.addLabel'),
      }),
    );
    const row2 = primaryRows()[1];
    await user.type(within(row2).getByLabelText('Full Name'), 'Jamie Lee');
    await user.click(
      screen.getByRole('button', {
        name: specTextPattern('beneficiary.insured_beneficiaries.primary_beneficiaries.addLabel'),
      }),
    );
    const rows = (changes.at(-1)?.record.insured_1 as JsonObject).primary_beneficiaries as JsonObject[];
    expect(rows[1].full_name).toBe('Jamie Lee');
    expect(rows).toHaveLength(3);
  });

  it('a second proposed insured brings a section for insured 2 with one beneficiary row', async () => {
    const data = { ...example('beneficiary', 'one-beneficiary'), 'proposed-insured': { number_of_insureds: 2 } };
    renderStep('beneficiary', data);
    expect(screen.queryByRole('button', { name: /Add Insured Person 2/ })).toBeNull();
    const insured2 = await screen.findByRole('group', { name: specText('beneficiary.insured_2.title') });
    expect(within(insured2).getAllByRole('group', { name: /^Primary Beneficiary \d$/ })).toHaveLength(1);
  });

  it('plan options: single life and joint plans are exclusive (effect)', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes } = renderStep('plan-details', example('plan-details', 'single-life-term'));
    expect(screen.queryByRole('group', { name: 'Joint Plan Option 1' })).toBeNull();
    await user.click(screen.getByRole('button', { name: specTextPattern('plan-details.joint_plan_options.addLabel') }));
    await waitFor(() => expect(changes.at(-1)?.record.single_life_options).toBeNull());
    expect(screen.getByRole('group', { name: 'Joint Plan Option 1' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Single Life Option 1' })).toBeNull();
  });

  it('shareholders of a corporation owner can be listed', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes } = renderStep('owner', example('owner', 'entity'));
    const before = ((changes.at(-1)?.record ?? example('owner', 'entity').owner) as JsonObject).shareholders as
      unknown[] | undefined;
    await user.click(screen.getByRole('button', { name: /Add Shareholder/ }));
    const after = changes.at(-1)?.record.shareholders as unknown[];
    expect(after).toHaveLength((before?.length ?? 0) + 1);
  });
});
